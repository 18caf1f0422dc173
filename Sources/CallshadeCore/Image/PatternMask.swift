/// The wallpaper's pattern as drawn once for an output size (chat, section
/// 1.7): the SVG covering the frame (aspect fill, centred), its alpha as
/// 8-bit coverage, row by row from the top.
public struct PatternMask: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let coverage: [UInt8]

    /// Nil unless `coverage` holds width x height values.
    public init?(width: Int, height: Int, coverage: [UInt8]) {
        guard width > 0, height > 0, coverage.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.coverage = coverage
    }

    /// The coverage of the pixel (`column`, `row`), 0...1; 0 outside.
    public func coverage(column: Int, row: Int) -> Double {
        guard column >= 0, row >= 0, column < width, row < height else { return 0 }
        return Double(coverage[row * width + column]) / 255
    }

    /// Where the SVG's picture goes in a `width` x `height` frame: scaled
    /// to cover it (aspect fill) and centred (x, y, width, height in pixels).
    public static func viewport(documentWidth: Double, documentHeight: Double, width: Int, height: Int) -> (Double, Double, Double, Double) {
        let scale = max(Double(width) / documentWidth, Double(height) / documentHeight)
        let (w, h) = (documentWidth * scale, documentHeight * scale)
        return ((Double(width) - w) / 2, (Double(height) - h) / 2, w, h)
    }
}

/// How the pattern lies over the wallpaper (chat, section 1.7).
public struct PatternOverlay: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        /// Intensity >= 0: the shapes in `shape` colour, W3C soft light at `opacity`.
        case softLight(shape: RGB, opacity: Double)
        /// Intensity >= 0 over a wallpaper whose brightness is at most 0.01: normal blending.
        case normal(shape: RGB, opacity: Double)
        /// Intensity < 0: black, the wallpaper at `opacity` only through the shapes.
        case inverted(opacity: Double)
    }

    public let mask: PatternMask
    public let mode: Mode

    public init(mask: PatternMask, mode: Mode) {
        self.mask = mask
        self.mode = mode
    }

    /// The overlay of `mask` at `intensity` (-100...100) over a wallpaper of `colors`:
    /// black shapes when the brightest channel of the colours' mean is over 0.3, else white.
    public init(mask: PatternMask, intensity: Int, colors: [RGB]) {
        let opacity = Double(min(max(abs(intensity), 0), 100)) / 100
        guard intensity >= 0 else {
            self.init(mask: mask, mode: .inverted(opacity: opacity))
            return
        }
        let count = Double(max(colors.count, 1))
        let mean = colors.reduce(RGB.black, +) * (1 / count)
        let brightness = max(mean.r, mean.g, mean.b)
        let shape: RGB = brightness > 0.3 ? .black : .white
        self.init(mask: mask, mode: brightness <= 0.01 ? .normal(shape: shape, opacity: opacity) : .softLight(shape: shape, opacity: opacity))
    }

    /// The pattern over `wallpaper` at the pixel (`column`, `row`).
    public func apply(to wallpaper: RGB, column: Int, row: Int) -> RGB {
        let covered = mask.coverage(column: column, row: row)
        switch mode {
        case .softLight(let shape, let opacity):
            let amount = covered * opacity
            guard amount > 0 else { return wallpaper }
            return RGB.mix(wallpaper, Self.softLight(backdrop: wallpaper, source: shape), amount)
        case .normal(let shape, let opacity):
            return RGB.mix(wallpaper, shape, covered * opacity)
        case .inverted(let opacity):
            return wallpaper * (covered * opacity)
        }
    }

    /// W3C soft light (Compositing and Blending Level 1), channel by channel.
    public static func softLight(backdrop: RGB, source: RGB) -> RGB {
        func channel(_ b: Double, _ s: Double) -> Double {
            if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
            let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
            return b + (2 * s - 1) * (d - b)
        }
        return RGB(channel(backdrop.r, source.r), channel(backdrop.g, source.g), channel(backdrop.b, source.b))
    }
}
