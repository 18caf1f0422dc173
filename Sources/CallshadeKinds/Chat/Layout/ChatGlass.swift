import CallshadeCore

/// Glass over the chat's wallpaper (chat, sections 2.1, 2.4 and 2.9): the
/// call screen's `GlassNode`, blurred by its 10 pt, showing the wallpaper
/// (with its pattern) instead of a gradient, and toned by what lies over the
/// blur. A colour at an alpha over the blurred wallpaper is a tone applied
/// before the blur, since both are linear: mix(blur(w), c, a) = blur(0.1 w) + 0.9 c
/// for the bars, 0.8 blur(w) for black at 0.2.
enum ChatGlass {
    /// The bars: #F2F2F2 at alpha 0.9 (brightness 0.1 keeps a tenth of the wallpaper, the overlay adds 0.9 of #F2F2F2).
    static let bars = Tone(brightness: 0.1, saturation: 1, overlay: RGB(hex: "#F2F2F2") ?? .white, overlayAlpha: 0.9)
    /// The date pill and an emoji's time pill: black at alpha 0.2.
    static let pill = Tone(brightness: 0.8, saturation: 1, overlay: .black, overlayAlpha: 0)

    /// Glass filling the rounded rectangle (points) at `scale` pixels a point, over `wallpaper`.
    static func node(x: Double, y: Double, width: Double, height: Double, radius: Double, tone: Tone, wallpaper: WallpaperNode,
                     scale: Double) -> GlassNode {
        GlassNode(x: x * scale, y: y * scale, width: width * scale, height: height * scale,
                  shape: .roundedRectangle(cornerRadius: radius * scale), backdrop: GradientParameters(palette: .blueViolet, phase: 0),
                  blur: GlassNode.blurPoints * scale, tone: tone, wallpaper: wallpaper)
    }

    /// A 1/3-pt hairline across the frame with its top at `y` (points).
    static func hairline(y: Double, color: RGB, scale: Double, width: Int) -> Mark {
        Mark(x: 0, y: y * scale, width: Double(width), height: scale / 3, kind: .roundedRectangle(cornerRadius: 0), color: color)
    }
}
