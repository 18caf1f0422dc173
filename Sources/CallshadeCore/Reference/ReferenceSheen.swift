/// White over what is below, at the sheen's opacity there.
struct ReferenceSheen: ReferenceNodeShader {
    let node: SheenNode

    func shade(_ below: ShadedPixel, at pixel: Vec2, background: RGB?) -> ShadedPixel {
        let alpha = node.alpha(at: pixel)
        guard alpha > 0 else { return below }
        let out = alpha + below.alpha * (1 - alpha)
        return ShadedPixel(color: (RGB.white * alpha + below.color * (below.alpha * (1 - alpha))) * (1 / out), alpha: out)
    }
}
