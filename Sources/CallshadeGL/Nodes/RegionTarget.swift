/// An offscreen colour target of one format the size of the region a node
/// is drawn in (a stroke's coverage, a stamp brush's layer), kept and made
/// anew only when the region's size changes.
final class RegionTarget {
    private let context: GLContext
    private let format: TextureFormat
    private var made: (texture: Texture, framebuffer: Framebuffer)?

    init(context: GLContext, format: TextureFormat) {
        self.context = context
        self.format = format
    }

    /// The target for a region of `width` x `height`.
    func target(width: Int, height: Int) throws -> (texture: Texture, framebuffer: Framebuffer) {
        if let made, made.texture.width == width, made.texture.height == height { return made }
        let texture = try Texture(context: context, width: width, height: height, format: format)
        let target = (texture: texture, framebuffer: try Framebuffer(color: texture))
        made = target
        return target
    }
}
