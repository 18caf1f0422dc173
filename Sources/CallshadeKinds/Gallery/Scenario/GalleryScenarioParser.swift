import CallshadeCore

/// The gallery kind's part of a scenario file (`gallery.md` sections 0 and
/// 7): its keys and events, read with the shared rules (`ScenarioReading`).
/// Each refusal names the field and what it got. What is not drawn yet is
/// refused by name, never ignored.
enum GalleryScenarioParser {
    static let keys = ["media", "fill", "levels", "level", "scroll", "chrome", "title", "background"]
    static let eventKinds = ["scroll", "pinch", "tap", "open", "close"]

    /// The most columns a level may have, and the fewest levels (`gallery.md` section 7).
    static let columnRange: ClosedRange<Int64> = 1...20
    static let levelCount = 2...12
    /// The largest scroll velocity, points a second.
    static let maximumVelocity = 100_000.0
    /// The longest title, in characters (ours).
    static let maximumTitleCharacters = 128

    static func scenario(from top: [String: JSONValue], settings: ScenarioSettings, reading: ScenarioReading) throws -> GalleryScenario {
        let fields = reading.fields
        if top["media"] != nil {
            throw fields.error("media", "media files are not drawn yet; give \"fill\" (synthetic items) instead")
        }
        guard let fillValue = top["fill"] else { throw fields.error("fill", "missing; give the items, such as {\"count\": 1000}") }
        let fill = try self.fill(fillValue, fields: fields)
        let levels = try top["levels"].map { try self.levels($0, fields: fields) } ?? GalleryScenario.defaultLevels
        let level = try top["level"].map { value -> Int in
            let level = Int(try fields.integer(value, "level", in: columnRange))
            guard levels.contains(level) else {
                throw fields.error("level", "\(level) is not one of the levels [\(levels.map(String.init).joined(separator: ", "))]")
            }
            return level
        } ?? GalleryScenario.defaultLevel
        guard levels.contains(level) else {
            throw fields.error("level", "missing, and the default 3 is not one of the levels [\(levels.map(String.init).joined(separator: ", "))]")
        }
        let start = try top["scroll"].map { try self.start($0, fields: fields) } ?? .top
        let bar = try top["chrome"].map { value -> Bool in
            let chrome = try fields.string(value, "chrome")
            guard chrome == "bar" || chrome == "none" else {
                throw fields.error("chrome", "must be \"bar\" or \"none\" (got \"\(UserText.shown(chrome))\")")
            }
            return chrome == "bar"
        } ?? true
        let title = try top["title"].map { try fields.label($0, "title", maximumCharacters: maximumTitleCharacters) } ?? GalleryScenario.defaultTitle
        let background = try top["background"].map { value -> RGB in
            let text = try fields.string(value, "background")
            guard text.utf8.count == 7, let colour = RGB(hex: text) else {
                throw fields.error("background", "must be a colour #RRGGBB (got \"\(UserText.shown(text))\")")
            }
            return colour
        } ?? .white
        let events = try reading.events(top["events"], duration: settings.duration) { object, at, index, fields in
            try event(object, at: at, index: index, fields: fields)
        }
        try refuseOverlaps(events, file: fields.file)
        return GalleryScenario(settings: settings, fill: fill, levels: levels, level: level, start: start, bar: bar, title: title,
                               background: background, events: events)
    }

    static func fill(_ value: JSONValue, fields: ScenarioFields) throws -> GalleryFill {
        guard case .object(let object) = value else {
            throw fields.error("fill", "must be an object such as {\"count\": 1000}, not \(value.kindName)")
        }
        let fields = ScenarioFields(file: fields.file, location: "fill")
        for key in object.keys.sorted() where !["count", "seed", "videoEvery", "loadingFrom"].contains(key) {
            throw fields.error(UserText.shown(key), "unknown key; fill has count, seed, videoEvery and loadingFrom")
        }
        guard let countValue = object["count"] else { throw fields.error("count", "missing; give the number of items") }
        let count = Int(try fields.integer(countValue, "count", in: 1...Int64(GalleryFill.maximumCount)))
        let seed = try object["seed"].map { try fields.integer($0, "seed", in: -(1 << 53)...(1 << 53)) } ?? 0
        let videoEvery = try object["videoEvery"].map { Int(try fields.integer($0, "videoEvery", in: 0...Int64(GalleryFill.maximumCount))) } ?? 0
        let loadingFrom = try object["loadingFrom"].map { Int(try fields.integer($0, "loadingFrom", in: 0...Int64(GalleryFill.maximumCount))) }
        return GalleryFill(count: count, seed: seed, videoEvery: videoEvery, loadingFrom: loadingFrom ?? count)
    }

    /// Rising column counts in 1...20, 2 to 12 of them, one at most 5.
    static func levels(_ value: JSONValue, fields: ScenarioFields) throws -> [Int] {
        guard case .array(let items) = value else { throw fields.error("levels", "must be a list of column counts, not \(value.kindName)") }
        guard levelCount.contains(items.count) else {
            throw fields.error("levels", "must have \(levelCount.lowerBound) to \(levelCount.upperBound) levels (got \(items.count))")
        }
        var levels: [Int] = []
        for (index, item) in items.enumerated() {
            let level = Int(try fields.integer(item, "levels[\(index)]", in: columnRange))
            if let last = levels.last, level <= last {
                throw fields.error("levels[\(index)]", "must be more than the level before, \(last) (got \(level))")
            }
            levels.append(level)
        }
        guard levels[0] <= 5 else { throw fields.error("levels", "must have a level of 5 columns or fewer, where a tap opens (got \(levels[0]) first)") }
        return levels
    }

    /// "top", "bottom" or an offset in points, 0 or more.
    static func start(_ value: JSONValue, fields: ScenarioFields) throws -> GalleryScrollStart {
        if case .string(let text) = value {
            switch text {
            case "top": return .top
            case "bottom": return .bottom
            default: throw fields.error("scroll", "must be \"top\", \"bottom\" or an offset in points (got \"\(UserText.shown(text))\")")
            }
        }
        let points = try fields.number(value, "scroll")
        guard points >= 0 else { throw fields.error("scroll", "must be 0 or more points (got \(ScenarioParser.format(points)))") }
        return .points(points)
    }

    static func event(_ object: [String: JSONValue], at: Double, index: Int, fields: ScenarioFields) throws -> GalleryEvent {
        let changes = object.keys.filter { eventKinds.contains($0) }.sorted()
        guard changes.count == 1, let change = changes.first else {
            throw fields.error("", "an event has \"at\" and exactly one of: \(eventKinds.joined(separator: ", "))")
        }
        guard change == "scroll", let value = object["scroll"] else {
            throw fields.error(change, "is not drawn yet: the gallery draws scroll events so far")
        }
        return GalleryEvent(at: at, index: index, scroll: try scroll(value, fields: fields))
    }

    /// {"samples": [[t, offset], ...], "velocity": v} or {"fling": v}.
    static func scroll(_ value: JSONValue, fields: ScenarioFields) throws -> GalleryScrollGesture {
        guard case .object(let object) = value else {
            throw fields.error("scroll", "must be an object such as {\"fling\": 3000} or {\"samples\": [[0, 0], [0.1, 40]]}, not \(value.kindName)")
        }
        let fields = ScenarioFields(file: fields.file, location: fields.location.isEmpty ? "scroll" : fields.location + ".scroll")
        for key in object.keys.sorted() where !["samples", "velocity", "fling"].contains(key) {
            throw fields.error(UserText.shown(key), "unknown key; a scroll has samples (and velocity), or fling")
        }
        func velocity(_ value: JSONValue, _ key: String) throws -> Double {
            let velocity = try fields.number(value, key)
            guard abs(velocity) <= maximumVelocity else {
                throw fields.error(key, "must be at most \(ScenarioParser.format(maximumVelocity)) points a second either way (got \(ScenarioParser.format(velocity)))")
            }
            return velocity
        }
        if let fling = object["fling"] {
            guard object["samples"] == nil, object["velocity"] == nil else {
                throw fields.error("fling", "goes alone; a drag gives samples and velocity instead")
            }
            return GalleryScrollGesture(samples: [], velocity: try velocity(fling, "fling"))
        }
        guard let samplesValue = object["samples"] else { throw fields.error("samples", "missing; give [[t, offset], ...] or a fling") }
        guard case .array(let rows) = samplesValue else { throw fields.error("samples", "must be a list of [t, offset] rows, not \(samplesValue.kindName)") }
        guard rows.count >= 2 else { throw fields.error("samples", "must have at least 2 rows (got \(rows.count))") }
        var samples: [GalleryScrollGesture.Sample] = []
        samples.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            let key = "samples[\(index)]"
            guard case .array(let items) = row, items.count == 2 else { throw fields.error(key, "must be [t, offset]: 2 numbers") }
            let time = try fields.number(items[0], key + "[0]"), offset = try fields.number(items[1], key + "[1]")
            if index == 0, time != 0 { throw fields.error(key + "[0]", "must be 0: samples start at the event (got \(ScenarioParser.format(time)))") }
            if let last = samples.last, time <= last.time {
                throw fields.error(key + "[0]", "must be after the sample before, \(ScenarioParser.format(last.time)) s (got \(ScenarioParser.format(time)))")
            }
            guard abs(offset) <= 1e9 else { throw fields.error(key + "[1]", "must be within 10^9 points (got \(ScenarioParser.format(offset)))") }
            samples.append(GalleryScrollGesture.Sample(time: time, offset: offset))
        }
        return GalleryScrollGesture(samples: samples, velocity: try object["velocity"].map { try velocity($0, "velocity") })
    }

    /// Events in time order, none starting while a drag's finger is still down.
    static func refuseOverlaps(_ events: [GalleryEvent], file: String) throws {
        for (previous, event) in zip(events, events.dropFirst()) {
            let fields = ScenarioFields(file: file, location: "events[\(event.index)]")
            guard event.at >= previous.at else {
                throw fields.error("at", "\(ScenarioParser.format(event.at)) s comes before \(ScenarioParser.format(previous.at)) s, the event before")
            }
            let up = previous.at + previous.scroll.dragDuration
            guard event.at >= up else {
                throw fields.error("at", "\(ScenarioParser.format(event.at)) s starts while events[\(previous.index)]'s drag runs (to \(ScenarioParser.format(up)) s)")
            }
        }
    }
}
