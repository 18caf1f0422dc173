import CallshadeCore

/// Draws mipmapped pictures (the gallery's viewer): `tiles.vert` +
/// `mipmapped-picture.frag` over the node's tiles, the two levels its level
/// of detail falls between each bound as a texture (RGBA8, premultiplied,
/// as made), uploaded once and kept while the same level comes again,
/// blended premultiplied into a half-float target. On the host route the
/// host draws it along rows (`HostMipmappedPictureRows`), with no grid.
final class MipmappedPictureRenderer: NodeRenderer {
    /// How many uploaded levels are kept (an opening viewer passes through a chain's levels one by one).
    private static let kept = 6

    private let context: GLContext
    private let pipeline: Pipeline<MipmappedPictureBlock>
    private let vertices: GraphicsBuffer
    private let uniforms: UniformStream
    private let uploaded = UploadedTextures<PremultipliedPicture>(kept: kept)

    /// Whether uploads are kept from frame to frame (reuse on).
    private let reuse: ReuseStore

    init(context: GLContext, shaders: ShaderLibrary, reuse: ReuseStore) throws {
        self.context = context
        self.reuse = reuse
        pipeline = try Pipeline(context: context, shaders: shaders, vertex: "tiles.vert", fragment: "mipmapped-picture.frag", blend: .premultiplied)
        vertices = try GraphicsBuffer(context: context)
        uniforms = try UniformStream(context: context)
    }

    var backdrop: NodeBackdrop { .blends }

    var hostRole: HostRole { .drawsOver }

    func drawsOnHostWithoutGrid(_ node: MipmappedPictureNode) -> Bool { true }

    func wantsFloatTarget(_ node: MipmappedPictureNode) -> Bool { true }

    func hostDrawing(_ node: MipmappedPictureNode, scene: Scene, rects: [PixelRect]) throws -> any HostDrawing {
        HostShadedDrawing(shader: HostMipmappedPictureRows(node: node), rects: rects, size: scene.size, dithers: scene.dither)
    }

    func compileEveryVariant() throws {}

    /// With reuse off, each frame uploads its levels again.
    func prepare(_ scene: Scene, background: HostBackground?) throws {
        if !reuse.isOn { uploaded.removeAll() }
    }

    func draw(_ node: MipmappedPictureNode, _ _: CoveredTiles, rects tiles: [PixelRect], scene: Scene, overBackground: Bool,
              lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        guard !tiles.isEmpty else { return }
        let detail = node.detail
        try vertices.upload(TileTriangles.positions(of: tiles, in: region))
        var draw = DrawCall(pipeline, into: target, showing: region, block: MipmappedPictureBlock(node, detail: detail),
                            geometry: .triangles(vertices, first: 0, count: tiles.count * 6))
        draw.textures = [(.mipFiner, try uploaded.rgba8Texture(for: node.chain.levels[detail.finer], context: context)),
                         (.mipCoarser, try uploaded.rgba8Texture(for: node.chain.levels[detail.coarser], context: context))]
        try draw.perform(streaming: uniforms)
    }
}

/// `mipmapped-picture.frag`'s block: level 0's corner, the finer level's texel in frame pixels, the coarser's weight; the clip; the opacity.
struct MipmappedPictureBlock: UniformBlock {
    static let name = "MipmappedPicture"

    var place: (Float, Float, Float, Float) = (0, 0, 1, 0)
    var clip: (Float, Float, Float, Float) = (0, 0, 0, 0)
    var alpha: Float = 0

    init() {}

    init(_ node: MipmappedPictureNode, detail: MipmappedPictureNode.Detail) {
        place = (Float(node.origin.x), Float(node.origin.y), Float(node.scale(ofLevel: detail.finer)), Float(detail.weight))
        clip = (Float(node.clip.left), Float(node.clip.top), Float(node.clip.right), Float(node.clip.bottom))
        alpha = Float(min(max(node.alpha, 0), 1))
    }

    func write(to writer: inout Std140Writer) {
        writer.vec4("u_mipPlace", place.0, place.1, place.2, place.3)
        writer.vec4("u_mipClip", clip.0, clip.1, clip.2, clip.3)
        writer.float("u_mipAlpha", alpha)
    }
}
