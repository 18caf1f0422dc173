import CallshadeSystem
import Foundation

/// Turns a scenario's JSON tree into a `Scenario`, checking every field; each
/// error names the event by index and the field.
public enum ScenarioParser {
    static let topLevelKeys: Set<String> = ["duration", "seed", "size", "fps", "avatar", "audio", "name", "key", "tooltipSeen", "events"]
    static let eventKinds = ["state", "level", "signal", "tap", "proximity", "remoteMuted", "energySaving",
                             "muted", "speaker", "video", "remoteBatteryLow", "rating", "rate"]

    /// Checks a scenario read as JSON (see CallshadeJSON's `ScenarioFile`,
    /// which reads files with limits); `file` names it in errors, `folder`
    /// resolves relative `avatar` and `audio` paths, which must exist.
    public static func scenario(from root: JSONValue, file: String, folder: String) throws -> Scenario {
        let fields = Fields(file: file, location: "")
        guard case .object(let top) = root else {
            throw ScenarioError(file: file, "the scenario must be a JSON object with at least \"duration\"")
        }
        for key in top.keys.sorted() where !topLevelKeys.contains(key) {
            throw ScenarioError(file: file, location: UserText.shown(key),
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
            do { return try FrameSize(parsing: text) } catch {
                guard UserText.shown(text) == text else {
                    throw fields.error("size", "must be WIDTHxHEIGHT (got \"\(UserText.shown(text))\")")
                }
                throw fields.error("size", "\(error)")
            }
        }
        let fps = try top["fps"].map { try fields.integer($0, "fps", in: Int64(Scenario.frameRates.lowerBound)...Int64(Scenario.frameRates.upperBound)) }
        let avatar = try top["avatar"].map { try existingFile($0, "avatar", fields: fields, folder: folder) }
        let audio = try top["audio"].map { try existingFile($0, "audio", fields: fields, folder: folder) }
        let name = try top["name"].map { try peerName($0, fields: fields) } ?? Scenario.defaultName
        let key = try top["key"].map { try emojiKey($0, fields: fields) }
        let tooltipSeen = try top["tooltipSeen"].map { try fields.bool($0, "tooltipSeen") } ?? false

        var events: [ScenarioEvent] = []
        if let list = top["events"] {
            guard case .array(let items) = list else { throw fields.error("events", "must be a list of events") }
            guard items.count <= Scenario.maximumEvents else {
                throw fields.error("events", "more than \(Scenario.maximumEvents) events")
            }
            events.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                events.append(try event(item, index: index, duration: duration, file: file))
            }
        }
        let scenario = Scenario(duration: duration, seed: Int64(seed), size: size, fps: fps.map { Int($0) },
                                avatarPath: avatar, audioPath: audio, name: name, key: key, tooltipSeen: tooltipSeen, events: events)
        // A tap on the key, its tooltip or its panel needs it on screen then.
        if let misplaced = KeyTrack(scenario).misplacedTap {
            throw ScenarioError(file: file, location: "events[\(misplaced.index)].tap", misplaced.reason)
        }
        // A rating only after the call has ended, a rate only while its panel shows, once.
        if let misplaced = RatingTrack(scenario).misplaced {
            throw ScenarioError(file: file, location: "events[\(misplaced.index)].\(misplaced.field)", misplaced.reason)
        }
        return scenario
    }

    static func event(_ value: JSONValue, index: Int, duration: Double, file: String) throws -> ScenarioEvent {
        let fields = Fields(file: file, location: "events[\(index)]")
        guard case .object(let object) = value else {
            throw fields.error("", "an event must be an object such as {\"at\": 1.5, \"tap\": true}")
        }
        for key in object.keys.sorted() where key != "at" && key != "reason" && !eventKinds.contains(key) {
            throw fields.error(UserText.shown(key), "unknown key; an event has \"at\" and one of: \(eventKinds.joined(separator: ", "))")
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
        if object["reason"] != nil, kind != "state" {
            throw fields.error("reason", "only an \"ended\" state has a reason (this event is \"\(kind)\")")
        }
        let change: ScenarioChange
        switch kind {
        case "state":
            let name = try fields.string(payload, kind)
            guard let state = CallState(rawValue: name) else {
                throw fields.error(kind, "unknown state '\(UserText.shown(name))'; valid states: \(CallState.validNames)")
            }
            let reason = try object["reason"].map { value -> EndReason in
                guard state == .ended else {
                    throw fields.error("reason", "only an \"ended\" state has a reason (this one is \"\(state.rawValue)\")")
                }
                let text = try fields.string(value, "reason")
                guard let reason = EndReason(rawValue: text) else {
                    throw fields.error("reason", "unknown reason '\(UserText.shown(text))'; valid reasons: \(EndReason.validNames)")
                }
                return reason
            }
            change = .state(state, reason: reason)
        case "level":
            let level = try fields.number(payload, kind)
            guard level >= 0 else { throw fields.error(kind, "must be 0 or more (got \(format(level)))") }
            change = .level(level)
        case "signal":
            let quality = try fields.number(payload, kind)
            guard (0...1).contains(quality) else { throw fields.error(kind, "must be between 0 and 1 (got \(format(quality)))") }
            change = .signal(quality)
        case "tap":
            switch payload {
            case .bool(true):
                change = .tap(.screen)
            case .string(let name):
                guard let target = TapTarget(rawValue: name) else {
                    throw fields.error(kind, "unknown target '\(UserText.shown(name))'; valid targets: \(TapTarget.validNames) (true means screen)")
                }
                change = .tap(target)
            case .bool(false):
                throw fields.error(kind, "must be true or a target (\(TapTarget.validNames)), not false")
            default:
                throw fields.error(kind, "must be true or a target (\(TapTarget.validNames)), not \(payload.kindName)")
            }
        case "proximity":
            let position = try fields.string(payload, kind)
            guard position == "near" || position == "far" else {
                throw fields.error(kind, "must be \"near\" or \"far\" (got \"\(UserText.shown(position))\")")
            }
            change = .proximityNear(position == "near")
        case "remoteMuted":
            change = .remoteMuted(try fields.bool(payload, kind))
        case "muted":
            change = .muted(try fields.bool(payload, kind))
        case "speaker":
            change = .speaker(try fields.bool(payload, kind))
        case "video":
            change = .video(try fields.bool(payload, kind))
        case "remoteBatteryLow":
            change = .remoteBatteryLow(try fields.bool(payload, kind))
        case "rating":
            let value = try fields.string(payload, kind)
            guard value == "requested" else {
                throw fields.error(kind, "unknown value '\(UserText.shown(value))'; the one value is \"requested\" (the server asks for a rating)")
            }
            change = .ratingRequested
        case "rate":
            change = .rate(Int(try fields.integer(payload, kind, in: 1...5)))
        default:
            change = .energySaving(try fields.bool(payload, kind))
        }
        return ScenarioEvent(at: at, change: change, index: index)
    }

    /// The peer's name: a string of 1 to 64 characters without control characters.
    static func peerName(_ value: JSONValue, fields: Fields) throws -> String {
        let name = try fields.string(value, "name")
        guard !name.isEmpty else { throw fields.error("name", "is empty; give the peer's name, or leave \"name\" out") }
        guard name.count <= Scenario.maximumNameLength else {
            throw fields.error("name", "has \(name.count) characters; at most \(Scenario.maximumNameLength) fit the title")
        }
        if let control = name.unicodeScalars.first(where: { $0.properties.generalCategory == .control
            || $0.properties.generalCategory == .lineSeparator || $0.properties.generalCategory == .paragraphSeparator }) {
            let hex = String(control.value, radix: 16, uppercase: true)
            throw fields.error("name", "contains the control character U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex) (\"\(UserText.shown(name))\"); a name is one line of text")
        }
        return name
    }

    /// The key: a string of exactly four emoji (grapheme clusters).
    static func emojiKey(_ value: JSONValue, fields: Fields) throws -> [String] {
        let text = try fields.string(value, "key")
        let clusters = Array(text)
        guard clusters.count == EmojiKey.count else {
            throw fields.error("key", "must be exactly \(EmojiKey.count) emoji, such as \"🐶🍎🚀🎸\" (got \(clusters.count) characters: \"\(UserText.shown(text))\")")
        }
        if let other = clusters.firstIndex(where: { !EmojiKey.isEmoji($0) }) {
            throw fields.error("key", "character \(other + 1) (\"\(UserText.shown(String(clusters[other])))\") is not an emoji")
        }
        return clusters.map(String.init)
    }

    static func existingFile(_ value: JSONValue, _ key: String, fields: Fields, folder: String) throws -> String {
        let given = try fields.string(value, key)
        guard !given.isEmpty else { throw fields.error(key, "is empty") }
        guard !given.contains("\0") else { throw fields.error(key, "must not contain a NUL character") }
        let path = given.hasPrefix("/") ? given : URL(fileURLWithPath: folder).appendingPathComponent(given).path
        // Checked (not opened): a regular file, as the commands will need it.
        // Any failure of stat (no such file, no permission on the way) reads as not found, as it always has.
        guard let status = try? FileSystem.status(of: path) else {
            throw fields.error(key, "file '\(UserText.shown(given))' not found (looked for \(UserText.shown(path, limit: 200)))")
        }
        do {
            try InputFile.requireRegular(status.kind, path: path)
        } catch let failure as InputFile.Failure {
            throw fields.error(key, "'\(UserText.shown(given))': \(failure.reason)")
        }
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
