/// A text entity over what is below, source-over.
struct ReferenceTextEntity: ReferenceNodeShader {
    let node: TextEntityNode

    func shade(_ below: ShadedPixel, at pixel: Vec2, background: RGB?) -> ShadedPixel {
        let (color, alpha) = node.text.premultiplied(at: pixel)
        guard alpha > 0 else { return below }
        let out = alpha + below.alpha * (1 - alpha)
        return ShadedPixel(color: (color + below.color * (below.alpha * (1 - alpha))) * (1 / out), alpha: out)
    }
}
