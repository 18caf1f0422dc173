/// The shapes over what is below, each source-over in turn at its paint's
/// colour, its coverage (edge or soft) times its fade's share and its opacity.
struct ReferenceShapes: ReferenceNodeShader {
    let node: ShapesNode
    /// Each shape's sampler, made once (the same distances as `PlacedShape.signedDistance`).
    private let samplers: [PlacedShape.Sampler]

    init(node: ShapesNode) {
        self.node = node
        samplers = node.shapes.map(PlacedShape.Sampler.init)
    }

    func shade(_ below: ShadedPixel, at pixel: Vec2, background: RGB?) -> ShadedPixel {
        var result = below
        for (shape, sampler) in zip(node.shapes, samplers) {
            let (colour, share) = shape.colourAndShare(at: pixel, sampler: sampler)
            let alpha = min(max(shape.alpha, 0), 1) * share * shape.coverage(signedDistance: sampler.signedDistance(pixel))
            guard alpha > 0 else { continue }
            let out = alpha + result.alpha * (1 - alpha)
            result = ShadedPixel(color: (colour * alpha + result.color * (result.alpha * (1 - alpha))) * (1 / out), alpha: out)
        }
        return result
    }
}
