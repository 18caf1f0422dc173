import Foundation

/// Reads scenario files (JSON) and checks every field; each error names the
/// event by index and the field.
public enum ScenarioParser {
    static let topLevelKeys: Set<String> = ["duration", "seed", "size", "fps", "avatar", "audio", "events"]
    static let eventKinds = ["state", "level", "signal", "tap", "proximity", "remoteMuted", "energySaving"]

    /// Loads and checks the scenario at `path`; relative `avatar` and `audio`
    /// paths are resolved against its folder and must exist.
    public static func load(path: String) throws -> Scenario {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ScenarioError(file: path, "no such file")
        }
        guard !isFolder.boolValue else { throw ScenarioError(file: path, "is a folder, not a scenario file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScenarioError(file: path, "cannot be read")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return try parse(data, file: path, folder: folder)
    }

    /// Parses scenario JSON; `file` names it in errors, `folder` resolves relative paths.
    public static func parse(_ data: Data, file: String, folder: String) throws -> Scenario {
        let root: JSONValue
        do {
            root = try JSONValue.parse(data)
        } catch {
            throw ScenarioError(file: file, "\(error)")
        }
        let fields = Fields(file: file, location: "")
        guard case .object(let top) = root else {
            throw ScenarioError(file: file, "the scenario must be a JSON object with at least \"duration\"")
        }
        for key in top.keys.sorted() where !topLevelKeys.contains(key) {
            throw ScenarioError(file: file, location: key,
                                "unknown key; valid keys: \(topLevelKeys.sorted().joined(separator: ", "))")
        }
        guard let durationValue = top["duration"] else {
            throw ScenarioError(file: file, location: "duration", "missing; give the scenario's length in seconds")
        }
        let duration = try fields.number(durationValue, "duration")
        guard duration > 0 else { throw fields.error("duration", "must be more than 0 seconds (got \(format(duration)))") }
        guard duration <= Scenario.maximumDuration else {
            throw fields.error("duration", "must be at most \(format(Scenario.maximumDuration)) seconds (got \(format(duration)))")
        }
        let seed = try top["seed"].map { try fields.integer($0, "seed", in: -(1 << 53)...(1 << 53)) } ?? 0
        let size = try top["size"].map { value -> FrameSize in
            let text = try fields.string(value, "size")
            do { return try FrameSize(parsing: text) } catch { throw fields.error("size", "\(error)") }
        }
        let fps = try top["fps"].map { try fields.integer($0, "fps", in: Int64(Scenario.frameRates.lowerBound)...Int64(Scenario.frameRates.upperBound)) }
        let avatar = try top["avatar"].map { try existingFile($0, "avatar", fields: fields, folder: folder) }
        let audio = try top["audio"].map { try existingFile($0, "audio", fields: fields, folder: folder) }

        var events: [ScenarioEvent] = []
        if let list = top["events"] {
            guard case .array(let items) = list else { throw fields.error("events", "must be a list of events") }
            for (index, item) in items.enumerated() {
                events.append(try event(item, index: index, duration: duration, file: file))
            }
        }
        return Scenario(duration: duration, seed: Int64(seed), size: size, fps: fps.map { Int($0) },
                        avatarPath: avatar, audioPath: audio, events: events)
    }

    static func event(_ value: JSONValue, index: Int, duration: Double, file: String) throws -> ScenarioEvent {
        let fields = Fields(file: file, location: "events[\(index)]")
        guard case .object(let object) = value else {
            throw fields.error("", "an event must be an object such as {\"at\": 1.5, \"tap\": true}")
        }
        for key in object.keys.sorted() where key != "at" && !eventKinds.contains(key) {
            throw fields.error(key, "unknown key; an event has \"at\" and one of: \(eventKinds.joined(separator: ", "))")
        }
        guard let atValue = object["at"] else { throw fields.error("at", "missing; give the event's time in seconds") }
        let at = try fields.number(atValue, "at")
        guard at >= 0 else { throw fields.error("at", "must be 0 or later (got \(format(at)))") }
        guard at <= duration else {
            throw fields.error("at", "\(format(at)) is past the scenario's duration of \(format(duration)) seconds")
        }
        let kinds = eventKinds.filter { object[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first, let payload = object[kind] else {
            throw fields.error("", kinds.isEmpty
                ? "the event has no change; give one of: \(eventKinds.joined(separator: ", "))"
                : "the event has \(kinds.count) changes (\(kinds.joined(separator: ", "))); give each its own event")
        }
        let change: ScenarioChange
        switch kind {
        case "state":
            let name = try fields.string(payload, kind)
            guard let state = CallState(rawValue: name) else {
                throw fields.error(kind, "unknown state '\(name)'; valid states: \(CallState.validNames)")
            }
            change = .state(state)
        case "level":
            let level = try fields.number(payload, kind)
            guard level >= 0 else { throw fields.error(kind, "must be 0 or more (got \(format(level)))") }
            change = .level(level)
        case "signal":
            let quality = try fields.number(payload, kind)
            guard (0...1).contains(quality) else { throw fields.error(kind, "must be between 0 and 1 (got \(format(quality)))") }
            change = .signal(quality)
        case "tap":
            guard case .bool(true) = payload else { throw fields.error(kind, "must be true") }
            change = .tap
        case "proximity":
            let position = try fields.string(payload, kind)
            guard position == "near" || position == "far" else {
                throw fields.error(kind, "must be \"near\" or \"far\" (got \"\(position)\")")
            }
            change = .proximityNear(position == "near")
        case "remoteMuted":
            change = .remoteMuted(try fields.bool(payload, kind))
        default:
            change = .energySaving(try fields.bool(payload, kind))
        }
        return ScenarioEvent(at: at, change: change, index: index)
    }

    static func existingFile(_ value: JSONValue, _ key: String, fields: Fields, folder: String) throws -> String {
        let given = try fields.string(value, key)
        guard !given.isEmpty else { throw fields.error(key, "is empty") }
        let path = given.hasPrefix("/") ? given : URL(fileURLWithPath: folder).appendingPathComponent(given).path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw fields.error(key, "file '\(given)' not found (looked for \(path))")
        }
        guard !isFolder.boolValue else { throw fields.error(key, "'\(given)' is a folder, not a file") }
        return path
    }

    /// Numbers printed without a needless ".0".
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// Typed access to JSON values with errors that name the field.
    struct Fields {
        let file: String
        let location: String

        func error(_ key: String, _ message: String) -> ScenarioError {
            let place = [location, key].filter { !$0.isEmpty }.joined(separator: ".")
            return ScenarioError(file: file, location: place, message)
        }

        func number(_ value: JSONValue, _ key: String) throws -> Double {
            guard case .number(let number) = value else { throw error(key, "must be a number, not \(value.kindName)") }
            guard number.isFinite else { throw error(key, "must be a finite number") }
            return number
        }

        func integer(_ value: JSONValue, _ key: String, in range: ClosedRange<Int64>) throws -> Int64 {
            let number = try self.number(value, key)
            guard number == number.rounded() else { throw error(key, "must be a whole number (got \(number))") }
            guard number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
                throw error(key, "must be between \(range.lowerBound) and \(range.upperBound) (got \(format(number)))")
            }
            return Int64(number)
        }

        func string(_ value: JSONValue, _ key: String) throws -> String {
            guard case .string(let text) = value else { throw error(key, "must be a string, not \(value.kindName)") }
            return text
        }

        func bool(_ value: JSONValue, _ key: String) throws -> Bool {
            guard case .bool(let flag) = value else { throw error(key, "must be true or false, not \(value.kindName)") }
            return flag
        }
    }
}

extension JSONValue {
    /// What kind of value this is, for messages.
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
