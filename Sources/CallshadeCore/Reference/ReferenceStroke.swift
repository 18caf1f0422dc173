/// A stroke over what is below (`drawing.md` section 1), from the spec:
/// the union's coverage at each pixel (the largest of its segments', each
/// by the `EdgeCoverage` rule), worked out once over the node's bounds (or the
/// part of them asked for) when the frame is prepared, then the colour at alpha x coverage, source-over.
package struct ReferenceStroke: ReferenceNodeShader {
    package let node: StrokeNode
    package let bounds: PixelRect
    /// The coverage of each pixel of `bounds`, row by row.
    package let coverage: [Double]

    /// Worked out over the node's bounds, or only over those within `area`
    /// (a pixel's coverage depends on nothing else: the same values there).
    package init(node: StrokeNode, size: FrameSize, within area: PixelRect? = nil) {
        self.node = node
        bounds = area.map { node.bounds(in: size).intersection($0) } ?? node.bounds(in: size)
        var coverage = [Double](repeating: 0, count: bounds.width * bounds.height)
        for segment in node.segments {
            let box = StrokeNode.reach(of: segment)
            let rect = PixelRect(covering: box.left, box.top, box.right, box.bottom, within: size).intersection(bounds)
            guard !rect.isEmpty else { continue }
            for y in rect.y..<(rect.y + rect.height) {
                for x in rect.x..<(rect.x + rect.width) {
                    let index = (y - bounds.y) * bounds.width + (x - bounds.x)
                    coverage[index] = max(coverage[index], segment.coverage(at: Vec2(Double(x) + 0.5, Double(y) + 0.5)))
                }
            }
        }
        self.coverage = coverage
    }

    package func shade(_ below: ShadedPixel, at pixel: Vec2, background: RGB?) -> ShadedPixel {
        let x = Int(pixel.x.rounded(.down)) - bounds.x, y = Int(pixel.y.rounded(.down)) - bounds.y
        guard x >= 0, y >= 0, x < bounds.width, y < bounds.height else { return below }
        let alpha = node.opacity * coverage[y * bounds.width + x]
        guard alpha > 0 else { return below }
        let out = alpha + below.alpha * (1 - alpha)
        return ShadedPixel(color: (node.color * alpha + below.color * (below.alpha * (1 - alpha))) * (1 / out), alpha: out)
    }
}
