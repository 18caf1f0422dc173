import CallshadeCore

/// Textures uploaded from pictures the CPU made (a text entity's, a
/// gallery grid's), kept by the picture's identity while the same picture
/// comes again: the latest `kept`. Textures are the context's, so they are
/// kept here rather than in the reuse store; a renderer empties it each
/// frame when reuse is off.
final class UploadedTextures<Picture: AnyObject> {
    private let kept: Int
    private var uploaded: [(picture: Picture, texture: Texture)] = []

    init(kept: Int) {
        self.kept = kept
    }

    /// The texture of `picture`: kept from an earlier frame, or made by `upload` now.
    func texture(for picture: Picture, upload: () throws -> Texture) throws -> Texture {
        if let found = uploaded.first(where: { $0.picture === picture }) { return found.texture }
        let texture = try upload()
        uploaded.append((picture, texture))
        if uploaded.count > kept { uploaded.removeFirst() }
        return texture
    }

    func removeAll() {
        uploaded.removeAll()
    }
}

extension UploadedTextures where Picture == PremultipliedPicture {
    /// The RGBA8 texture of `picture` (premultiplied, as made), kept or
    /// uploaded now; a picture larger than the driver's textures is refused
    /// by name (`RenderLimitError.pictureTooLarge`).
    func rgba8Texture(for picture: PremultipliedPicture, context: GLContext) throws -> Texture {
        let limit = context.info.maximumRenderSize
        guard picture.width <= limit, picture.height <= limit else {
            throw RenderLimitError.pictureTooLarge(width: picture.width, height: picture.height, maximum: limit)
        }
        return try texture(for: picture) {
            let texture = try Texture(context: context, width: picture.width, height: picture.height, format: .rgba8)
            try texture.upload(picture.texels)
            return texture
        }
    }
}
