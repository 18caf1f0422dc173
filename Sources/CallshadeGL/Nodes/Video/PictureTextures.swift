import CallshadeCore

/// A source picture uploaded as it was decoded: its three planes as R8
/// textures (luma, blue and red chroma), or a still's RGBA8. Nothing is
/// converted on the CPU: the shader samples and converts.
struct PictureTextures {
    enum Planes {
        case ycbcr(luma: Texture, cb: Texture, cr: Texture)
        case still(Texture)
    }

    let picture: SourcePicture
    let planes: Planes

    init(_ picture: SourcePicture, context: GLContext) throws {
        self.picture = picture
        switch picture {
        case .ycbcr(let frame):
            let luma = try Texture(context: context, width: frame.width, height: frame.height, format: .r8)
            try luma.upload(red: frame.luma)
            let cb = try Texture(context: context, width: frame.chromaWidth, height: frame.chromaHeight, format: .r8)
            try cb.upload(red: frame.cb)
            let cr = try Texture(context: context, width: frame.chromaWidth, height: frame.chromaHeight, format: .r8)
            try cr.upload(red: frame.cr)
            planes = .ycbcr(luma: luma, cb: cb, cr: cr)
        case .rgba(let image):
            let texture = try Texture(context: context, width: image.width, height: image.height, format: .rgba8)
            try texture.upload(image.pixels)
            planes = .still(texture)
        }
    }

    /// The textures on the units `video.frag` reads them from.
    var bindings: [(unit: TextureUnit, texture: Texture)] {
        switch planes {
        case let .ycbcr(luma, cb, cr): return [(.videoLuma, luma), (.videoCb, cb), (.videoCr, cr)]
        case .still(let texture): return [(.videoStill, texture)]
        }
    }

    var isStill: Bool {
        if case .still = planes { return true }
        return false
    }
}

/// The pictures a renderer uploaded last, reused while the same picture
/// (by value: a frame decoded once compares by its planes' storage) comes
/// again; at most `kept`, never fewer than every picture of the frame at hand.
struct PictureTextureCache {
    private var uploaded: [PictureTextures] = []
    /// The fewest kept (both videos and a cross-fade's outgoing pictures).
    static let least = 4

    /// The textures of `picture`, uploaded now unless they are kept already.
    mutating func textures(for picture: SourcePicture, context: GLContext) throws -> PictureTextures {
        if let index = uploaded.firstIndex(where: { $0.picture == picture }) {
            // The most recently used last.
            let found = uploaded.remove(at: index)
            uploaded.append(found)
            return found
        }
        let made = try PictureTextures(picture, context: context)
        uploaded.append(made)
        return made
    }

    /// Lets go of the least recently used beyond `count` (at least `least`).
    mutating func keep(_ count: Int) {
        let kept = max(Self.least, count)
        if uploaded.count > kept { uploaded.removeFirst(uploaded.count - kept) }
    }
}
