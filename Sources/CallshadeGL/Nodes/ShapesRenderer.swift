import CallshadeCore

/// Draws the drawing's shape entities: `tiles.vert` + `shapes-entities.frag`
/// over the node's tiles, `ShapesBlock.shapes` shapes a draw, blended
/// premultiplied over what the target holds. The GPU draws it on every route.
final class ShapesRenderer: NodeRenderer {
    private let pipeline: Pipeline<ShapesBlock>
    private let vertices: GraphicsBuffer
    private let uniforms: UniformStream

    init(context: GLContext, shaders: ShaderLibrary) throws {
        pipeline = try Pipeline(context: context, shaders: shaders, vertex: "tiles.vert", fragment: "shapes-entities.frag", blend: .premultiplied)
        vertices = try GraphicsBuffer(context: context)
        uniforms = try UniformStream(context: context)
    }

    var backdrop: NodeBackdrop { .blends }

    func compileEveryVariant() throws -> Int { 1 }

    func prepare(_ scene: Scene, background: (@Sendable (Vec2) -> RGB)?) throws {}

    func draw(_ node: ShapesNode, _ _: CoveredTiles, rects tiles: [PixelRect], scene: Scene, overBackground: Bool,
              lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        let shapes = node.shapes.filter { $0.alpha > 0 && $0.scale > 0 }
        guard !tiles.isEmpty, !shapes.isEmpty else { return }
        try vertices.upload(TileTriangles.positions(of: tiles, in: region))
        for first in stride(from: 0, to: shapes.count, by: ShapesBlock.shapes) {
            let draw = DrawCall(pipeline, into: target, showing: region, block: ShapesBlock(shapes[first..<min(first + ShapesBlock.shapes, shapes.count)]),
                                geometry: .triangles(vertices, first: 0, count: tiles.count * 6))
            try draw.perform(streaming: uniforms)
        }
    }
}

/// `shapes-entities.frag`'s block: up to `shapes` shapes, each its place,
/// geometry, extras and colour; the rest none.
struct ShapesBlock: UniformBlock {
    static let name = "Shapes"
    /// How many shapes one draw takes (the shader's array length).
    static let shapes = 8

    var places = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 1), count: shapes)
    var geometry = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: shapes)
    var extras = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: shapes)
    var colors = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: shapes)

    init() {}

    init(_ shapes: ArraySlice<PlacedShape>) {
        for (index, shape) in shapes.prefix(Self.shapes).enumerated() {
            places[index] = (Float(shape.centre.x), Float(shape.centre.y), Float(shape.rotation), Float(shape.scale))
            let stroke = Float(shape.stroke)
            switch shape.geometry {
            case .rectangle(let rectangle):
                geometry[index] = (1, Float(rectangle.width), Float(rectangle.height), stroke)
                extras[index] = (Float(rectangle.radius), 0, 0, 0)
            case .ellipse(let a, let b): geometry[index] = (2, Float(2 * a), Float(2 * b), stroke)
            case .star(let star): geometry[index] = (3, Float(2 * star.outer), Float(2 * star.outer), stroke)
            case .bubble(let bubble): geometry[index] = (4, Float(bubble.width), Float(bubble.height), stroke)
            case .arrow(let length, let head): geometry[index] = (5, Float(length), Float(head), stroke)
            }
            colors[index] = (Float(shape.color.r), Float(shape.color.g), Float(shape.color.b), Float(min(max(shape.alpha, 0), 1)))
        }
    }

    func write(to writer: inout Std140Writer) {
        writer.vec4s("u_shapePlaces", count: Self.shapes) { places[$0] }
        writer.vec4s("u_shapeGeometry", count: Self.shapes) { geometry[$0] }
        writer.vec4s("u_shapeExtras", count: Self.shapes) { extras[$0] }
        writer.vec4s("u_shapeColors", count: Self.shapes) { colors[$0] }
    }
}
