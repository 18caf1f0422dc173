import CallshadeCore

/// The three ways the wallpaper's raster is made (chat, section 1.2): the
/// falloff, the swirl and the raster's size. All use the call screen's
/// four-point formula (`ReferenceGradient`).
public enum WallpaperVariant: String, CaseIterable, Sendable {
    /// The app's iOS wallpaper: R 0.92, n 3, swirl; the view fitted in 80 x 80.
    case ios
    /// The app's Android wallpaper: R 0.9, n 4, swirl; 60 x 80.
    case android
    /// The 2021 article's: (1 - d/L)^4 with L the width, no swirl; a square a tenth of the width in points.
    case article

    /// The falloff radius R (unit raster coordinates).
    public var falloffRadius: Double {
        switch self {
        case .ios: return 0.92
        case .android: return 0.9
        case .article: return 1
        }
    }

    /// The falloff exponent n.
    public var falloffExponent: Double { self == .ios ? 3 : 4 }

    /// Whether the raster is swirled about its middle (a = 6.4 (0.35 d)^2).
    public var swirls: Bool { self != .article }

    /// The raster's size for a frame of `size` whose width is `pointsWidth`
    /// points: the view fitted in 80 x 80 and floored (36 x 80 for a
    /// 390 x 844 pt screen), 60 x 80, or floor(points width / 10) square
    /// (39 x 39). Never under 1 x 1.
    public func rasterSize(for size: FrameSize, pointsWidth: Double = 390) -> (width: Int, height: Int) {
        switch self {
        case .ios:
            let (w, h) = (Double(size.width), Double(size.height))
            let fit = 80 / max(w, h)
            return (max(1, Int((w * fit).rounded(.down))), max(1, Int((h * fit).rounded(.down))))
        case .android:
            return (60, 80)
        case .article:
            let side = max(1, Int((pointsWidth / 10).rounded(.down)))
            return (side, side)
        }
    }

    public static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
