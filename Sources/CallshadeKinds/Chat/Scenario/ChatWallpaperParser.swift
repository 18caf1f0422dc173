import CallshadeCore


/// The scenario's "wallpaper" object (chat, sections 0 and 6).
enum ChatWallpaperParser {
    static let keys = ["colors", "phase", "variant", "step", "iosKeyframes", "pattern", "intensity"]
    /// The largest pattern file accepted: 8 MiB.
    public static let maximumPatternBytes = 8 << 20

    static func wallpaper(_ value: JSONValue, reading: ScenarioReading) throws -> ChatWallpaper {
        let fields = ScenarioFields(file: reading.fields.file, location: "wallpaper")
        guard case .object(let object) = value else {
            throw fields.error("", "must be an object such as {\"variant\": \"ios\"} (got \(ChatScenarioParser.describe(value)))")
        }
        for key in object.keys.sorted() where !keys.contains(key) {
            throw fields.error(UserText.shown(key), "unknown key; valid keys: \(keys.joined(separator: ", "))")
        }
        var wallpaper = ChatWallpaper()
        if let colors = object["colors"] { wallpaper.colors = try self.colors(colors, fields: fields) }
        if let phase = object["phase"] {
            guard case .number(let number) = phase, number == number.rounded(), (0...7).contains(number) else {
                throw fields.error("phase", "must be a whole number 0 to 7 (got \(ChatScenarioParser.describe(phase)))")
            }
            wallpaper.phase = Int(number)
        }
        if let variant = object["variant"] {
            let name = try fields.string(variant, "variant")
            guard let known = WallpaperVariant(rawValue: name) else {
                throw fields.error("variant", "unknown variant; valid variants: \(WallpaperVariant.validNames) (got \"\(UserText.shown(name))\")")
            }
            wallpaper.variant = known
        }
        if let step = object["step"] {
            let name = try fields.string(step, "step")
            guard let known = WallpaperStepCurve(rawValue: name) else {
                throw fields.error("step", "unknown step; valid steps: \(WallpaperStepCurve.validNames) (got \"\(UserText.shown(name))\")")
            }
            wallpaper.step = known
        }
        if let keyframes = object["iosKeyframes"] {
            guard case .bool(let flag) = keyframes else {
                throw fields.error("iosKeyframes", "must be true or false (got \(ChatScenarioParser.describe(keyframes)))")
            }
            wallpaper.iosKeyframes = flag
        }
        if let pattern = object["pattern"] {
            wallpaper.patternPath = try patternFile(pattern, reading: reading, fields: fields)
        }
        if let intensity = object["intensity"] {
            guard case .number(let number) = intensity, number == number.rounded(), (-100...100).contains(number) else {
                throw fields.error("intensity", "must be a whole number -100 to 100 (got \(ChatScenarioParser.describe(intensity)))")
            }
            guard wallpaper.patternPath != nil else {
                throw fields.error("intensity", "needs a pattern (got \(ScenarioParser.format(number)) without \"pattern\")")
            }
            wallpaper.intensity = Int(number)
        }
        return wallpaper
    }

    /// Whether the scenario's "wallpaper" names its colours.
    static func givesColors(_ value: JSONValue?) -> Bool {
        guard case .object(let object)? = value else { return false }
        return object["colors"] != nil
    }

    /// 3 or 4 colours, each "#RRGGBB".
    static func colors(_ value: JSONValue, fields: ScenarioFields) throws -> [RGB] {
        guard case .array(let items) = value, (3...4).contains(items.count) else {
            throw fields.error("colors", "must be a list of 3 or 4 \"#RRGGBB\" colours (got \(ChatScenarioParser.describe(value)))")
        }
        return try items.enumerated().map { index, item in
            guard case .string(let text) = item, text.hasPrefix("#"), let color = RGB(hex: text) else {
                throw fields.error("colors[\(index)]", "must be a \"#RRGGBB\" colour (got \(ChatScenarioParser.describe(item)))")
            }
            return color
        }
    }

    /// The pattern's path: a regular file of at most 8 MiB (whether librsvg draws it is checked when it is drawn).
    static func patternFile(_ value: JSONValue, reading: ScenarioReading, fields: ScenarioFields) throws -> String {
        let inner = reading.naming(fields)
        let (path, size) = try inner.existingFileAndSize(value, "pattern")
        if size > Int64(maximumPatternBytes) {
            throw fields.error("pattern", "is over 8 MiB (got \(size) bytes)")
        }
        return path
    }
}
