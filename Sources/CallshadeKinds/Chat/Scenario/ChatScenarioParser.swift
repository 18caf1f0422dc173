import CallshadeCore
import CallshadeLottie

/// The chat kind's part of a scenario file (chat, sections 0 and 6): its
/// keys and events, read with the shared rules (`ScenarioReading`). Each
/// refusal names the field and what it got.
enum ChatScenarioParser {
    static let keys = ["name", "avatar", "subtitle", "date", "now", "wallpaper", "messages", "animation", "animatedEmoji"]
    static let eventKinds = ["send", "wallpaper", "read"]
    /// Keys that go with a send (`reply`: refused by name until replies are drawn).
    static let eventQualifiers = ["kind", "time", "reply"]

    /// The most messages a scenario may hold.
    static let maximumMessages = 500
    /// The longest text of a message or a send, in UTF-8 bytes.
    static let maximumTextBytes = 4096
    /// The longest time label, in characters.
    static let maximumTimeCharacters = 16
    /// The longest name, subtitle or date label, in characters (ours).
    static let maximumLabelCharacters = 128

    static func scenario(from top: [String: JSONValue], settings: ScenarioSettings, reading: ScenarioReading) throws -> ChatScenario {
        let fields = reading.fields
        let name = try top["name"].map { try label($0, "name", fields: fields) } ?? ChatScenario.defaultName
        let avatar = try top["avatar"].map { try reading.existingFile($0, "avatar") }
        let subtitle = try top["subtitle"].map { try label($0, "subtitle", fields: fields) } ?? ChatScenario.defaultSubtitle
        let date = try top["date"].map { try label($0, "date", fields: fields) } ?? ChatScenario.defaultDate
        let now = try top["now"].map { try time($0, "now", fields: fields) } ?? ChatScenario.defaultNow
        let animation = try top["animation"].map { try self.animation($0, reading: reading) } ?? .shipped
        var wallpaper = try top["wallpaper"].map { try ChatWallpaperParser.wallpaper($0, reading: reading) } ?? ChatWallpaper()
        if let colors = animation.settings?.block("background").colors, !ChatWallpaperParser.givesColors(top["wallpaper"]) {
            wallpaper.colors = colors
        }
        let messages = try top["messages"].map { try self.messages($0, fields: fields) } ?? []
        let animatedEmoji = try top["animatedEmoji"].map { try self.animatedEmoji($0, reading: reading) } ?? [:]
        let events = try reading.events(top["events"], duration: settings.duration) { object, at, index, fields in
            ChatEvent(at: at, change: animated(try change(object, fields: fields, reading: reading.naming(fields)), by: animatedEmoji), index: index)
        }
        try refuseSimultaneousSends(events, file: fields.file)
        return ChatScenario(settings: settings, name: name, avatarPath: avatar, subtitle: subtitle, date: date, now: now,
                            wallpaper: wallpaper, messages: messages, animation: animation, events: events, animatedEmoji: animatedEmoji)
    }

    /// A one-line label: not empty, no control characters, at most `maximumLabelCharacters`.
    static func label(_ value: JSONValue, _ key: String, fields: ScenarioFields) throws -> String {
        try fields.label(value, key, maximumCharacters: maximumLabelCharacters)
    }

    /// A message's time: not empty, at most 16 characters, no control characters.
    static func time(_ value: JSONValue, _ key: String, fields: ScenarioFields) throws -> String {
        let text = try fields.string(value, key)
        guard !text.isEmpty else { throw fields.error(key, "is empty") }
        guard text.count <= maximumTimeCharacters else {
            throw fields.error(key, "is over \(maximumTimeCharacters) characters (got \"\(UserText.shown(text))\")")
        }
        try fields.refuseControls(text, key, allowingNewline: false)
        return text
    }

    /// A message's or a send's text: not empty, at most 4096 bytes, no control character but newline.
    static func text(_ value: JSONValue, _ key: String, fields: ScenarioFields) throws -> String {
        let text = try fields.string(value, key)
        guard !text.isEmpty else { throw fields.error(key, "is empty") }
        guard text.utf8.count <= maximumTextBytes else {
            throw fields.error(key, "is over \(maximumTextBytes) bytes (got \(text.utf8.count))")
        }
        try fields.refuseControls(text, key, allowingNewline: true)
        return text
    }

    static func messages(_ value: JSONValue, fields: ScenarioFields) throws -> [ChatMessage] {
        guard case .array(let items) = value else { throw fields.error("messages", "must be a list of messages, not \(value.kindName)") }
        guard items.count <= maximumMessages else {
            throw fields.error("messages", "has over \(maximumMessages) messages (got \(items.count))")
        }
        return try items.enumerated().map { index, item in
            let fields = ScenarioFields(file: fields.file, location: "messages[\(index)]")
            guard case .object(let object) = item else {
                throw fields.error("", "a message must be an object such as {\"side\": \"incoming\", \"text\": \"Hi\", \"time\": \"12:38\"}")
            }
            for key in object.keys.sorted() where !["side", "text", "time", "status"].contains(key) {
                throw fields.error(UserText.shown(key), "unknown key; a message has side, text, time and status")
            }
            guard let sideValue = object["side"] else { throw fields.error("side", "missing; give \"incoming\" or \"outgoing\"") }
            let sideName = try fields.string(sideValue, "side")
            guard let side = ChatMessage.Side(rawValue: sideName) else {
                throw fields.error("side", "must be incoming or outgoing (got \"\(UserText.shown(sideName))\")")
            }
            guard let textValue = object["text"] else { throw fields.error("text", "missing; give the message's text") }
            let text = try self.text(textValue, "text", fields: fields)
            guard let timeValue = object["time"] else { throw fields.error("time", "missing; give the time it shows, such as \"12:38\"") }
            let time = try self.time(timeValue, "time", fields: fields)
            let status = try object["status"].map { value -> ChatMessage.Status in
                guard side == .outgoing else { throw fields.error("status", "only an outgoing message has a status (this one is incoming)") }
                let name = try fields.string(value, "status")
                guard let status = ChatMessage.Status(rawValue: name) else {
                    throw fields.error("status", "must be sent or read (got \"\(UserText.shown(name))\")")
                }
                return status
            }
            return ChatMessage(side: side, text: text, time: time, status: status)
        }
    }

    /// "shipped", "contest", a settings file (a path ending in .json, relative to the scenario) or an inline settings object.
    static func animation(_ value: JSONValue, reading: ScenarioReading) throws -> ChatAnimationPreset {
        let fields = reading.fields
        switch value {
        case .object:
            return .editor(try ChatAnimationSettingsReader(file: fields.file, prefix: "animation.").settings(value))
        case .string(let name):
            if let preset = ["shipped": ChatAnimationPreset.shipped, "contest": .contest][name] { return preset }
            guard name.hasSuffix(".json") else {
                throw fields.error("animation", "must be \"shipped\", \"contest\", a settings file (.json) or a settings object "
                                   + "(got \"\(UserText.shown(name))\")")
            }
            let path = try reading.existingFile(value, "animation")
            guard let jsonFile = reading.jsonFile else { throw fields.error("animation", "settings files cannot be read here") }
            return .editor(try ChatAnimationSettingsReader(file: path).settings(try jsonFile(path)))
        default:
            throw fields.error("animation", "must be \"shipped\", \"contest\", a settings file (.json) or a settings object "
                               + "(got \(describe(value)))")
        }
    }

    /// What an event changes: exactly one of `eventKinds`; "kind" and "time" only with a send.
    static func change(_ object: [String: JSONValue], fields: ScenarioFields, reading: ScenarioReading) throws -> ChatChange {
        let kinds = eventKinds.filter { object[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first, let payload = object[kind] else {
            throw fields.error("", kinds.isEmpty
                ? "the event has no change; give one of: \(eventKinds.joined(separator: ", "))"
                : "the event has \(kinds.count) changes (\(kinds.joined(separator: ", "))); give each its own event")
        }
        for qualifier in eventQualifiers where object[qualifier] != nil && kind != "send" {
            throw fields.error(qualifier, "only a send has a \(qualifier) (this event is \"\(kind)\")")
        }
        switch kind {
        case "send":
            if object["reply"] != nil { throw fields.error("reply", "replies are not drawn yet; a send stands on its own") }
            return try send(payload, object, fields: fields, reading: reading)
        case "wallpaper":
            guard case .string("step") = payload else {
                throw fields.error("wallpaper", "must be \"step\" (got \(describe(payload)))")
            }
            return .wallpaperStep
        default:
            guard case .bool(true) = payload else { throw fields.error("read", "must be true (got \(describe(payload)))") }
            return .read
        }
    }

    /// What a send object may hold beside its one kind (`chat-types.md` section 0, rule 1).
    static let sendObjectKinds = ["text", "sticker", "voice", "video"]
    static let sendObjectQualifiers = ["from"]
    /// Kinds of the spec not drawn yet, refused by name.
    static let sendKindsNotDrawn = ["link"]

    /// A send: TEXT, or an object with one of `text`, `sticker` (with `from`) or `voice`; `kind` and `time` beside it.
    static func send(_ payload: JSONValue, _ event: [String: JSONValue], fields: ScenarioFields, reading: ScenarioReading) throws -> ChatChange {
        let time = try event["time"].map { try self.time($0, "time", fields: fields) }
        guard case .object(let object) = payload else {
            let text = try self.text(payload, "send", fields: fields)
            return .send(text: text, kind: try textKind(event, text: text, field: "send", fields: fields), time: time, media: nil)
        }
        for key in object.keys.sorted() where !(sendObjectKinds + sendObjectQualifiers).contains(key) {
            if sendKindsNotDrawn.contains(key) {
                throw fields.error("send.\(key)", "\(key) sends are not drawn yet; a send object has text, sticker, voice or video")
            }
            throw fields.error("send.\(UserText.shown(key))", "unknown key; a send object has text, sticker, voice or video (and from, with a sticker)")
        }
        let kinds = sendObjectKinds.filter { object[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first, let value = object[kind] else {
            throw fields.error("send", kinds.isEmpty ? "the send object has no kind; give text, sticker, voice or video"
                               : "the send object has \(kinds.count) kinds (\(kinds.joined(separator: ", "))); give one")
        }
        if kind == "text" {
            if object["from"] != nil { throw fields.error("send.from", "only a sticker has from (this send is text)") }
            let text = try self.text(value, "send.text", fields: fields)
            return .send(text: text, kind: try textKind(event, text: text, field: "send.text", fields: fields), time: time, media: nil)
        }
        if event["kind"] != nil { throw fields.error("kind", "only a text send has a kind (this send is a \(kind))") }
        if kind == "voice" || kind == "video" {
            if object["from"] != nil { throw fields.error("send.from", "only a sticker has from (this send is \(kind))") }
            // Its sound or video is decoded and checked when the frames are made (section 8, audio.unreadable, video.unreadable).
            let path = try reading.existingFile(value, "send.\(kind)")
            return kind == "voice" ? .send(text: ChatMedia.voiceQuote, kind: .voice, time: time, media: .voice(.init(path: path)))
                : .send(text: ChatMedia.videoQuote, kind: .roundVideo, time: time, media: .roundVideo(.init(path: path)))
        }
        let path = try stickerFile(value, "send.sticker", reading: reading)
        let from = try object["from"].map { try point($0, "send.from", fields: fields) }
        return .send(text: ChatMedia.stickerQuote, kind: .sticker, time: time, media: .sticker(.init(path: path, from: from)))
    }

    /// A TGS file a scenario names: a regular file of at most 1 MiB (its contents are checked when it is loaded).
    static func stickerFile(_ value: JSONValue, _ key: String, reading: ScenarioReading) throws -> String {
        let file = try reading.existingFileAndSize(value, key)
        guard file.size <= Int64(Sticker.maximumFileBytes) else {
            throw reading.fields.error(key, "the file is over \(Sticker.maximumFileBytes >> 20) MiB (got \(file.size) bytes)")
        }
        return file.path
    }

    /// A text send's `kind`, if the event gives one: small, large or emoji (which needs one emoji).
    static func textKind(_ event: [String: JSONValue], text: String, field: String, fields: ScenarioFields) throws -> SendKind? {
        let sendKind = try event["kind"].map { value -> SendKind in
            let name = try fields.string(value, "kind")
            guard let sendKind = SendKind(rawValue: name), [.small, .large, .emoji].contains(sendKind) else {
                throw fields.error("kind", "must be small, large or emoji (got \"\(UserText.shown(name))\")")
            }
            return sendKind
        }
        if sendKind == .emoji, !SendKind.isSingleEmoji(text) {
            throw fields.error(field, "kind emoji needs one emoji (got \"\(UserText.shown(text))\")")
        }
        return sendKind
    }

    /// A point on the spec's screen: two numbers, x within 0...390 and y within 0...844 (points).
    static func point(_ value: JSONValue, _ key: String, fields: ScenarioFields) throws -> Vec2 {
        guard case .array(let items) = value, items.count == 2, case .number(let x) = items[0], case .number(let y) = items[1] else {
            throw fields.error(key, "must be two numbers [x, y] in points (got \(describe(value)))")
        }
        guard x >= 0, x <= 390, y >= 0, y <= ChatMessageLayout.screenHeight else {
            throw fields.error(key, "must lie in the 390 x 844-point screen (got [\(ScenarioParser.format(x)), \(ScenarioParser.format(y))])")
        }
        return Vec2(x, y)
    }

    /// The most emoji a scenario may animate.
    static let maximumAnimatedEmoji = 64

    /// `animatedEmoji`: {EMOJI: TGS path}, each key one emoji grapheme, at most 64 (chat-types section 0, rule 3).
    static func animatedEmoji(_ value: JSONValue, reading: ScenarioReading) throws -> [String: String] {
        let fields = reading.fields
        guard case .object(let object) = value else {
            throw fields.error("animatedEmoji", "must be an object of emoji to TGS files, such as {\"👍\": \"like.tgs\"} (got \(describe(value)))")
        }
        guard object.count <= maximumAnimatedEmoji else {
            throw fields.error("animatedEmoji", "has over \(maximumAnimatedEmoji) emoji (got \(object.count))")
        }
        var paths: [String: String] = [:]
        for key in object.keys.sorted() {
            let field = "animatedEmoji.\(UserText.shown(key))"
            // One emoji, or one that U+FE0F would show as an emoji (the lookup leaves it out).
            guard SendKind.isSingleEmoji(key) || SendKind.isSingleEmoji(key + "\u{FE0F}") else {
                throw fields.error(field, "the key must be one emoji (got \"\(UserText.shown(key))\")")
            }
            let emojiKey = ChatMedia.emojiKey(key)
            guard paths[emojiKey] == nil else { throw fields.error(field, "names the same emoji as another key (U+FE0F aside)") }
            paths[emojiKey] = try stickerFile(object[key] ?? .null, field, reading: reading)
        }
        return paths
    }

    /// A text send of one emoji that `animatedEmoji` names (and no kind but emoji) becomes an animated emoji.
    static func animated(_ change: ChatChange, by animatedEmoji: [String: String]) -> ChatChange {
        guard case .send(let text, let kind, let time, nil) = change, kind == nil || kind == .emoji, SendKind.isSingleEmoji(text),
              let path = animatedEmoji[ChatMedia.emojiKey(text)] else { return change }
        return .send(text: text, kind: .animatedEmoji, time: time, media: .animatedEmoji(.init(path: path)))
    }

    /// Two sends at one instant are refused, naming the second.
    static func refuseSimultaneousSends(_ events: [ChatEvent], file: String) throws {
        var seen: [Double: Int] = [:]
        for event in events {
            guard case .send = event.change else { continue }
            if let first = seen[event.at] {
                throw ScenarioError(file: file, location: "events[\(event.index)].at",
                                    "two sends at one instant (events[\(first)] is at \(ScenarioParser.format(event.at)) too; got \(ScenarioParser.format(event.at)))")
            }
            seen[event.at] = event.index
        }
    }

    /// A value as an error shows what it got.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return "\"\(UserText.shown(text))\""
        case .number(let number): return ScenarioParser.format(number)
        case .bool(let flag): return flag ? "true" : "false"
        default: return value.kindName
        }
    }
}

extension SendKind {
    /// Whether `text` is one grapheme that shows as an emoji.
    public static func isSingleEmoji(_ text: String) -> Bool {
        guard text.count == 1, let first = text.unicodeScalars.first else { return false }
        let scalars = text.unicodeScalars
        return first.properties.isEmojiPresentation
            || scalars.contains { $0.value == 0xFE0F } && first.properties.isEmoji
            || scalars.count > 1 && first.properties.isEmoji && scalars.contains { $0.properties.isEmojiModifier || $0.value == 0x200D }
    }
}
