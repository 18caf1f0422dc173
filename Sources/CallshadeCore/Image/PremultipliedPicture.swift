/// A picture of premultiplied RGBA8 texels (row 0 at the top) made once on
/// the CPU, that every route samples alike (the same bytes uploaded or
/// read): a grid of tiles at rest with its labels (`gallery.md` section
/// 2.1, rule 6). Immutable; compared by identity first.
public final class PremultipliedPicture: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// width x height x 4 bytes, premultiplied (red, green, blue, alpha).
    public let texels: [UInt8]

    /// Nil unless there are width x height x 4 texels and both are above 0.
    public init?(width: Int, height: Int, texels: [UInt8]) {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height * 4) == (texels.count, false) else { return nil }
        self.width = width
        self.height = height
        self.texels = texels
    }

    public static func == (a: PremultipliedPicture, b: PremultipliedPicture) -> Bool {
        a === b || (a.width == b.width && a.height == b.height && a.texels == b.texels)
    }

    /// The premultiplied (red, green, blue, alpha), 0...1, at `point`
    /// (texels from the top-left corner; texel (i, j)'s centre at (i + 0.5,
    /// j + 0.5)): bilinear between the four texel centres around it, texels
    /// beyond the edges clear, so the picture fades out over half a texel
    /// past its edge. At a texel's centre, its own value exactly.
    public func premultiplied(at point: Vec2) -> SIMD4<Double> {
        let x = point.x - 0.5, y = point.y - 0.5
        guard x > -1, y > -1, x < Double(width), y < Double(height) else { return .zero }
        let left = x.rounded(.down), top = y.rounded(.down)
        let across = x - left, down = y - top
        let column = Int(left), row = Int(top)
        func texel(_ c: Int, _ r: Int) -> SIMD4<Double> {
            guard c >= 0, r >= 0, c < width, r < height else { return .zero }
            let at = (r * width + c) * 4
            return SIMD4(Double(texels[at]), Double(texels[at + 1]), Double(texels[at + 2]), Double(texels[at + 3])) / 255
        }
        let upper = texel(column, row) * (1 - across) + texel(column + 1, row) * across
        let lower = texel(column, row + 1) * (1 - across) + texel(column + 1, row + 1) * across
        return upper * (1 - down) + lower * down
    }
}
