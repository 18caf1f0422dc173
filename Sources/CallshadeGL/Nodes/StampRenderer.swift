import CallshadeCore

/// Draws stamp nodes (the marker, `drawing.md` section 3) in two passes:
/// the stamps as instanced quads (`stamp-layer.vert`/`.frag`) into a
/// half-float layer standing for the same region as the frame's target,
/// each blended source-over (the float target keeps the many small alphas
/// from rounding at every stamp), then `tiles.vert` + `stamps.frag` over
/// the node's tiles: the colour at the layer's alpha, premultiplied. On the
/// host route the GPU draws it too and the host pastes its tiles.
final class StampRenderer: NodeRenderer {
    /// Vectors of four floats a stamp: centre and semi-axes, turn and alpha.
    private static let vectorsPerStamp = 2

    private let context: GLContext
    private let layerPipeline: Pipeline<NoUniforms>
    private let compositePipeline: Pipeline<StampsBlock>
    private let instances: GraphicsBuffer
    private let vertices: GraphicsBuffer
    private let uniforms: UniformStream
    /// The layer, the size of the region drawn in.
    private let layerTarget: RegionTarget

    init(context: GLContext, shaders: ShaderLibrary) throws {
        self.context = context
        layerTarget = RegionTarget(context: context, format: .rgba16f)
        layerPipeline = try Pipeline(context: context, shaders: shaders, vertex: "stamp-layer.vert", fragment: "stamp-layer.frag",
                                     blend: .premultiplied)
        compositePipeline = try Pipeline(context: context, shaders: shaders, vertex: "tiles.vert", fragment: "stamps.frag",
                                         blend: .premultiplied)
        instances = try GraphicsBuffer(context: context)
        vertices = try GraphicsBuffer(context: context)
        uniforms = try UniformStream(context: context)
    }

    var backdrop: NodeBackdrop { .blends }

    func compileEveryVariant() throws {}

    func prepare(_ scene: Scene, background: HostBackground?) throws {}

    func draw(_ node: StampNode, _ _: CoveredTiles, rects tiles: [PixelRect], scene: Scene, overBackground: Bool,
              lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        guard !tiles.isEmpty, !node.stamps.isEmpty, node.opacity > 0, !region.isEmpty else { return }
        guard context.rendersToFloat else { throw SceneRenderError.capability("float render targets, which the marker and neon need") }
        let layer = try layerTarget.target(width: region.width, height: region.height)
        var values: [Float] = []
        values.reserveCapacity(node.stamps.count * Self.vectorsPerStamp * 4)
        let alpha = Float(node.opacity)
        for stamp in node.stamps {
            values += [Float(stamp.centre.x), Float(stamp.centre.y), Float(stamp.a), Float(stamp.b), Float(stamp.angle), alpha, 0, 0]
        }
        try instances.upload(values)
        var stamps = DrawCall(layerPipeline, into: layer.framebuffer, showing: region, block: NoUniforms(),
                              geometry: .instancedQuads(instances, vectors: Self.vectorsPerStamp, count: node.stamps.count))
        stamps.clears = true
        try stamps.perform(streaming: uniforms)

        try vertices.upload(TileTriangles.positions(of: tiles, in: region))
        var composite = DrawCall(compositePipeline, into: target, showing: region, block: StampsBlock(color: node.color),
                                 geometry: .triangles(vertices, first: 0, count: tiles.count * 6))
        composite.textures = [(.stampLayer, layer.texture)]
        try composite.perform(streaming: uniforms)
    }
}

/// `stamps.frag`'s block: the stroke's colour (the marker's and the pencil's).
struct StampsBlock: UniformBlock {
    static let name = "Stamps"

    var color: (Float, Float, Float, Float) = (0, 0, 0, 0)

    init() {}

    init(color: RGB) {
        self.color = (Float(color.r), Float(color.g), Float(color.b), 0)
    }

    func write(to writer: inout Std140Writer) {
        writer.vec4("u_stampsColor", color.0, color.1, color.2, color.3)
    }
}
