import CallshadeCore

/// Animation settings read from JSON (chat, sections 4.2 and 6): the
/// format's name, version 1 and 60 fps; blocks and properties optional (the
/// defaults fill in), unknown keys refused; durations 30, 45 or 60 frames;
/// windows 0 <= start < end <= duration in whole frames; handles in [0, 1];
/// the background's colours 3 or 4 `#RRGGBB`. Each refusal names the file
/// and the field (`prefix` first: `animation` for an inline object).
public struct ChatAnimationSettingsReader {
    public let file: String
    /// Put before every field's name (`animation.` for an object inside a scenario; empty for a file).
    public let prefix: String

    /// The largest settings file: 1 MiB.
    public static let maximumBytes = 1 << 20

    public init(file: String, prefix: String = "") {
        self.file = file
        self.prefix = prefix
    }

    func error(_ field: String, _ message: String) -> SettingsError {
        SettingsError(file: file, field: prefix + field, message)
    }

    public func settings(_ value: JSONValue) throws -> ChatAnimationSettings {
        guard case .object(let top) = value else {
            throw error("", "settings must be an object such as {\"format\": \"\(ChatAnimationSettings.format)\", \"version\": 1} (got \(Self.describe(value)))")
        }
        let defaults = ChatAnimationSettings.defaults
        let known = ["format", "version", "fps"] + defaults.blocks.map(\.name)
        for key in top.keys.sorted() where !known.contains(key) {
            throw error(UserText.shown(key), "unknown key; settings have \(known.joined(separator: ", "))")
        }
        guard let format = top["format"] else { throw error("format", "missing; give \"\(ChatAnimationSettings.format)\"") }
        guard case .string(ChatAnimationSettings.format) = format else {
            throw error("format", "must be \"\(ChatAnimationSettings.format)\" (got \(Self.describe(format)))")
        }
        guard let version = top["version"] else { throw error("version", "missing; give 1") }
        guard case .number(1) = version else { throw error("version", "must be 1 (got \(Self.describe(version)))") }
        if let fps = top["fps"] {
            guard case .number(60) = fps else { throw error("fps", "must be 60 (got \(Self.describe(fps)))") }
        }
        var settings = defaults
        for (index, block) in defaults.blocks.enumerated() {
            guard let value = top[block.name] else { continue }
            settings.blocks[index] = try self.block(value, defaults: block)
        }
        return settings
    }

    func block(_ value: JSONValue, defaults: ChatAnimationSettings.Block) throws -> ChatAnimationSettings.Block {
        let name = defaults.name
        guard case .object(let object) = value else { throw error(name, "must be an object (got \(Self.describe(value)))") }
        let known = ["duration"] + (defaults.colors == nil ? [] : ["colors"]) + defaults.properties.map(\.name)
        for key in object.keys.sorted() where !known.contains(key) {
            throw error("\(name).\(UserText.shown(key))", "unknown key; \(name) has \(known.joined(separator: ", "))")
        }
        var block = defaults
        if let duration = object["duration"] {
            guard case .number(let frames) = duration, ChatAnimationSettings.durations.contains(where: { Double($0) == frames }) else {
                throw error("\(name).duration", "must be 30, 45 or 60 frames (got \(Self.describe(duration)))")
            }
            block.duration = Int(frames)
        }
        if let colors = object["colors"] { block.colors = try self.colors(colors, field: "\(name).colors") }
        for (index, property) in defaults.properties.enumerated() {
            let field = "\(name).\(property.name)"
            var window = property.window
            if let value = object[property.name] { window = try self.window(value, defaults: window, field: field) }
            guard window.end <= block.duration else {
                throw error("\(field).end", "must be at most the block's duration, \(block.duration) frames (got \(window.end))")
            }
            block.properties[index].window = window
        }
        return block
    }

    func window(_ value: JSONValue, defaults: AnimationWindow, field: String) throws -> AnimationWindow {
        guard case .object(let object) = value else {
            throw error(field, "must be an object such as {\"start\": 0, \"end\": 15, \"x1\": 0.33, \"x2\": 0} (got \(Self.describe(value)))")
        }
        for key in object.keys.sorted() where !["start", "end", "x1", "x2"].contains(key) {
            throw error("\(field).\(UserText.shown(key))", "unknown key; a window has start, end, x1 and x2")
        }
        var window = defaults
        if let start = object["start"] { window.start = try frame(start, field: "\(field).start") }
        if let end = object["end"] { window.end = try frame(end, field: "\(field).end") }
        guard window.start < window.end else {
            throw error("\(field).start", "must be before end (\(window.end)) (got \(window.start))")
        }
        if let x1 = object["x1"] { window.x1 = try handle(x1, field: "\(field).x1") }
        if let x2 = object["x2"] { window.x2 = try handle(x2, field: "\(field).x2") }
        return window
    }

    func frame(_ value: JSONValue, field: String) throws -> Int {
        guard case .number(let number) = value, number == number.rounded(), number >= 0, number <= 60 else {
            throw error(field, "must be a whole number of frames, 0 to the block's duration (got \(Self.describe(value)))")
        }
        return Int(number)
    }

    func handle(_ value: JSONValue, field: String) throws -> Double {
        guard case .number(let number) = value, number >= 0, number <= 1 else {
            throw error(field, "must be a number from 0 to 1 (got \(Self.describe(value)))")
        }
        return number
    }

    func colors(_ value: JSONValue, field: String) throws -> [RGB] {
        guard case .array(let items) = value, (3...4).contains(items.count) else {
            throw error(field, "must be 3 or 4 colours \"#RRGGBB\" (got \(Self.describe(value)))")
        }
        return try items.enumerated().map { index, item in
            guard case .string(let text) = item, text.count == 7, text.hasPrefix("#"), let color = RGB(hex: text) else {
                throw error("\(field)[\(index)]", "must be a colour \"#RRGGBB\" (got \(Self.describe(item)))")
            }
            return color
        }
    }

    /// A value as an error shows what it got.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return "\"\(UserText.shown(text))\""
        case .number(let number): return ScenarioParser.format(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let items): return "a list of \(items.count)"
        default: return value.kindName
        }
    }
}
