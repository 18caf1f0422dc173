/// Everything the four-point gradient needs for one frame. The defaults are the
/// spec's values; every field is a shader uniform of the same meaning.
public struct GradientParameters: Hashable, Sendable {
    /// The four colours, one per centre (the chat's wallpaper may have three:
    /// its raster is made by the CPU reference alone; the call screen's
    /// shader takes four).
    public var colors: [RGB]
    /// The colour centres in gradient-rect coordinates (unit square, y up).
    public var centres: [Vec2]
    /// Weight of a colour: `max(0, falloffRadius - distance) ^ falloffExponent`.
    public var falloffRadius: Double = 0.92
    public var falloffExponent: Double = 3
    /// Swirl angle at distance d from the middle: `(swirlScale d)^2 swirlStrength` radians.
    public var swirlScale: Double = 0.35
    public var swirlStrength: Double = 6.4
    /// The gradient rect is the screen grown by this fraction of its size on every side.
    public var overscan: Double = 0.1
    /// Optional tone adjustment (used for the copy of the background the waves show).
    public var tone: Tone? = nil

    public init(colors: [RGB], centres: [Vec2]) {
        precondition(colors.count == centres.count && (3...4).contains(colors.count), "the gradient has 3 or 4 colours, a centre each")
        self.colors = colors
        self.centres = centres
    }

    /// The gradient of `palette` with its centres at `phase`.
    public init(palette: Palette, phase: Double) {
        self.init(colors: palette.colors, centres: GradientMotion.centres(phase: phase))
    }
}
