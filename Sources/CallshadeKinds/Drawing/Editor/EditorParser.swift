import CallshadeCore

/// The scenario's `editor` object (`editor.md` sections 0 and 6), read
/// after the strokes: its settings, then its events in time order, each
/// applied to the editor's state (`EditorState`), so an event the screen
/// could not have taken is refused, naming `editor.events[K]` and the field.
enum EditorParser {
    static let keys = ["on", "enter", "tool", "tools", "mode", "events"]
    static let settingKeys = ["color", "size"]
    /// The most events, and samples over all of them (ours).
    static let eventLimit = 10_000
    static let sampleLimit = 100_000
    /// Keys the screen's later parts will take (`editor.md` sections 0 and 4; `drawing-tools.md` section 0).
    static let laterKeys = ["color", "hold", "picker", "edit", "style", "align", "font", "editDone", "editCancel",
                            "menu", "forward", "backward", "delete"]
    static let actionKeys = ["tool", "size", "mode", "undo", "clear", "zoom", "zoomOut", "done", "back", "lasso"]

    static func editor(_ value: JSONValue, strokes: [Stroke], file: String) throws -> DrawingEditor {
        let fields = ScenarioFields(file: file, location: "editor")
        guard case .object(let object) = value else {
            throw fields.error("", "must be an object such as {\"tool\": \"pen\", \"events\": []} (got \(value.kindName))")
        }
        for key in object.keys.sorted() where !keys.contains(key) {
            throw fields.error(UserText.shown(key), "unknown key; the editor has \(keys.joined(separator: ", "))")
        }
        var editor = DrawingEditor()
        editor.shown = try object["on"].map { try fields.bool($0, "on") } ?? true
        editor.enters = try object["enter"].map { try fields.bool($0, "enter") } ?? false
        if let value = object["tool"] { editor.tool = try tool(value, fields: fields, key: "tool") }
        if let value = object["mode"] { editor.mode = try mode(value, fields: fields, key: "mode") }
        if let value = object["tools"] { editor.tools = try tools(value, fields: fields) }
        if let value = object["events"] { editor.events = try events(value, editor: editor, strokes: strokes, file: file) }
        return editor
    }

    static func tool(_ value: JSONValue, fields: ScenarioFields, key: String) throws -> EditorTool {
        let name = try fields.string(value, key)
        guard let tool = EditorTool(rawValue: name) else {
            throw fields.error(key, "unknown tool; the tools are \(EditorTool.allCases.map(\.rawValue).joined(separator: ", ")) (got \"\(UserText.shown(name))\")")
        }
        return tool
    }

    static func mode(_ value: JSONValue, fields: ScenarioFields, key: String) throws -> EditorMode {
        let name = try fields.string(value, key)
        guard let mode = EditorMode(rawValue: name) else {
            throw fields.error(key, "unknown mode; the modes are draw, text (got \"\(UserText.shown(name))\")")
        }
        return mode
    }

    /// `{"pen": {"color": "#FFFFFF", "size": 0.3}, ...}`: each field optional, the rest the defaults.
    static func tools(_ value: JSONValue, fields: ScenarioFields) throws -> [EditorTool: EditorToolSetting] {
        guard case .object(let object) = value else {
            throw fields.error("tools", "must be an object such as {\"pen\": {\"color\": \"#FFFFFF\", \"size\": 0.3}} (got \(value.kindName))")
        }
        var tools = EditorToolSetting.defaults
        for (name, entry) in object.sorted(by: { $0.key < $1.key }) {
            let place = ScenarioFields(file: fields.file, location: "editor.tools")
            guard let tool = EditorTool(rawValue: name) else {
                throw place.error(UserText.shown(name), "unknown tool; the tools are \(EditorTool.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let toolFields = ScenarioFields(file: fields.file, location: "editor.tools.\(name)")
            guard tool.hasSize else { throw place.error(name, "the lasso has no colour or size") }
            guard case .object(let setting) = entry else {
                throw toolFields.error("", "must be an object such as {\"color\": \"#FFFFFF\", \"size\": 0.3} (got \(entry.kindName))")
            }
            for key in setting.keys.sorted() where !settingKeys.contains(key) {
                throw toolFields.error(UserText.shown(key), "unknown key; a tool has color and size")
            }
            if setting["color"] != nil {
                guard tool.hasColour else { throw toolFields.error("color", "the eraser has no colour") }
                tools[tool]?.colour = try toolFields.strokeColour(in: setting)
            }
            if setting["size"] != nil { tools[tool]?.size = try toolFields.sizeSlider(in: setting) }
        }
        return tools
    }

    static func events(_ value: JSONValue, editor: DrawingEditor, strokes: [Stroke], file: String) throws -> [EditorEvent] {
        let fields = ScenarioFields(file: file, location: "editor")
        guard case .array(let items) = value else { throw fields.error("events", "must be a list of events (got \(value.kindName))") }
        guard items.count <= eventLimit else {
            throw ScenarioError(file: file, location: "editor.events[\(eventLimit)]", "one event over the limit of \(eventLimit) (got \(items.count))")
        }
        var events: [EditorEvent] = [], state = EditorState(editor), samples = 0, lassoEvents = 0
        let spans = StrokeSpans(strokes)
        for (index, item) in items.enumerated() {
            let place = ScenarioFields(file: file, location: "editor.events[\(index)]")
            let event = try self.event(item, fields: place)
            if let previous = events.last {
                guard event.at >= previous.at else {
                    throw place.error("at", "goes back in time: \(ShownNumber.text(event.at)) s after \(ShownNumber.text(previous.at)) s")
                }
                guard event.at >= previous.end else {
                    throw place.error("at", "comes inside the \(previous.action.key) drag of events[\(index - 1)], "
                                      + "which lasts to \(ShownNumber.text(previous.end)) s (got \(ShownNumber.text(event.at)) s)")
                }
            }
            if case .lasso = event.action {
                lassoEvents += 1
                guard lassoEvents <= LassoAction.limit else {
                    throw place.error("lasso", "is one lasso event over the limit of \(LassoAction.limit) a session")
                }
            }
            samples += event.sampleCount
            guard samples <= sampleLimit else {
                throw place.error(event.action.key, "brings the events to \(samples) samples, over the limit of \(sampleLimit)")
            }
            do {
                _ = try state.apply(event, strokes: strokes, spans: spans)
            } catch let refusal as EditorState.Refusal {
                throw place.error(refusal.field, refusal.problem)
            }
            events.append(event)
        }
        return events
    }

    static func event(_ item: JSONValue, fields: ScenarioFields) throws -> EditorEvent {
        guard case .object(let object) = item else {
            throw fields.error("", "an event must be an object such as {\"at\": 1.5, \"tool\": \"marker\"} (got \(item.kindName))")
        }
        let actions = object.keys.filter { $0 != "at" }.sorted()
        for key in actions where !actionKeys.contains(key) {
            if laterKeys.contains(key) {
                throw fields.error(key, "is not replayed yet: the colour picker, text editing and menus come later; "
                                   + "this version takes \(actionKeys.joined(separator: ", "))")
            }
            throw fields.error(UserText.shown(key), "unknown key; an event has at and one of \(actionKeys.joined(separator: ", "))")
        }
        guard let atValue = object["at"] else { throw fields.error("at", "missing; give the event's instant, seconds") }
        let at = try fields.number(atValue, "at")
        guard abs(at) <= ScenarioSettings.maximumDuration else {
            throw fields.error("at", "must be within \(ScenarioParser.format(ScenarioSettings.maximumDuration)) s of the start (got \(ShownNumber.text(at)))")
        }
        guard actions.count == 1, let key = actions.first, let value = object[key] else {
            throw fields.error("", actions.isEmpty ? "has no action; give one of \(actionKeys.joined(separator: ", "))"
                               : "has \(actions.count) actions (\(actions.joined(separator: ", "))); give one an event")
        }
        return EditorEvent(at: at, action: try action(key, value, at: at, fields: fields))
    }

    static func action(_ key: String, _ value: JSONValue, at: Double, fields: ScenarioFields) throws -> EditorAction {
        switch key {
        case "tool": return .tool(try tool(value, fields: fields, key: key))
        case "mode": return .mode(try mode(value, fields: fields, key: key))
        case "size":
            return .size(try drag(value, key: key, width: 2, at: at, fields: fields, shape: "[t, v]").map { numbers in
                guard (0...1).contains(numbers.values[0]) else {
                    throw fields.error(numbers.key, "has the size \(ShownNumber.text(numbers.values[0])), outside 0 to 1")
                }
                return EditorSizeSample(time: numbers.time, value: numbers.values[0])
            })
        case "zoom":
            return .zoom(try drag(value, key: key, width: 4, at: at, fields: fields, shape: "[t, s, x, y]").map { numbers in
                guard (1...CanvasZoom.largest).contains(numbers.values[0]) else {
                    throw fields.error(numbers.key, "has the zoom \(ShownNumber.text(numbers.values[0])), outside 1 to \(ShownNumber.text(CanvasZoom.largest))")
                }
                return EditorZoomSample(time: numbers.time, scale: numbers.values[0], centre: Vec2(numbers.values[1], numbers.values[2]))
            })
        case "lasso": return .lasso(try lasso(value, at: at, fields: fields))
        default:
            guard try fields.bool(value, key) else { throw fields.error(key, "must be true (an event that does nothing is left out)") }
            switch key {
            case "undo": return .undo
            case "clear": return .clear
            case "zoomOut": return .zoomOut
            case "done": return .done
            default: return .back
            }
        }
    }

    /// `"duplicate"`, `"delete"`, `"end"` or `{"move": [[t, dx, dy], ...]}`
    /// (`drawing-tools.md` section 0): the first sample `[at, 0, 0]`, offsets finite and within `LassoAction.largestOffset`.
    static func lasso(_ value: JSONValue, at: Double, fields: ScenarioFields) throws -> LassoAction {
        let names = "\"duplicate\", \"delete\", \"end\" or {\"move\": [[t, dx, dy], ...]}"
        if case .string(let name) = value {
            guard let tap = LassoAction.taps[name] else { throw fields.error("lasso", "unknown lasso event; give \(names) (got \"\(UserText.shown(name))\")") }
            return tap
        }
        guard case .object(let object) = value, object.count == 1, let moves = object["move"] else {
            let got = if case .object(let object) = value { "an object with \(object.keys.sorted().map { UserText.shown($0) }.joined(separator: ", "))" } else { value.kindName }
            throw fields.error("lasso", "unknown lasso event; give \(names) (got \(got))")
        }
        let samples = try drag(moves, key: "lasso.move", width: 3, at: at, fields: fields, shape: "[t, dx, dy]").map { numbers in
            let offset = Vec2(numbers.values[0], numbers.values[1])
            guard offset.x.isFinite, offset.y.isFinite, abs(offset.x) <= LassoAction.largestOffset, abs(offset.y) <= LassoAction.largestOffset else {
                throw fields.error(numbers.key, "has the offset (\(ShownNumber.text(offset.x)), \(ShownNumber.text(offset.y))), "
                                   + "over \(ScenarioParser.format(LassoAction.largestOffset)) px or not finite")
            }
            return LassoMoveSample(time: numbers.time, offset: offset)
        }
        guard let first = samples.first, first.offset == Vec2(0, 0) else {
            throw fields.error("lasso.move[0]", "must be [at, 0, 0]: the offsets are since the drag's start "
                               + "(got (\(ShownNumber.text(samples[0].offset.x)), \(ShownNumber.text(samples[0].offset.y))))")
        }
        return .move(samples)
    }

    /// A drag's samples `[t, ...]`: at least one, the first at `at`, times increasing, finite numbers.
    static func drag(_ value: JSONValue, key: String, width: Int, at: Double, fields: ScenarioFields,
                     shape: String) throws -> [(key: String, time: Double, values: [Double])] {
        guard case .array(let items) = value, !items.isEmpty else {
            throw fields.error(key, "must be a list of \(shape) samples, the first at the event's at (got \(value.kindName))")
        }
        guard items.count <= sampleLimit else { throw fields.error(key, "has over \(sampleLimit) samples (got \(items.count))") }
        var samples: [(key: String, time: Double, values: [Double])] = []
        for (index, item) in items.enumerated() {
            let sampleKey = "\(key)[\(index)]"
            guard case .array(let numbers) = item, numbers.count == width else {
                let got = if case .array(let list) = item { "a list of \(list.count)" } else { item.kindName }
                throw fields.error(sampleKey, "must be \(shape), \(width) numbers (got \(got))")
            }
            let values = try numbers.map { try fields.number($0, sampleKey) }
            let time = values[0]
            if let last = samples.last {
                guard time > last.time else {
                    throw fields.error(sampleKey, "must come after the sample before (got t = \(ShownNumber.text(time)) after \(ShownNumber.text(last.time)))")
                }
            } else {
                guard time == at else { throw fields.error(sampleKey, "must start at the event's at, \(ShownNumber.text(at)) s (got t = \(ShownNumber.text(time)))") }
            }
            guard abs(time) <= ScenarioSettings.maximumDuration else {
                throw fields.error(sampleKey, "has its time outside a day of the start (got t = \(ShownNumber.text(time)))")
            }
            samples.append((sampleKey, time, Array(values.dropFirst())))
        }
        return samples
    }
}

extension EditorEvent {
    /// Its samples, for the session's limit.
    var sampleCount: Int {
        switch action {
        case .size(let samples): samples.count
        case .zoom(let samples): samples.count
        case .lasso(.move(let samples)): samples.count
        default: 0
        }
    }
}
