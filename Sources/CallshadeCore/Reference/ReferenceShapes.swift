/// The shapes over what is below, each source-over in turn at its paint's
/// colour, its coverage (edge or soft) times its fade's share and its opacity.
struct ReferenceShapes: ReferenceNodeShader {
    let node: ShapesNode
    /// Each shape's sampler, made once (the same distances as `PlacedShape.signedDistance`).
    private let samplers: [PlacedShape.Sampler]
    /// Each shape's box in frame pixels (`ShapesNode.box`): outside it, it covers nothing.
    private let boxes: [(left: Double, top: Double, right: Double, bottom: Double)]

    init(node: ShapesNode) {
        self.node = node
        samplers = node.shapes.map(PlacedShape.Sampler.init)
        boxes = node.shapes.map(ShapesNode.box)
    }

    func shade(_ below: ShadedPixel, at pixel: Vec2, background: RGB?) -> ShadedPixel {
        var result = below
        for ((shape, sampler), box) in zip(zip(node.shapes, samplers), boxes) {
            guard pixel.x >= box.left, pixel.x <= box.right, pixel.y >= box.top, pixel.y <= box.bottom else { continue }
            let (colour, share) = shape.colourAndShare(at: pixel, sampler: sampler)
            let alpha = min(max(shape.alpha, 0), 1) * share * shape.coverage(signedDistance: sampler.signedDistance(pixel))
            guard alpha > 0 else { continue }
            let out = alpha + result.alpha * (1 - alpha)
            result = ShadedPixel(color: (colour * alpha + result.color * (result.alpha * (1 - alpha))) * (1 / out), alpha: out)
        }
        return result
    }
}
