import CallshadeCore
import Foundation

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
        let items: GalleryItems
        switch (top["media"], top["fill"]) {
        case (let media?, nil): items = .media(try self.media(media, reading: reading))
        case (nil, let fill?): items = .fill(try self.fill(fill, fields: fields))
        case (nil, nil): throw fields.error("media", "missing; give media files (a folder or a list), or \"fill\", such as {\"count\": 1000}")
        case (.some, .some): throw fields.error("fill", "goes alone: give media files or a fill, not both")
        }
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
        // Points on screen: 390 across, the frame's height over its width's 390.
        let frame = settings.size ?? GalleryScenario.defaultSize
        let screen = (width: GalleryLayout.widthPoints, height: Double(frame.height) * GalleryLayout.widthPoints / Double(frame.width))
        let events = try reading.events(top["events"], duration: settings.duration) { object, at, index, fields in
            try event(object, at: at, index: index, screen: screen, count: items.count, fields: fields)
        }
        try refuseOverlaps(events, file: fields.file)
        return GalleryScenario(settings: settings, items: items, levels: levels, level: level, start: start, bar: bar, title: title,
                               background: background, events: events)
    }

    /// The most media files (`gallery.md` section 7; a fill takes 1,000,000).
    static let maximumMedia = 10_000
    /// The file names a media folder's listing takes (any case).
    static let mediaExtensions: Set<String> = ["png", "jpg", "jpeg", "mp4", "mov", "m4v", "webm", "mkv"]

    /// A folder (its media files by name in byte order) or a list of "file" or {"file", "frame"}.
    static func media(_ value: JSONValue, reading: ScenarioReading) throws -> [GalleryMediaEntry] {
        let fields = reading.fields
        switch value {
        case .string(let given):
            guard !given.isEmpty, !given.contains("\0") else { throw fields.error("media", "must name a folder or list files") }
            let folder = given.hasPrefix("/") ? given : URL(fileURLWithPath: reading.folder).appendingPathComponent(given).path
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw fields.error("media", "no such folder \"\(UserText.shown(given))\" (looked for \(UserText.shown(folder, limit: 200)))")
            }
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
                throw fields.error("media", "cannot list the folder \"\(UserText.shown(given))\": \(error.localizedDescription)")
            }
            let media = names.filter { name in
                guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
                return mediaExtensions.contains(name[name.index(after: dot)...].lowercased())
            }
            guard media.count <= maximumMedia else { throw fields.error("media", "\(media.count) files; at most \(maximumMedia)") }
            guard !media.isEmpty else {
                throw fields.error("media", "the folder \"\(UserText.shown(given))\" has no media (.png .jpg .jpeg .mp4 .mov .m4v .webm .mkv)")
            }
            return media.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { name in
                GalleryMediaEntry(path: URL(fileURLWithPath: folder).appendingPathComponent(name).path, given: name)
            }
        case .array(let list):
            guard !list.isEmpty else { throw fields.error("media", "must list at least one file") }
            guard list.count <= maximumMedia else { throw fields.error("media", "\(list.count) files; at most \(maximumMedia)") }
            return try list.enumerated().map { index, item in
                let key = "media[\(index)]"
                var frame = 0.0
                var file = item
                if case .object(let object) = item {
                    let itemFields = ScenarioFields(file: fields.file, location: key)
                    for name in object.keys.sorted() where !["file", "frame"].contains(name) {
                        throw itemFields.error(UserText.shown(name), "unknown key; a media item has file and frame")
                    }
                    guard let named = object["file"] else { throw itemFields.error("file", "missing; give the file's path") }
                    file = named
                    if let value = object["frame"] {
                        frame = try itemFields.number(value, "frame")
                        guard frame >= 0 else { throw itemFields.error("frame", "must be 0 or more seconds (got \(ScenarioParser.format(frame)))") }
                    }
                }
                let path = try reading.existingFile(file, key)
                return GalleryMediaEntry(path: path, given: (try? fields.string(file, key)) ?? path, frame: frame)
            }
        default:
            throw fields.error("media", "must be a folder or a list of files, not \(value.kindName)")
        }
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

    static func event(_ object: [String: JSONValue], at: Double, index: Int, screen: (width: Double, height: Double), count: Int,
                      fields: ScenarioFields) throws -> GalleryEvent {
        let changes = object.keys.filter { eventKinds.contains($0) }.sorted()
        guard changes.count == 1, let change = changes.first, let value = object[change] else {
            throw fields.error("", "an event has \"at\" and exactly one of: \(eventKinds.joined(separator: ", "))")
        }
        switch change {
        case "scroll": return GalleryEvent(at: at, index: index, scroll: try scroll(value, fields: fields))
        case "pinch": return GalleryEvent(at: at, index: index, action: .pinch(try pinch(value, screen: screen, fields: fields)))
        case "tap":
            let (x, y) = try point(value, "tap", screen: screen, fields: fields)
            return GalleryEvent(at: at, index: index, action: .tap(x: x, y: y))
        case "open":
            let item = try fields.integer(value, "open", in: 0...Int64(max(count - 1, 0)))
            return GalleryEvent(at: at, index: index, action: .open(item: Int(item)))
        default:
            guard value == .bool(true) else { throw fields.error("close", "must be true, closing the viewer (got \(value.kindName))") }
            return GalleryEvent(at: at, index: index, action: .close)
        }
    }

    /// The longest described pinch, seconds, and the largest scale (`gallery.md` section 7).
    static let longestPinch = 10.0
    static let largestScale = 100.0

    /// A point on the screen, `{"x", "y"}` in points.
    static func point(_ value: JSONValue, _ key: String, screen: (width: Double, height: Double), fields: ScenarioFields) throws -> (Double, Double) {
        guard case .object(let object) = value else { throw fields.error(key, "must be an object such as {\"x\": 120, \"y\": 400}, not \(value.kindName)") }
        let fields = ScenarioFields(file: fields.file, location: fields.location.isEmpty ? key : fields.location + "." + key)
        for name in object.keys.sorted() where !["x", "y"].contains(name) {
            throw fields.error(UserText.shown(name), "unknown key; a \(key) has x and y")
        }
        guard let xValue = object["x"] else { throw fields.error("x", "missing; give the point's x in points") }
        guard let yValue = object["y"] else { throw fields.error("y", "missing; give the point's y in points") }
        return (try onScreen(xValue, "x", to: screen.width, fields: fields), try onScreen(yValue, "y", to: screen.height, fields: fields))
    }

    /// A coordinate within 0...`extent` points.
    static func onScreen(_ value: JSONValue, _ key: String, to extent: Double, fields: ScenarioFields) throws -> Double {
        let number = try fields.number(value, key)
        guard number >= 0, number <= extent else {
            throw fields.error(key, "outside the screen, 0 to \(ScenarioParser.format(extent)) pt (got \(ScenarioParser.format(number)))")
        }
        return number
    }

    /// {"samples": [[t, scale, x, y], ...]} or {"x", "y", "scale", "duration", "curve"}.
    static func pinch(_ value: JSONValue, screen: (width: Double, height: Double), fields: ScenarioFields) throws -> GalleryPinchGesture {
        guard case .object(let object) = value else {
            throw fields.error("pinch", "must be an object such as {\"x\": 200, \"y\": 400, \"scale\": 0.6, \"duration\": 0.5} or {\"samples\": [[0, 1, 200, 400], ...]}, not \(value.kindName)")
        }
        let fields = ScenarioFields(file: fields.file, location: fields.location.isEmpty ? "pinch" : fields.location + ".pinch")
        func scale(_ value: JSONValue, _ key: String) throws -> Double {
            let scale = try fields.number(value, key)
            guard scale > 0 else { throw fields.error(key, "must be above 0 (got \(ScenarioParser.format(scale)))") }
            guard scale <= largestScale else { throw fields.error(key, "must be at most \(ScenarioParser.format(largestScale)) (got \(ScenarioParser.format(scale)))") }
            return scale
        }
        if let samplesValue = object["samples"] {
            for key in object.keys.sorted() where key != "samples" {
                throw fields.error(UserText.shown(key), "unknown key; a pinch has samples, or x, y, scale, duration and curve")
            }
            guard case .array(let rows) = samplesValue else { throw fields.error("samples", "must be a list of [t, scale, x, y] rows, not \(samplesValue.kindName)") }
            guard rows.count >= 2 else { throw fields.error("samples", "must have at least 2 rows (got \(rows.count))") }
            var samples: [GalleryPinchGesture.Sample] = []
            samples.reserveCapacity(rows.count)
            for (index, row) in rows.enumerated() {
                let key = "samples[\(index)]"
                guard case .array(let items) = row, items.count == 4 else { throw fields.error(key, "must be [t, scale, x, y]: 4 numbers") }
                let time = try fields.number(items[0], key + "[0]")
                if index == 0, time != 0 { throw fields.error(key + "[0]", "must be 0: samples start at the event (got \(ScenarioParser.format(time)))") }
                if let last = samples.last, time <= last.time {
                    throw fields.error(key + "[0]", "must be after the sample before, \(ScenarioParser.format(last.time)) s (got \(ScenarioParser.format(time)))")
                }
                samples.append(GalleryPinchGesture.Sample(time: time, scale: try scale(items[1], key + "[1]"),
                                                          x: try onScreen(items[2], key + "[2]", to: screen.width, fields: fields),
                                                          y: try onScreen(items[3], key + "[3]", to: screen.height, fields: fields)))
            }
            return GalleryPinchGesture(samples: samples)
        }
        for key in object.keys.sorted() where !["x", "y", "scale", "duration", "curve"].contains(key) {
            throw fields.error(UserText.shown(key), "unknown key; a pinch has samples, or x, y, scale, duration and curve")
        }
        for key in ["x", "y", "scale", "duration"] where object[key] == nil {
            throw fields.error(key, "missing; a described pinch has x, y, scale and duration (and curve), or give samples")
        }
        let x = try onScreen(object["x"]!, "x", to: screen.width, fields: fields), y = try onScreen(object["y"]!, "y", to: screen.height, fields: fields)
        let duration = try fields.number(object["duration"]!, "duration")
        guard duration > 0, duration <= longestPinch else {
            throw fields.error("duration", "must be above 0 and at most \(ScenarioParser.format(longestPinch)) s (got \(ScenarioParser.format(duration)))")
        }
        let curve = try object["curve"].map { try fields.string($0, "curve") } ?? "easeInOut"
        guard curve == "easeInOut" || curve == "linear" else {
            throw fields.error("curve", "must be \"easeInOut\" or \"linear\" (got \"\(UserText.shown(curve))\")")
        }
        return GalleryPinchGesture(x: x, y: y, scale: try scale(object["scale"]!, "scale"), duration: duration, easesInOut: curve == "easeInOut")
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

    /// Events in time order, none starting while a drag's finger is down,
    /// and only taps (ignored, `gallery.md` section 0) while a pinch runs
    /// until it settles.
    static func refuseOverlaps(_ events: [GalleryEvent], file: String) throws {
        var busy: (until: Double, index: Int, what: String, tapsIgnored: Bool)?
        for (position, event) in events.enumerated() {
            let fields = ScenarioFields(file: file, location: "events[\(event.index)]")
            if position > 0, event.at < events[position - 1].at {
                throw fields.error("at", "\(ScenarioParser.format(event.at)) s comes before \(ScenarioParser.format(events[position - 1].at)) s, the event before")
            }
            if let running = busy, event.at < running.until {
                if case .tap = event.action, running.tapsIgnored { continue }
                throw fields.error("at", "\(ScenarioParser.format(event.at)) s starts while events[\(running.index)]'s \(running.what) (to \(ScenarioParser.format(running.until)) s)")
            }
            switch event.action {
            case .scroll(let gesture) where !gesture.samples.isEmpty:
                busy = (event.at + gesture.dragDuration, event.index, "drag runs", false)
            case .pinch(let gesture):
                busy = (event.at + gesture.duration + GalleryPinch.releaseDuration, event.index, "pinch runs", true)
            default:
                busy = nil
            }
        }
    }
}
