import CallshadeCore

/// The drawing kind's part of a scenario file (`drawing.md` section 0):
/// `canvas` and `strokes`, read with the shared rules (`ScenarioReading`).
/// Each refusal names the field (a stroke's by its index) and what it got.
enum DrawingScenarioParser {
    static let keys = ["canvas", "strokes", "entities", "editor"]
    static let strokeKeys = ["tool", "color", "size", "zoom", "arrow", "seed", "mode", "points"]
    /// What a lasso stroke never has (`drawing-tools.md` section 0).
    static let lassoRefusedKeys = ["color", "size", "arrow", "seed", "mode"]

    static func scenario(from top: [String: JSONValue], settings: ScenarioSettings, reading: ScenarioReading) throws -> DrawingScenario {
        let fields = reading.fields
        if let events = top["events"], events != .array([]) {
            throw fields.error("events", "a drawing has no events: its strokes carry their own times (got \(events.kindName))")
        }
        let canvas = try top["canvas"].map { try self.canvas($0, reading: reading) } ?? DrawingCanvas()
        let strokes = try top["strokes"].map { try self.strokes($0, seed: settings.seed, fields: fields) } ?? []
        let entities = try top["entities"].map { try EntityParser.entities($0, fields: fields) } ?? (shapes: [], texts: [])
        let editor = try top["editor"].map { try EditorParser.editor($0, strokes: strokes, file: fields.file) }
        let scenario = DrawingScenario(settings: settings, canvas: canvas, strokes: strokes, entities: entities.shapes, texts: entities.texts,
                                       editor: editor)
        try checkLassoEvents(scenario, file: fields.file)
        return scenario
    }

    /// Refuses a lasso event with no live selection, a duplicate past the
    /// strokes' limit and a lasso past its tests' budget (`drawing-tools.md`
    /// section 5), found by replaying the session's fates when it has a lasso.
    static func checkLassoEvents(_ scenario: DrawingScenario, file: String) throws {
        let hasLassoEvents = scenario.editor?.events.contains { if case .lasso = $0.action { true } else { false } } ?? false
        guard hasLassoEvents || scenario.strokes.contains(where: { $0.tool == .lasso }) else { return }
        do {
            _ = try StrokeFates.checked(strokes: scenario.strokes, canvas: scenario.canvas, events: scenario.editor?.events ?? [],
                                        entityStarts: scenario.entityStarts)
        } catch let refusal as LassoRefusal {
            throw ScenarioFields(file: file, location: refusal.location).error(refusal.field, refusal.problem)
        }
    }

    /// `{"size": "1080x1920", "background": "#FFFFFF" | "photo.png"}`, both optional.
    static func canvas(_ value: JSONValue, reading: ScenarioReading) throws -> DrawingCanvas {
        let fields = ScenarioFields(file: reading.fields.file, location: "canvas")
        guard case .object(let object) = value else {
            throw fields.error("", "must be an object such as {\"size\": \"1080x1920\", \"background\": \"#FFFFFF\"} (got \(value.kindName))")
        }
        for key in object.keys.sorted() where !["size", "background"].contains(key) {
            throw fields.error(UserText.shown(key), "unknown key; a canvas has size and background")
        }
        let size = try object["size"].map { value -> FrameSize in
            let text = try fields.string(value, "size")
            do { return try FrameSize(parsing: text) } catch {
                throw fields.error("size", "\(error) (got \"\(UserText.shown(text))\")")
            }
        } ?? DrawingCanvas.defaultSize
        var background = DrawingCanvas.defaultBackground
        if let value = object["background"] {
            let text = try fields.string(value, "background")
            if text.hasPrefix("#") {
                guard text.utf8.count == 7, let colour = StrokeColour(hex: text) else {
                    throw fields.error("background", "must be a colour #RRGGBB or a PNG file (got \"\(UserText.shown(text))\")")
                }
                background = .colour(colour.color)
            } else {
                let canvasReading = reading.naming(fields)
                background = .picture(try canvasReading.existingFile(value, "background"))
            }
        }
        return DrawingCanvas(size: size, background: background)
    }

    static func strokes(_ value: JSONValue, seed: Int64, fields: ScenarioFields) throws -> [Stroke] {
        guard case .array(let items) = value else { throw fields.error("strokes", "must be a list of strokes (got \(value.kindName))") }
        guard items.count <= DrawingLimits.strokes else {
            throw ScenarioError(file: fields.file, location: "strokes[\(DrawingLimits.strokes)]",
                                "one stroke over the limit of \(DrawingLimits.strokes) strokes a session (got \(items.count))")
        }
        var strokes: [Stroke] = []
        strokes.reserveCapacity(items.count)
        var points = 0, length = 0.0
        for (index, item) in items.enumerated() {
            let stroke = try self.stroke(item, index: index, seed: seed, file: fields.file)
            let place = ScenarioFields(file: fields.file, location: "strokes[\(index)]")
            points += stroke.samples.count
            guard points <= DrawingLimits.points else {
                throw place.error("points", "brings the session to \(points) points, over the limit of \(DrawingLimits.points) (got \(stroke.samples.count))")
            }
            let strokeLength = StrokeSummary.pathLength(of: stroke)
            guard strokeLength <= DrawingLimits.strokeLength else {
                throw place.error("points", "make a path \(ScenarioParser.format(strokeLength.rounded())) px long, over the limit of "
                                  + "\(Int(DrawingLimits.strokeLength)) px a stroke (got \(stroke.samples.count) points)")
            }
            length += strokeLength
            guard length <= DrawingLimits.sessionLength else {
                throw place.error("points", "bring the session's paths to \(ScenarioParser.format(length.rounded())) px, over the limit of "
                                  + "\(Int(DrawingLimits.sessionLength)) px (got \(ScenarioParser.format(strokeLength.rounded())) px in this stroke)")
            }
            strokes.append(stroke)
        }
        return strokes
    }

    static func stroke(_ item: JSONValue, index: Int, seed: Int64, file: String) throws -> Stroke {
        let fields = ScenarioFields(file: file, location: "strokes[\(index)]")
        guard case .object(let object) = item else {
            throw fields.error("", "a stroke must be an object such as {\"tool\": \"pen\", \"color\": \"#000000\", \"size\": 0.3, "
                               + "\"points\": [[100, 200, 0]]} (got \(item.kindName))")
        }
        for key in object.keys.sorted() where !strokeKeys.contains(key) {
            throw fields.error(UserText.shown(key), "unknown key; a stroke has \(strokeKeys.joined(separator: ", "))")
        }
        guard let toolValue = object["tool"] else {
            throw fields.error("tool", "missing; give one of \(DrawingTool.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let toolName = try fields.string(toolValue, "tool")
        guard let tool = DrawingTool(rawValue: toolName) else {
            throw fields.error("tool", "unknown tool; valid tools: \(DrawingTool.allCases.map(\.rawValue).joined(separator: ", ")) "
                               + "(got \"\(UserText.shown(toolName))\")")
        }
        if tool == .lasso {
            for key in lassoRefusedKeys where object[key] != nil {
                throw fields.error(key, "a lasso has none; it has tool, zoom and points (got \(object[key]?.kindName ?? ""))")
            }
        }
        let colour = tool == .lasso ? StrokeColour(color: .white, alpha: 1) : try fields.strokeColour(in: object)
        let size = tool == .lasso ? 0 : try fields.sizeSlider(in: object)
        let zoom = try object["zoom"].map { try fields.number($0, "zoom") } ?? 1
        guard zoom > 0, zoom <= DrawingLimits.zoom else {
            throw fields.error("zoom", "must be above 0 and at most \(ScenarioParser.format(DrawingLimits.zoom)) (got \(ScenarioParser.format(zoom)))")
        }
        let arrow = try object["arrow"].map { try fields.bool($0, "arrow") } ?? false
        guard !arrow || tool == .pen else { throw fields.error("arrow", "only a pen stroke has an arrow (got a \(tool.rawValue) stroke)") }
        var mode = EraserMode.pixel
        if let value = object["mode"] {
            let name = try fields.string(value, "mode")
            guard let known = EraserMode(rawValue: name) else {
                throw fields.error("mode", "unknown mode; an eraser's mode is pixel or object (got \"\(UserText.shown(name))\")")
            }
            guard tool == .eraser else { throw fields.error("mode", "only an eraser has a mode (got a \(tool.rawValue) stroke)") }
            mode = known
        }
        let strokeSeed = try object["seed"].map { try fields.integer($0, "seed", in: -(1 << 53)...(1 << 53)) } ?? seed
        guard let pointsValue = object["points"] else { throw fields.error("points", "missing; give a list of [x, y, t]") }
        let samples = try self.samples(pointsValue, fields: fields)
        do {
            return try Stroke(index: index, tool: tool, colour: colour, size: size, zoom: zoom, arrow: arrow, seed: strokeSeed, eraserMode: mode, samples: samples)
        } catch let error as StrokeError {
            throw fields.error(error.field, error.problem)
        }
    }

    /// `[[x, y, t], ...]`: at least one, finite numbers, times within a day
    /// either side of the start (before it: drawn before the replay starts)
    /// and never going back.
    static func samples(_ value: JSONValue, fields: ScenarioFields) throws -> [StrokeSample] {
        guard case .array(let items) = value else { throw fields.error("points", "must be a list of [x, y, t] (got \(value.kindName))") }
        guard !items.isEmpty else { throw fields.error("points", "is empty; a stroke has at least one [x, y, t] (got [])") }
        guard items.count <= DrawingLimits.points else {
            throw fields.error("points", "has over \(DrawingLimits.points) points (got \(items.count))")
        }
        var samples: [StrokeSample] = []
        samples.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let key = "points[\(index)]"
            guard case .array(let numbers) = item, numbers.count == 3 else {
                let got = if case .array(let list) = item { "a list of \(list.count)" } else { item.kindName }
                throw fields.error(key, "must be [x, y, t], three numbers (got \(got))")
            }
            var values: [Double] = []
            for (axis, number) in numbers.enumerated() {
                guard case .number(let value) = number else {
                    throw fields.error(key, "must be [x, y, t], three numbers (got \(number.kindName) as its \(["x", "y", "t"][axis]))")
                }
                guard value.isFinite else { throw fields.error(key, "must hold finite numbers (got \(value) as its \(["x", "y", "t"][axis]))") }
                values.append(value)
            }
            guard abs(values[2]) <= ScenarioSettings.maximumDuration else {
                throw fields.error(key, "has its time outside -\(ScenarioParser.format(ScenarioSettings.maximumDuration)) to "
                                   + "\(ScenarioParser.format(ScenarioSettings.maximumDuration)) s (got t = \(ScenarioParser.format(values[2])))")
            }
            if let last = samples.last, values[2] < last.time {
                throw fields.error(key, "goes back in time: \(ScenarioParser.format(values[2])) s after \(ScenarioParser.format(last.time)) s "
                                   + "(got t = \(ScenarioParser.format(values[2])))")
            }
            samples.append(StrokeSample(x: values[0], y: values[1], time: values[2]))
        }
        return samples
    }
}
