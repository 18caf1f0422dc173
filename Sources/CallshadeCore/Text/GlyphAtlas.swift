/// The pictures of every glyph a render draws, packed into one image that
/// is built once per render (`CallshadeText`'s `TextSetter`) and sampled
/// alike by both renderers: the GPU uploads it as a texture and filters it
/// bilinearly, the CPU reference samples it by the same rule (`coverage(atX:y:)`).
/// Each glyph's picture has a border of one empty texel, so a sample at the
/// edge of its rectangle never reaches a neighbour.
public final class GlyphAtlas: Sendable {
    public let width: Int
    public let height: Int
    /// Coverage 0...255, one byte a texel, row 0 at the top.
    public let coverage: [UInt8]

    /// An atlas of these texels; nil unless there are width x height of them.
    public init?(width: Int, height: Int, coverage: [UInt8]) {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height) == (coverage.count, false) else { return nil }
        self.width = width
        self.height = height
        self.coverage = coverage
    }

    /// The texel at (x, y), clamped to the atlas as the GPU's edge clamp does.
    func texel(_ x: Int, _ y: Int) -> Double {
        let column = min(max(x, 0), width - 1), row = min(max(y, 0), height - 1)
        return Double(coverage[row * width + column]) / 255
    }

    /// The coverage (0...1) at (`x`, `y`) in texels from the atlas's top-left
    /// corner, filtered bilinearly between the four nearest texel centres
    /// (GL_LINEAR with clamp to edge).
    public func coverage(atX x: Double, y: Double) -> Double {
        guard x.isFinite, y.isFinite else { return 0 }
        let fx = min(max(x - 0.5, -1), Double(width)), fy = min(max(y - 0.5, -1), Double(height))
        let left = fx.rounded(.down), top = fy.rounded(.down)
        let ax = fx - left, ay = fy - top
        let column = Int(left), row = Int(top)
        let upper = texel(column, row) * (1 - ax) + texel(column + 1, row) * ax
        let lower = texel(column, row + 1) * (1 - ax) + texel(column + 1, row + 1) * ax
        return upper * (1 - ay) + lower * ay
    }
}

/// Where one glyph's picture lies in the atlas (texels, border included),
/// and where its top-left corner lies from the pen on the baseline (texels, y down).
public struct GlyphImage: Equatable, Hashable, Sendable {
    public let x: Int
    public let y: Int
    public let width: Int
    public let height: Int
    public let left: Int
    public let top: Int

    public init(x: Int, y: Int, width: Int, height: Int, left: Int, top: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.left = left
        self.top = top
    }
}
