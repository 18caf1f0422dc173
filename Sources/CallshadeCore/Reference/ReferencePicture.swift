/// A picture node in the CPU reference: its colour, opaque; or its
/// picture's premultiplied pixel source-over what is below.
struct ReferencePicture: ReferenceNodeShader {
    let node: PictureNode

    func shade(_ below: ShadedPixel, at pixel: Vec2, background: RGB?) -> ShadedPixel {
        switch node.content {
        case .colour(let colour):
            return ShadedPixel(color: colour, alpha: 1)
        case .picture(let picture):
            let over = picture.pixel(x: Int(pixel.x.rounded(.down)), y: Int(pixel.y.rounded(.down)))
            return over.alpha > 0 ? over.over(below) : below
        }
    }
}

extension ShadedPixel {
    /// This colour source-over `below`, straight alpha.
    func over(_ below: ShadedPixel) -> ShadedPixel {
        let out = alpha + below.alpha * (1 - alpha)
        guard out > 0 else { return .transparent }
        return ShadedPixel(color: (color * alpha + below.color * (below.alpha * (1 - alpha))) * (1 / out), alpha: out)
    }
}
