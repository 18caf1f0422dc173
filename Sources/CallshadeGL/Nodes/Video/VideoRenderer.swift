import CallshadeCore

/// Draws video nodes: `tiles.vert` + `video.frag` over the node's tiles,
/// from its picture's planes uploaded as decoded (`PictureTextures`, kept
/// while the same picture comes again), blended premultiplied over what the
/// target holds. On the host route the host draws it over the composed
/// frame (`HostVideo`, the reference's rule) when nothing the GPU draws
/// lies over it: a software rasteriser spent most of a video call's frame on it.
final class VideoRenderer: NodeRenderer {
    /// The builds of `video.frag`: a still's RGBA or a video's planes, dithered or not.
    private struct Options: Hashable {
        var still: Bool
        var dither: Bool

        var defines: [String] { (still ? ["STILL_PICTURE"] : []) + (dither ? ["DITHER"] : []) }
    }

    private let context: GLContext
    private let variants: ProgramVariants<Options, Pipeline<VideoBlock>>
    private let vertices: GraphicsBuffer
    private let uniforms: UniformStream
    private var pictures = PictureTextureCache()
    /// Keeps the straight rectangles the host wrote into I420 (a picture
    /// shown again in the same place is copied), the tiles of video nodes
    /// (read from their placement alone, not their pictures) and the host's
    /// layouts (their sampling and straight rectangles).
    private let reuse: ReuseStore

    init(context: GLContext, shaders: ShaderLibrary, reuse: ReuseStore) throws {
        self.context = context
        self.reuse = reuse
        variants = try ProgramVariants(eager: [Options(still: false, dither: true)]) {
            try Pipeline(context: context, shaders: shaders, vertex: "tiles.vert", fragment: "video.frag", defines: $0.defines,
                         blend: .premultiplied)
        }
        vertices = try GraphicsBuffer(context: context)
        uniforms = try UniformStream(context: context)
    }

    var backdrop: NodeBackdrop { .blends }

    func tiles(of node: VideoNode, in scene: Scene, classified: Bool) -> CoveredTiles {
        reuse.tiles(of: node, key: node.placement, size: scene.size)
    }

    /// A picture fading in or out, cross-fading or turning (`NodeRenderer.wantsFloatTarget`).
    func wantsFloatTarget(_ node: VideoNode) -> Bool { node.opacity < 1 }

    var hostRole: HostRole { .drawsOver }

    /// A picture sampled over what lies below: nothing of the grid (the chat's navigation bar's avatar).
    func drawsOnHostWithoutGrid(_ node: VideoNode) -> Bool { true }

    func hostDrawing(_ node: VideoNode, scene: Scene, rects: [PixelRect]) throws -> any HostDrawing {
        let layout = reuse.value(HostVideoDrawing.Layout.Key(node: node, rects: rects, size: scene.size)) {
            let made = HostVideoDrawing.Layout(node: node, rects: rects, size: scene.size)
            return (made, made.bytes)
        }
        return HostVideoDrawing(node: node, rects: rects, size: scene.size, dithers: scene.dither, reuse: reuse, layout: layout)
    }

    func compileEveryVariant() throws {
        let builds = [false, true].flatMap { still in [false, true].map { Options(still: still, dither: $0) } }
        for options in builds { _ = try variants.variant(options) }
    }

    /// Uploads the frame's pictures that are not kept already.
    func prepare(_ scene: Scene, background: HostBackground?) throws {
        let nodes = scene.nodes.compactMap { $0 as? VideoNode }
        // With reuse off, each frame uploads its pictures again.
        if !reuse.isOn { pictures = PictureTextureCache() }
        pictures.keep(nodes.count)
        for node in nodes { _ = try pictures.textures(for: node.picture, context: context) }
    }

    func draw(_ node: VideoNode, _ _: CoveredTiles, rects tiles: [PixelRect], scene: Scene, overBackground: Bool,
              lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        guard !tiles.isEmpty, node.isVisible else { return }
        let textures = try pictures.textures(for: node.picture, context: context)
        try vertices.upload(TileTriangles.positions(of: tiles, in: region))
        var draw = DrawCall(try variants.variant(Options(still: textures.isStill, dither: scene.dither)), into: target, showing: region,
                            block: VideoBlock(node), geometry: .triangles(vertices, first: 0, count: tiles.count * 6))
        draw.textures = textures.bindings
        try draw.perform(streaming: uniforms)
    }
}
