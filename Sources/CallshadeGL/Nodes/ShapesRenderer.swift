import CallshadeCore
import Foundation

/// Draws the drawing's shape entities: `tiles.vert` + `shapes-entities.frag`,
/// one draw a shape in order over the node's tiles cut to the shape's box
/// (`ShapesNode.box`, outside which it covers nothing), blended
/// premultiplied over what the target holds: a pixel runs the program only
/// for the shapes that may reach it (all of them in one draw cost llvmpipe
/// every shape's outline at every pixel of every shape). On the host route
/// the host draws it (`HostShapes`: the reference's coverage along rows),
/// with no grid, so that a drawing's frame with shapes is drawn there whole.
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

    var hostRole: HostRole { .drawsOver }

    func drawsOnHostWithoutGrid(_ node: ShapesNode) -> Bool { true }

    func hostDrawing(_ node: ShapesNode, scene: Scene, rects: [PixelRect]) throws -> any HostDrawing {
        HostShadedDrawing(shader: HostShapes(node), rects: rects, size: scene.size, dithers: scene.dither)
    }

    func compileEveryVariant() throws {}

    func prepare(_ scene: Scene, background: HostBackground?) throws {}

    func draw(_ node: ShapesNode, _ _: CoveredTiles, rects tiles: [PixelRect], scene: Scene, overBackground: Bool,
              lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        for shape in node.shapes where shape.alpha > 0 && shape.scale > 0 {
            let box = ShapesNode.box(of: shape)
            let left = Int(box.left.rounded(.down)), top = Int(box.top.rounded(.down))
            let reach = PixelRect(x: left, y: top, width: Int(box.right.rounded(.up)) - left, height: Int(box.bottom.rounded(.up)) - top)
            let rects = tiles.map { $0.intersection(reach) }.filter { !$0.isEmpty }
            guard !rects.isEmpty else { continue }
            try vertices.upload(TileTriangles.positions(of: rects, in: region))
            let draw = DrawCall(pipeline, into: target, showing: region, block: ShapesBlock(shape),
                                geometry: .triangles(vertices, first: 0, count: rects.count * 6))
            try draw.perform(streaming: uniforms)
        }
    }
}

/// `shapes-entities.frag`'s block: one shape's place (its centre, and the
/// cosine and sine of its turn over its scale), geometry, extras (a
/// rectangle's corner radius, the scale) and colour.
struct ShapesBlock: UniformBlock {
    static let name = "Shape"

    var place: (Float, Float, Float, Float) = (0, 0, 1, 0)
    var geometry: (Float, Float, Float, Float) = (0, 0, 0, 0)
    var extras: (Float, Float, Float, Float) = (0, 1, 0, 0)
    var color: (Float, Float, Float, Float) = (0, 0, 0, 0)
    /// A polygon's vertices, two a vec4 (x, y, x, y), in its own units.
    var vertices = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: PlacedShape.Geometry.maximumVertices / 2)
    /// (paint: 0 solid, 1 linear, 2 steps; stops; its box's left and right in its own units).
    var paint: (Float, Float, Float, Float) = (0, 0, 0, 1)
    var stopPositions: (Float, Float, Float, Float) = (0, 0, 0, 0)
    var stopColours = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: ShapePaint.maximumStops)
    /// (the fade's start and end rows, frame pixels, 1 with a fade or 0; the soft edge's sigma, frame pixels, 0 for none).
    var fade: (Float, Float, Float, Float) = (0, 0, 0, 0)

    init() {}

    init(_ shape: PlacedShape) {
        place = (Float(shape.centre.x), Float(shape.centre.y), Float(cos(shape.rotation) / shape.scale), Float(sin(shape.rotation) / shape.scale))
        let stroke = Float(shape.stroke)
        switch shape.geometry {
        case .rectangle(let rectangle):
            geometry = (1, Float(rectangle.width), Float(rectangle.height), stroke)
            extras.0 = Float(rectangle.radius)
            (extras.2, extras.3) = (Float(rectangle.x + rectangle.width / 2), Float(rectangle.y + rectangle.height / 2))
        case .ellipse(let a, let b): geometry = (2, Float(2 * a), Float(2 * b), stroke)
        case .star(let star): geometry = (3, Float(2 * star.outer), Float(2 * star.outer), stroke)
        case .bubble(let bubble): geometry = (4, Float(bubble.width), Float(bubble.height), stroke)
        case .arrow(let length, let head): geometry = (5, Float(length), Float(head), stroke)
        case .polygon(let points):
            let kept = Array(points.prefix(PlacedShape.Geometry.maximumVertices))
            geometry = (6, Float(kept.count), 0, stroke)
            for pair in 0..<(kept.count + 1) / 2 {
                let first = kept[2 * pair], second = 2 * pair + 1 < kept.count ? kept[2 * pair + 1] : first
                vertices[pair] = (Float(first.x), Float(first.y), Float(second.x), Float(second.y))
            }
        }
        extras.1 = Float(shape.scale)
        color = (Float(shape.color.r), Float(shape.color.g), Float(shape.color.b), Float(min(max(shape.alpha, 0), 1)))
        let box = shape.localBox
        if case .across(let stops, let steps) = shape.paint, !stops.isEmpty {
            let kept = Array(stops.prefix(ShapePaint.maximumStops))
            paint = (steps ? 2 : 1, Float(kept.count), Float(box.left), Float(box.right))
            let position = { (index: Int) in Float(kept[min(index, kept.count - 1)].position) }
            stopPositions = (position(0), position(1), position(2), position(3))
            for (index, stop) in kept.enumerated() { stopColours[index] = (Float(stop.colour.r), Float(stop.colour.g), Float(stop.colour.b), 1) }
        }
        if let shapeFade = shape.fade { fade = (Float(shapeFade.start), Float(shapeFade.end), 1, 0) }
        fade.3 = Float(shape.softness)
    }

    func write(to writer: inout Std140Writer) {
        writer.vec4("u_shapePlace", place.0, place.1, place.2, place.3)
        writer.vec4("u_shapeGeometry", geometry.0, geometry.1, geometry.2, geometry.3)
        writer.vec4("u_shapeExtras", extras.0, extras.1, extras.2, extras.3)
        writer.vec4("u_shapeColor", color.0, color.1, color.2, color.3)
        writer.vec4s("u_shapeVertices", count: vertices.count) { vertices[$0] }
        writer.vec4("u_shapePaint", paint.0, paint.1, paint.2, paint.3)
        writer.vec4("u_shapeStops", stopPositions.0, stopPositions.1, stopPositions.2, stopPositions.3)
        writer.vec4s("u_shapeStopColours", count: stopColours.count) { stopColours[$0] }
        writer.vec4("u_shapeFade", fade.0, fade.1, fade.2, fade.3)
    }
}
