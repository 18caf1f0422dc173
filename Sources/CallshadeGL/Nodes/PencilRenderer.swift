import CallshadeCore

/// Draws pencil nodes (`drawing.md` section 3) as the stamp renderer draws
/// the marker: the grained stamps as instanced quads
/// (`pencil-layer.vert`/`.frag`, their lattice values from an R32F table,
/// a stamp a row) into a half-float layer, blended source-over, then
/// `tiles.vert` + `stamps.frag` over the node's tiles. Stamps go in
/// batches of at most `batch`, in order, so the table fits any GL ES 3.0
/// texture.
final class PencilRenderer: NodeRenderer {
    private static let vectorsPerStamp = 2
    /// Stamps a draw, and the widest table row (GL ES 3.0's least texture size).
    static let batch = 2048

    private let context: GLContext
    private let layerPipeline: Pipeline<PencilBlock>
    private let compositePipeline: Pipeline<StampsBlock>
    private let instances: GraphicsBuffer
    private let vertices: GraphicsBuffer
    private let uniforms: UniformStream
    /// The layer, the size of the region drawn in.
    private let layerTarget: RegionTarget

    init(context: GLContext, shaders: ShaderLibrary) throws {
        self.context = context
        layerTarget = RegionTarget(context: context, format: .rgba16f)
        layerPipeline = try Pipeline(context: context, shaders: shaders, vertex: "pencil-layer.vert", fragment: "pencil-layer.frag",
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

    func draw(_ node: PencilNode, _ _: CoveredTiles, rects tiles: [PixelRect], scene: Scene, overBackground: Bool,
              lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        guard !tiles.isEmpty, !node.stamps.isEmpty, node.opacity > 0, !region.isEmpty else { return }
        let perStamp = node.side * node.side
        guard perStamp <= Self.batch else {
            // The grain's lattice (2 canvas pixels) under a stamp and a pixel around it: a wide pencil on a large canvas, or a canvas drawn small.
            throw SceneRenderError.beyondLimit("a pencil stroke being drawn covers \(perStamp) cells of its grain a stamp at this frame size, "
                                               + "more than the GPU's \(Self.batch) (a wide pencil on a large canvas, or a canvas drawn small); "
                                               + "--backend cpu draws it")
        }
        guard context.rendersToFloat else { throw SceneRenderError.capability("float render targets, which the pencil needs") }
        let layer = try layerTarget.target(width: region.width, height: region.height)
        for start in stride(from: 0, to: node.stamps.count, by: Self.batch) {
            let range = start..<min(start + Self.batch, node.stamps.count)
            let table = try Texture(context: context, width: perStamp, height: range.count, format: .r32f)
            try table.upload(redFloats: node.values[(range.lowerBound * perStamp)..<(range.upperBound * perStamp)].map { Float($0) })
            var values: [Float] = []
            values.reserveCapacity(range.count * Self.vectorsPerStamp * 4)
            for (row, index) in range.enumerated() {
                let stamp = node.stamps[index]
                values += [Float(stamp.centre.x), Float(stamp.centre.y), Float(stamp.turn), Float(row),
                           Float(node.radius), Float(node.lattice), Float(node.opacity), 0]
            }
            try instances.upload(values)
            var stamps = DrawCall(layerPipeline, into: layer.framebuffer, showing: region, block: PencilBlock(node),
                                  geometry: .instancedQuads(instances, vectors: Self.vectorsPerStamp, count: range.count))
            stamps.clears = start == 0
            stamps.textures = [(.pencilValues, table)]
            try stamps.perform(streaming: uniforms)
        }

        try vertices.upload(TileTriangles.positions(of: tiles, in: region))
        var composite = DrawCall(compositePipeline, into: target, showing: region, block: StampsBlock(color: node.color),
                                 geometry: .triangles(vertices, first: 0, count: tiles.count * 6))
        composite.textures = [(.stampLayer, layer.texture)]
        try composite.perform(streaming: uniforms)
    }
}

/// `pencil-layer.frag`'s block: the shape of a stamp's table of lattice values.
struct PencilBlock: UniformBlock {
    static let name = "Pencil"

    var lattice: (Float, Float, Float, Float) = (0, 0, 0, 0)

    init() {}

    init(_ node: PencilNode) {
        lattice = (Float(node.side), Float(node.first), 0, 0)
    }

    func write(to writer: inout Std140Writer) {
        writer.vec4("u_pencilLattice", lattice.0, lattice.1, lattice.2, lattice.3)
    }
}
