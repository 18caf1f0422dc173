import CallshadeCore

/// Draws stroke nodes (`drawing.md` section 1) in two passes: the stroke's
/// segments as instanced quads (`stroke-segments.vert`/`.frag`) into an R8
/// coverage target standing for the same region as the frame's target,
/// keeping the largest coverage (the union's), then `tiles.vert` +
/// `stroke.frag` over the node's tiles: the colour at its alpha times that
/// coverage, blended premultiplied, so the alpha applies once per stroke.
/// On the host route the host draws it (`HostStroke`: the reference's
/// coverage along rows), with no grid, so that a drawing's frame is drawn
/// there whole; a growing stroke's segments that have not changed since
/// the last frame are not shaded or classified again (`ReuseStore.settle`).
final class StrokeRenderer: NodeRenderer {
    /// Vectors of four floats a segment: its ends, its radii.
    private static let vectorsPerSegment = 2

    private let context: GLContext
    private let segmentPipeline: Pipeline<NoUniforms>
    private let compositePipeline: Pipeline<StrokeBlock>
    private let instances: GraphicsBuffer
    private let vertices: GraphicsBuffer
    private let uniforms: UniformStream
    /// The coverage target, the size of the region drawn in.
    private let coverageTarget: RegionTarget
    /// Keeps the host's coverage of the strokes it drew, and their tiles, for the next frame.
    private let reuse: ReuseStore

    init(context: GLContext, shaders: ShaderLibrary, reuse: ReuseStore) throws {
        self.context = context
        self.reuse = reuse
        coverageTarget = RegionTarget(context: context, format: .r8)
        segmentPipeline = try Pipeline(context: context, shaders: shaders, vertex: "stroke-segments.vert", fragment: "stroke-segments.frag",
                                       blend: .maximum)
        compositePipeline = try Pipeline(context: context, shaders: shaders, vertex: "tiles.vert", fragment: "stroke.frag",
                                         blend: .premultiplied)
        instances = try GraphicsBuffer(context: context)
        vertices = try GraphicsBuffer(context: context)
        uniforms = try UniformStream(context: context)
    }

    /// Its tiles as its node's `tileCoverage` gives them, a growing stroke's unchanged segments' kept.
    func tiles(of node: StrokeNode, in scene: Scene, classified: Bool) -> CoveredTiles {
        reuse.tiles(of: node, size: scene.size)
    }

    var backdrop: NodeBackdrop { .blends }

    var hostRole: HostRole { .drawsOver }

    func drawsOnHostWithoutGrid(_ node: StrokeNode) -> Bool { true }

    func hostDrawing(_ node: StrokeNode, scene: Scene, rects: [PixelRect]) throws -> any HostDrawing {
        let shader = HostStroke(node, height: scene.size.height, settled: reuse.coverage(of: node, size: scene.size))
        return HostShadedDrawing(shader: shader, rects: rects, size: scene.size, dithers: scene.dither)
    }

    func compileEveryVariant() throws {}

    func prepare(_ scene: Scene, background: HostBackground?) throws {}

    func draw(_ node: StrokeNode, _ _: CoveredTiles, rects tiles: [PixelRect], scene: Scene, overBackground: Bool,
              lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        guard !tiles.isEmpty, !node.segments.isEmpty, node.opacity > 0, !region.isEmpty else { return }
        let coverage = try coverageTarget.target(width: region.width, height: region.height)
        var values: [Float] = []
        values.reserveCapacity(node.segments.count * Self.vectorsPerSegment * 4)
        for segment in node.segments {
            values += [Float(segment.start.x), Float(segment.start.y), Float(segment.end.x), Float(segment.end.y),
                       Float(segment.startRadius), Float(segment.endRadius), 0, 0]
        }
        try instances.upload(values)
        var segments = DrawCall(segmentPipeline, into: coverage.framebuffer, showing: region, block: NoUniforms(),
                                geometry: .instancedQuads(instances, vectors: Self.vectorsPerSegment, count: node.segments.count))
        segments.clears = true
        try segments.perform(streaming: uniforms)

        try vertices.upload(TileTriangles.positions(of: tiles, in: region))
        var composite = DrawCall(compositePipeline, into: target, showing: region, block: StrokeBlock(node),
                                 geometry: .triangles(vertices, first: 0, count: tiles.count * 6))
        composite.textures = [(.strokeCoverage, coverage.texture)]
        try composite.perform(streaming: uniforms)
    }
}

/// `stroke.frag`'s block: the stroke's premultiplied colour.
struct StrokeBlock: UniformBlock {
    static let name = "Stroke"

    var color: (Float, Float, Float, Float) = (0, 0, 0, 0)

    init() {}

    init(_ node: StrokeNode) {
        let alpha = node.opacity
        color = (Float(node.color.r * alpha), Float(node.color.g * alpha), Float(node.color.b * alpha), Float(alpha))
    }

    func write(to writer: inout Std140Writer) {
        writer.vec4("u_strokeColor", color.0, color.1, color.2, color.3)
    }
}
