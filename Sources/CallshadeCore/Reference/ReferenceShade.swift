/// Black over what is below, at the shade's opacity there.
struct ReferenceShade: ReferenceNodeShader {
    let node: ShadeNode

    func shade(_ below: ShadedPixel, at pixel: Vec2, background: RGB?) -> ShadedPixel {
        let alpha = node.alpha(at: pixel)
        guard alpha > 0 else { return below }
        let out = alpha + below.alpha * (1 - alpha)
        return ShadedPixel(color: below.color * (below.alpha * (1 - alpha) / out), alpha: out)
    }
}
