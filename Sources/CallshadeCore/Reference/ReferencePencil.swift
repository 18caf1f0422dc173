/// A pencil stroke over what is below (`drawing.md` section 3), from the
/// spec: its layer's alpha at each pixel (each grained stamp's alpha times
/// its coverage, source-over in order), worked out once over the node's
/// bounds (or the part of them asked for), then the colour at that alpha, source-over.
struct ReferencePencil: ReferenceNodeShader {
    let node: PencilNode
    let bounds: PixelRect
    /// What the layer leaves clear at each pixel of `bounds` (1 - its alpha), row by row.
    let clear: [Double]

    /// Worked out over the node's bounds, or only over those within `area`
    /// (a pixel's alpha depends on nothing else: the same values there).
    init(node: PencilNode, size: FrameSize, within area: PixelRect? = nil) {
        self.node = node
        bounds = area.map { node.bounds(in: size).intersection($0) } ?? node.bounds(in: size)
        var clear = [Double](repeating: 1, count: bounds.width * bounds.height)
        for index in node.stamps.indices {
            let box = PencilNode.reach(of: node.stamps[index], radius: node.radius)
            let rect = PixelRect(covering: box.left, box.top, box.right, box.bottom, within: size).intersection(bounds)
            guard !rect.isEmpty else { continue }
            for y in rect.y..<(rect.y + rect.height) {
                for x in rect.x..<(rect.x + rect.width) {
                    let coverage = node.coverage(ofStamp: index, at: Vec2(Double(x) + 0.5, Double(y) + 0.5))
                    if coverage > 0 { clear[(y - bounds.y) * bounds.width + (x - bounds.x)] *= 1 - node.opacity * coverage }
                }
            }
        }
        self.clear = clear
    }

    func shade(_ below: ShadedPixel, at pixel: Vec2, background: RGB?) -> ShadedPixel {
        let x = Int(pixel.x.rounded(.down)) - bounds.x, y = Int(pixel.y.rounded(.down)) - bounds.y
        guard x >= 0, y >= 0, x < bounds.width, y < bounds.height else { return below }
        let alpha = 1 - clear[y * bounds.width + x]
        guard alpha > 0 else { return below }
        let out = alpha + below.alpha * (1 - alpha)
        return ShadedPixel(color: (node.color * alpha + below.color * (below.alpha * (1 - alpha))) * (1 / out), alpha: out)
    }
}
