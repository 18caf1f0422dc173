import CallshadeCore

/// The chat's wallpaper as the scenario sets it (chat, sections 0 and 1).
public struct ChatWallpaper: Equatable, Sendable {
    /// 3 or 4 colours, one per centre.
    public var colors: [RGB]
    /// The phase at 0: an integer 0...7.
    public var phase: Int
    public var variant: WallpaperVariant
    public var step: WallpaperStepCurve
    /// Whether steps show the app's quantised 30 fps keyframes instead of the exact motion.
    public var iosKeyframes: Bool
    /// The pattern's SVG (an absolute path), if any.
    public var patternPath: String?
    /// -100...100: the pattern's strength (negative: the inverted mode).
    public var intensity: Int

    /// Telegram's classic colours (chat, section 0).
    public static let classicColors = ["#DBDDBB", "#6BA587", "#D5D88D", "#88B884"].compactMap(RGB.init(hex:))
    /// The contest settings' background colours (chat, section 4.2), used with `"animation": "contest"` when the scenario gives none.
    public static let contestColors = ["#FFF6BF", "#76A076", "#F6E477", "#316B4D"].compactMap(RGB.init(hex:))
    public static let defaultIntensity = 50

    public init(colors: [RGB] = ChatWallpaper.classicColors, phase: Int = 0, variant: WallpaperVariant = .ios,
                step: WallpaperStepCurve = .auto, iosKeyframes: Bool = false, patternPath: String? = nil,
                intensity: Int = ChatWallpaper.defaultIntensity) {
        self.colors = colors
        self.phase = phase
        self.variant = variant
        self.step = step
        self.iosKeyframes = iosKeyframes
        self.patternPath = patternPath
        self.intensity = intensity
    }
}
