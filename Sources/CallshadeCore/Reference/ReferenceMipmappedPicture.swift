/// A mipmapped picture over what is below: at the pixel's centre, its two
/// levels' samples mixed by the level of detail's fraction, times the
/// pixel's share of the clip and the opacity, source-over.
struct ReferenceMipmappedPicture: ReferenceNodeShader {
    let node: MipmappedPictureNode
    let detail: MipmappedPictureNode.Detail

    init(node: MipmappedPictureNode) {
        self.node = node
        detail = node.detail
    }

    func shade(_ below: ShadedPixel, at pixel: Vec2, background: RGB?) -> ShadedPixel {
        guard node.drawn else { return below }
        let share = node.clip.share(x: pixel.x - 0.5, y: pixel.y - 0.5) * min(max(node.alpha, 0), 1)
        guard share > 0 else { return below }
        var sample = node.sample(level: detail.finer, at: pixel)
        if detail.weight > 0 {
            sample = sample * (1 - detail.weight) + node.sample(level: detail.coarser, at: pixel) * detail.weight
        }
        sample *= share
        guard sample.w > 0 else { return below }
        let out = sample.w + below.alpha * (1 - sample.w)
        let color = RGB(sample.x, sample.y, sample.z) + below.color * (below.alpha * (1 - sample.w))
        return ShadedPixel(color: color * (1 / out), alpha: out)
    }
}
