import CallshadeCore

/// The call kind's part of a scenario file: its keys (the avatar and the
/// audio, the two videos, the peer's name, the emoji key, whether the
/// tooltip was seen) and its events, read with the shared rules (`ScenarioReading`).
enum CallScenarioParser {
    static let keys = ["avatar", "audio", "name", "key", "tooltipSeen", "remoteVideo", "localVideo"]
    static let eventKinds = ["state", "level", "signal", "tap", "proximity", "remoteMuted", "energySaving",
                             "muted", "speaker", "video", "remoteBatteryLow", "rating", "rate", "remoteVideo", "camera", "pip"]

    static func scenario(from top: [String: JSONValue], settings: ScenarioSettings, reading: ScenarioReading) throws -> Scenario {
        let fields = reading.fields
        let avatar = try top["avatar"].map { try reading.existingFile($0, "avatar") }
        let audio = try top["audio"].map { try reading.existingFile($0, "audio") }
        let remoteVideo = try top["remoteVideo"].map { try reading.existingFile($0, "remoteVideo", missingHint: exampleVideoHint) }
        let localVideo = try top["localVideo"].map { try reading.existingFile($0, "localVideo", missingHint: exampleVideoHint) }
        let name = try top["name"].map { try peerName($0, fields: fields) } ?? Scenario.defaultName
        let key = try top["key"].map { try emojiKey($0, fields: fields) }
        let tooltipSeen = try top["tooltipSeen"].map { try fields.bool($0, "tooltipSeen") } ?? false
        let events = try reading.events(top["events"], duration: settings.duration) { object, at, index, fields in
            ScenarioEvent(at: at, change: try change(object, fields: fields), index: index)
        }
        let scenario = Scenario(duration: settings.duration, seed: settings.seed, size: settings.size, fps: settings.fps,
                                avatarPath: avatar, audioPath: audio, remoteVideoPath: remoteVideo, localVideoPath: localVideo,
                                name: name, key: key, tooltipSeen: tooltipSeen, events: events)
        // A camera turned on or flipped needs its file; a tap on the picture in picture needs one on screen.
        let video = VideoTrack(scenario)
        if let misplaced = video.misplaced {
            throw ScenarioError(file: fields.file, location: "events[\(misplaced.index)].\(misplaced.field)", misplaced.reason)
        }
        // A tap on the key, its tooltip or its panel needs it on screen then.
        if let misplaced = KeyTrack(scenario, controlsHide: video.controls.hideTimes).misplacedTap {
            throw ScenarioError(file: fields.file, location: "events[\(misplaced.index)].tap", misplaced.reason)
        }
        // A rating only after the call has ended, a rate only while its panel shows, once.
        if let misplaced = RatingTrack(scenario).misplaced {
            throw ScenarioError(file: fields.file, location: "events[\(misplaced.index)].\(misplaced.field)", misplaced.reason)
        }
        return scenario
    }

    /// What an event (its keys checked, its "at" read) changes: exactly one of `eventKinds`.
    static func change(_ object: [String: JSONValue], fields: ScenarioFields) throws -> ScenarioChange {
        let kinds = eventKinds.filter { object[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first, let payload = object[kind] else {
            throw fields.error("", kinds.isEmpty
                ? "the event has no change; give one of: \(eventKinds.joined(separator: ", "))"
                : "the event has \(kinds.count) changes (\(kinds.joined(separator: ", "))); give each its own event")
        }
        if object["reason"] != nil, kind != "state" {
            throw fields.error("reason", "only an \"ended\" state has a reason (this event is \"\(kind)\")")
        }
        return try change(kind, payload, reason: object["reason"], fields: fields)
    }

    /// The change of the event kind `kind`, from its value (and the event's "reason").
    static func change(_ kind: String, _ payload: JSONValue, reason: JSONValue?, fields: ScenarioFields) throws -> ScenarioChange {
        func format(_ value: Double) -> String { ScenarioParser.format(value) }
        switch kind {
        case "state":
            let name = try fields.string(payload, kind)
            guard let state = CallState(rawValue: name) else {
                throw fields.error(kind, "unknown state '\(UserText.shown(name))'; valid states: \(CallState.validNames)")
            }
            let reason = try reason.map { value -> EndReason in
                guard state == .ended else {
                    throw fields.error("reason", "only an \"ended\" state has a reason (this one is \"\(state.rawValue)\")")
                }
                let text = try fields.string(value, "reason")
                guard let reason = EndReason(rawValue: text) else {
                    throw fields.error("reason", "unknown reason '\(UserText.shown(text))'; valid reasons: \(EndReason.validNames)")
                }
                return reason
            }
            return .state(state, reason: reason)
        case "level":
            let level = try fields.number(payload, kind)
            guard level >= 0 else { throw fields.error(kind, "must be 0 or more (got \(format(level)))") }
            return .level(level)
        case "signal":
            let quality = try fields.number(payload, kind)
            guard (0...1).contains(quality) else { throw fields.error(kind, "must be between 0 and 1 (got \(format(quality)))") }
            return .signal(quality)
        case "tap":
            switch payload {
            case .bool(true):
                return .tap(.screen)
            case .string(let name):
                guard let target = TapTarget(rawValue: name) else {
                    throw fields.error(kind, "unknown target '\(UserText.shown(name))'; valid targets: \(TapTarget.validNames) (true means screen)")
                }
                return .tap(target)
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
            return .proximityNear(position == "near")
        case "remoteMuted":
            return .remoteMuted(try fields.bool(payload, kind))
        case "energySaving":
            return .energySaving(try fields.bool(payload, kind))
        case "muted":
            return .muted(try fields.bool(payload, kind))
        case "speaker":
            return .speaker(try fields.bool(payload, kind))
        case "video":
            return .video(try fields.bool(payload, kind))
        case "remoteBatteryLow":
            return .remoteBatteryLow(try fields.bool(payload, kind))
        case "remoteVideo":
            return .remoteVideo(try fields.bool(payload, kind))
        case "camera":
            let name = try fields.string(payload, kind)
            guard let facing = CameraFacing(rawValue: name) else {
                throw fields.error(kind, "unknown camera '\(UserText.shown(name))'; valid cameras: \(CameraFacing.validNames)")
            }
            return .camera(facing)
        case "pip":
            let name = try fields.string(payload, kind)
            guard let corner = PiPCorner(rawValue: name) else {
                throw fields.error(kind, "unknown corner '\(UserText.shown(name))'; valid corners: \(PiPCorner.validNames)")
            }
            return .pip(corner)
        case "rating":
            let value = try fields.string(payload, kind)
            guard value == "requested" else {
                throw fields.error(kind, "unknown value '\(UserText.shown(value))'; the one value is \"requested\" (the server asks for a rating)")
            }
            return .ratingRequested
        case "rate":
            return .rate(Int(try fields.integer(payload, kind, in: 1...5)))
        default:
            // Not reached from a file (its keys are checked first); an event kind listed but not parsed here is a bug, told plainly.
            throw fields.error(UserText.shown(kind), "unknown event kind; valid event kinds: \(eventKinds.joined(separator: ", "))")
        }
    }

    /// The peer's name: a string of 1 to 64 characters without control characters.
    static func peerName(_ value: JSONValue, fields: ScenarioFields) throws -> String {
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
    static func emojiKey(_ value: JSONValue, fields: ScenarioFields) throws -> [String] {
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

    /// What to do when an example's video is missing: the examples' videos are made, not kept in git.
    static func exampleVideoHint(_ path: String) -> String? {
        path.contains("/Examples/media/") ? "run Scripts/make-example-videos to make the examples' videos" : nil
    }
}
