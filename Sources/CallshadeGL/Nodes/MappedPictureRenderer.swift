import CallshadeCore

/// Draws mapped pictures: `tiles.vert` + `mapped-picture.frag` over the
/// node's tiles, its picture uploaded once (RGBA8, premultiplied, as made)
/// and kept while the same picture comes again (a gallery grid while its
/// held rows stay), blended premultiplied; a frame where one is scaled or
/// translucent (a pinch's two grids over each other) is drawn into a
/// half-float target. On the host route the host draws it along rows
/// (`HostMappedPictureRows`), with no grid.
final class MappedPictureRenderer: NodeRenderer {
    /// How many uploaded pictures are kept (a pinch shows two grids).
    private static let kept = 4

    private let context: GLContext
    private let pipeline: Pipeline<MappedPictureBlock>
    private let vertices: GraphicsBuffer
    private let uniforms: UniformStream
    private let uploaded = UploadedTextures<PremultipliedPicture>(kept: kept)

    /// Whether uploads are kept from frame to frame (reuse on).
    private let reuse: ReuseStore

    init(context: GLContext, shaders: ShaderLibrary, reuse: ReuseStore) throws {
        self.context = context
        self.reuse = reuse
        pipeline = try Pipeline(context: context, shaders: shaders, vertex: "tiles.vert", fragment: "mapped-picture.frag", blend: .premultiplied)
        vertices = try GraphicsBuffer(context: context)
        uniforms = try UniformStream(context: context)
    }

    var backdrop: NodeBackdrop { .blends }

    var hostRole: HostRole { .drawsOver }

    func drawsOnHostWithoutGrid(_ node: MappedPictureNode) -> Bool { true }

    func wantsFloatTarget(_ node: MappedPictureNode) -> Bool { !node.atRest || node.alpha < 1 }

    func hostDrawing(_ node: MappedPictureNode, scene: Scene, rects: [PixelRect]) throws -> any HostDrawing {
        HostShadedDrawing(shader: HostMappedPictureRows(node: node), rects: rects, size: scene.size, dithers: scene.dither)
    }

    func compileEveryVariant() throws {}

    /// With reuse off, each frame uploads its pictures again.
    func prepare(_ scene: Scene, background: HostBackground?) throws {
        if !reuse.isOn { uploaded.removeAll() }
    }

    func draw(_ node: MappedPictureNode, _ _: CoveredTiles, rects tiles: [PixelRect], scene: Scene, overBackground: Bool,
              lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        guard !tiles.isEmpty else { return }
        try vertices.upload(TileTriangles.positions(of: tiles, in: region))
        var draw = DrawCall(pipeline, into: target, showing: region, block: MappedPictureBlock(node),
                            geometry: .triangles(vertices, first: 0, count: tiles.count * 6))
        draw.textures = [(.mappedPicture, try uploaded.rgba8Texture(for: node.picture, context: context))]
        try draw.perform(streaming: uniforms)
    }
}

/// `mapped-picture.frag`'s block: the picture's corner in the frame, texels a pixel across and down, and the opacity.
struct MappedPictureBlock: UniformBlock {
    static let name = "MappedPicture"

    var place: (Float, Float, Float, Float) = (0, 0, 1, 1)
    var alpha: Float = 0

    init() {}

    init(_ node: MappedPictureNode) {
        place = (Float(node.origin.x), Float(node.origin.y), Float(1 / node.scale.x), Float(1 / node.scale.y))
        alpha = Float(min(max(node.alpha, 0), 1))
    }

    func write(to writer: inout Std140Writer) {
        writer.vec4("u_mappedPlace", place.0, place.1, place.2, place.3)
        writer.float("u_mappedAlpha", alpha)
    }
}
