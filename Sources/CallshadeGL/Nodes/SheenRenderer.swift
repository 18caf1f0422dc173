import CallshadeCore

/// Draws sheen nodes (the access screen's sparkle): `tiles.vert` +
/// `sheen.frag` over the node's tiles, white blended premultiplied over
/// what the target holds. The GPU draws it on every route.
final class SheenRenderer: NodeRenderer {
    private let pipeline: Pipeline<SheenBlock>
    private let vertices: GraphicsBuffer
    private let uniforms: UniformStream

    init(context: GLContext, shaders: ShaderLibrary) throws {
        pipeline = try Pipeline(context: context, shaders: shaders, vertex: "tiles.vert", fragment: "sheen.frag", blend: .premultiplied)
        vertices = try GraphicsBuffer(context: context)
        uniforms = try UniformStream(context: context)
    }

    var backdrop: NodeBackdrop { .blends }

    func compileEveryVariant() throws {}

    func prepare(_ scene: Scene, background: HostBackground?) throws {}

    func draw(_ sheen: SheenNode, _ _: CoveredTiles, rects tiles: [PixelRect], scene: Scene, overBackground: Bool,
              lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        guard !tiles.isEmpty else { return }
        try vertices.upload(TileTriangles.positions(of: tiles, in: region))
        let draw = DrawCall(pipeline, into: target, showing: region, block: SheenBlock(sheen),
                            geometry: .triangles(vertices, first: 0, count: tiles.count * 6))
        try draw.perform(streaming: uniforms)
    }
}

/// `sheen.frag`'s block: the shape, its corner radii and ring, the band.
struct SheenBlock: UniformBlock {
    static let name = "Sheen"

    var shape: (Float, Float, Float, Float) = (0, 0, 0, 0)
    var edges: (Float, Float, Float, Float) = (0, 0, 0, 0)
    var band: (Float, Float, Float, Float) = (0, 1, 0, 0)

    init() {}

    init(_ sheen: SheenNode) {
        func unit(_ value: Double) -> Float { Float(min(max(value, 0), 1)) }
        let rectangle = sheen.shape
        shape = (Float(rectangle.x), Float(rectangle.y), Float(rectangle.width), Float(rectangle.height))
        edges = (Float(rectangle.radius), Float(sheen.ringWidth), Float(sheen.inner.radius), 0)
        band = (Float(sheen.bandCentre), Float(max(sheen.bandHalfWidth, 1e-6)), unit(sheen.fillAlpha), unit(sheen.ringAlpha))
    }

    func write(to writer: inout Std140Writer) {
        writer.vec4("u_sheenShape", shape.0, shape.1, shape.2, shape.3)
        writer.vec4("u_sheenEdges", edges.0, edges.1, edges.2, edges.3)
        writer.vec4("u_sheenBand", band.0, band.1, band.2, band.3)
    }
}
