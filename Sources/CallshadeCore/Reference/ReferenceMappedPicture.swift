/// A mapped picture over what is below: its premultiplied sample where the
/// pixel's centre lies in its texels, times its opacity, source-over.
struct ReferenceMappedPicture: ReferenceNodeShader {
    let node: MappedPictureNode

    func shade(_ below: ShadedPixel, at pixel: Vec2, background: RGB?) -> ShadedPixel {
        guard node.drawn else { return below }
        let sample = node.picture.premultiplied(at: node.texelPoint(pixel)) * min(max(node.alpha, 0), 1)
        guard sample.w > 0 else { return below }
        let out = sample.w + below.alpha * (1 - sample.w)
        let color = RGB(sample.x, sample.y, sample.z) + below.color * (below.alpha * (1 - sample.w))
        return ShadedPixel(color: color * (1 / out), alpha: out)
    }
}
