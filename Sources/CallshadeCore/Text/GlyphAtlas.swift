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
    /// The colour page (colour emoji): premultiplied RGBA, four bytes a
    /// texel, `colourWidth` x `colourHeight` (0 x 0 when no glyph has colour).
    public let colourWidth: Int
    public let colourHeight: Int
    public let colour: [UInt8]

    /// An atlas of these texels; nil unless there are width x height of
    /// them (and colour width x height x 4 of the colour page's).
    public init?(width: Int, height: Int, coverage: [UInt8], colour: (width: Int, height: Int, texels: [UInt8])? = nil) {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height) == (coverage.count, false) else { return nil }
        if let colour {
            let (texels, overflow) = colour.width.multipliedReportingOverflow(by: colour.height)
            guard colour.width > 0, colour.height > 0, !overflow, texels.multipliedReportingOverflow(by: 4) == (colour.texels.count, false) else {
                return nil
            }
        }
        self.width = width
        self.height = height
        self.coverage = coverage
        colourWidth = colour?.width ?? 0
        colourHeight = colour?.height ?? 0
        self.colour = colour?.texels ?? []
    }

    /// The colour page's premultiplied red, green, blue and alpha (0...1) at
    /// (`x`, `y`) in its texels, filtered bilinearly as `coverage(atX:y:)` filters.
    public func colour(atX x: Double, y: Double) -> (red: Double, green: Double, blue: Double, alpha: Double) {
        guard x.isFinite, y.isFinite, colourWidth > 0, colourHeight > 0 else { return (0, 0, 0, 0) }
        let place = BilinearPlace(x: x, y: y, width: colourWidth, height: colourHeight)
        return colour.withUnsafeBufferPointer { texels in
            func channel(_ c: Int) -> Double { place.filtered { Double(texels[$0 * 4 + c]) / 255 } }
            return (channel(0), channel(1), channel(2), channel(3))
        }
    }

    /// Where (`x`, `y`) in texels falls on a page `width` x `height`: the
    /// four nearest texel centres, clamped to its edges (GL_LINEAR with
    /// clamp to edge), and their weights; found once for all its channels.
    private struct BilinearPlace {
        let topLeft: Int, topRight: Int, bottomLeft: Int, bottomRight: Int
        let ax: Double, ay: Double

        init(x: Double, y: Double, width: Int, height: Int) {
            let fx = min(max(x - 0.5, -1), Double(width)), fy = min(max(y - 0.5, -1), Double(height))
            let left = fx.rounded(.down), top = fy.rounded(.down)
            ax = fx - left
            ay = fy - top
            let column = Int(left), row = Int(top)
            let (c0, c1) = (min(max(column, 0), width - 1), min(max(column + 1, 0), width - 1))
            let (r0, r1) = (min(max(row, 0), height - 1), min(max(row + 1, 0), height - 1))
            (topLeft, topRight, bottomLeft, bottomRight) = (r0 * width + c0, r0 * width + c1, r1 * width + c0, r1 * width + c1)
        }

        /// The page filtered here; `texel` reads the one at an index (row * width + column).
        @inline(__always)
        func filtered(_ texel: (Int) -> Double) -> Double {
            let upper = texel(topLeft) * (1 - ax) + texel(topRight) * ax
            let lower = texel(bottomLeft) * (1 - ax) + texel(bottomRight) * ax
            return upper * (1 - ay) + lower * ay
        }
    }

    /// The coverage (0...1) at (`x`, `y`) in texels from the atlas's top-left
    /// corner, filtered bilinearly between the four nearest texel centres
    /// (GL_LINEAR with clamp to edge).
    public func coverage(atX x: Double, y: Double) -> Double {
        guard x.isFinite, y.isFinite else { return 0 }
        return BilinearPlace(x: x, y: y, width: width, height: height).filtered { Double(coverage[$0]) / 255 }
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
    /// Whether it lies in the colour page (a colour emoji) rather than the coverage page.
    public let colour: Bool

    public init(x: Int, y: Int, width: Int, height: Int, left: Int, top: Int, colour: Bool = false) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.left = left
        self.top = top
        self.colour = colour
    }
}
