import CallshadeCore
import Foundation

/// Draws the drawing's shape entities: `tiles.vert` + `shapes-entities.frag`,
/// one draw a shape in order over the node's tiles cut to the shape's box
/// (`ShapesNode.box`, outside which it covers nothing), blended
/// premultiplied over what the target holds: a pixel runs the program only
/// for the shapes that may reach it (all of them in one draw cost llvmpipe
/// every shape's outline at every pixel of every shape). On the host route
/// the host draws it (`HostShapes`: the reference's coverage along rows),
/// with no grid, so that a drawing's frame with shapes is drawn there whole;
/// its shaded values are kept while the same node draws over the same tiles
/// (`ShadedValues`: the editor's screen at rest).
final class ShapesRenderer: NodeRenderer {
    private let pipeline: Pipeline<ShapesBlock>
    private let vertices: GraphicsBuffer
    private let uniforms: UniformStream
    private let reuse: ReuseStore
    /// The cores the kept values are worked out over, asked of the system once.
    private let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    init(context: GLContext, shaders: ShaderLibrary, reuse: ReuseStore) throws {
        self.reuse = reuse
        pipeline = try Pipeline(context: context, shaders: shaders, vertex: "tiles.vert", fragment: "shapes-entities.frag", blend: .premultiplied)
        vertices = try GraphicsBuffer(context: context)
        uniforms = try UniformStream(context: context)
    }

    var backdrop: NodeBackdrop { .blends }

    var hostRole: HostRole { .drawsOver }

    func drawsOnHostWithoutGrid(_ node: ShapesNode) -> Bool { true }

    func hostDrawing(_ node: ShapesNode, scene: Scene, rects: [PixelRect]) throws -> any HostDrawing {
        // Seen once, it is shaded as it is drawn; seen again (it rests), its values are kept.
        guard let kept = reuse.shadedValues(ShadedValuesKey(node: node, rects: rects, size: scene.size), make: {
            ShadedValues(HostShapes(node), rects: rects, width: scene.size.width, cores: cores)
        }) else {
            return HostShadedDrawing(shader: HostShapes(node), rects: rects, size: scene.size, dithers: scene.dither)
        }
        return HostShadedDrawing(shader: KeptShading(kept: kept), rects: rects, size: scene.size, dithers: scene.dither)
    }

    func compileEveryVariant() throws {}

    func prepare(_ scene: Scene, background: HostBackground?) throws {}

    func draw(_ node: ShapesNode, _ _: CoveredTiles, rects tiles: [PixelRect], scene: Scene, overBackground: Bool,
              lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        try Self.draw(node.shapes, over: tiles, pipeline: pipeline, vertices: vertices, uniforms: uniforms, into: target, showing: region) {
            ShapesBlock($0)
        }
    }

    /// Draws each shape in turn (opacity and scale above 0) over `tiles`
    /// cut to its box (`ShapesNode.box`), with the block `block` makes of it.
    static func draw(_ shapes: [PlacedShape], over tiles: [PixelRect], pipeline: Pipeline<ShapesBlock>, vertices: GraphicsBuffer,
                     uniforms: UniformStream, textures: [(unit: TextureUnit, texture: Texture)] = [], into target: Framebuffer,
                     showing region: PixelRect, block: (PlacedShape) -> ShapesBlock) throws {
        for shape in shapes where shape.alpha > 0 && shape.scale > 0 {
            let box = ShapesNode.box(of: shape)
            // (A shape wholly under its fade's end covers nothing.)
            guard box.bottom > box.top, box.right > box.left else { continue }
            let left = Int(box.left.rounded(.down)), top = Int(box.top.rounded(.down))
            let reach = PixelRect(x: left, y: top, width: Int(box.right.rounded(.up)) - left, height: Int(box.bottom.rounded(.up)) - top)
            let rects = tiles.map { $0.intersection(reach) }.filter { !$0.isEmpty }
            guard !rects.isEmpty else { continue }
            try vertices.upload(TileTriangles.positions(of: rects, in: region))
            var draw = DrawCall(pipeline, into: target, showing: region, block: block(shape),
                                geometry: .triangles(vertices, first: 0, count: rects.count * 6))
            draw.textures = textures
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
    // (A `.lines` shape's lines take one vec4 each.)
    /// (paint: 0 solid, 1 linear, 2 steps, 3 conic; stops; its box's left and right in its own units, or a conic's start angle).
    var paint: (Float, Float, Float, Float) = (0, 0, 0, 1)
    var stopPositions = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: ShapePaint.maximumStops / 4)
    /// An arc (centre x, centre y, radius, 1 with one or 0) and (its start angle, its sweep, unused, unused).
    var arc: (Float, Float, Float, Float) = (0, 0, 0, 0)
    var arcSpan: (Float, Float, Float, Float) = (0, 0, 0, 0)
    var stopColours = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: ShapePaint.maximumStops)
    /// (the fade's start and end rows, frame pixels, 1 with a fade or 0; the soft edge's sigma, frame pixels, 0 for none).
    var fade: (Float, Float, Float, Float) = (0, 0, 0, 0)
    /// FROSTED: (the lattice's origin, frame pixels, x and y; its blocks' side; unused) and (its columns, its rows, unused, unused).
    var frost: (Float, Float, Float, Float) = (0, 0, 1, 0)
    var frostSize: (Float, Float, Float, Float) = (1, 1, 0, 0)

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
        case .taperedCapsule(let capsule):
            geometry = (7, Float(capsule.startRadius), Float(capsule.endRadius), stroke)
            vertices[0] = (Float(capsule.start.x), Float(capsule.start.y), Float(capsule.end.x), Float(capsule.end.y))
        case .lines(let lines, let shapeArc):
            let kept = Array(lines.prefix(PlacedShape.Geometry.maximumLines))
            geometry = (8, Float(kept.count), 0, stroke)
            for (index, line) in kept.enumerated() {
                vertices[index] = (Float(line.start.x), Float(line.start.y), Float(line.end.x), Float(line.end.y))
            }
            if let shapeArc {
                arc = (Float(shapeArc.centre.x), Float(shapeArc.centre.y), Float(shapeArc.radius), 1)
                arcSpan = (Float(shapeArc.start), Float(shapeArc.sweep), 0, 0)
            }
        }
        extras.1 = Float(shape.scale)
        color = (Float(shape.color.r), Float(shape.color.g), Float(shape.color.b), Float(min(max(shape.alpha, 0), 1)))
        let box = shape.localBox
        var stops: [ShapePaintStop] = []
        switch shape.paint {
        case .solid: break
        case .across(let across, let steps):
            stops = across
            paint = (steps ? 2 : 1, 0, Float(box.left), Float(box.right))
        case .conic(let around, let start):
            stops = around
            paint = (3, 0, Float(start), 0)
        }
        if !stops.isEmpty {
            let kept = Array(stops.prefix(ShapePaint.maximumStops))
            paint.1 = Float(kept.count)
            let position = { (index: Int) in Float(kept[min(index, kept.count - 1)].position) }
            for quad in stopPositions.indices {
                stopPositions[quad] = (position(4 * quad), position(4 * quad + 1), position(4 * quad + 2), position(4 * quad + 3))
            }
            for (index, stop) in kept.enumerated() { stopColours[index] = (Float(stop.colour.r), Float(stop.colour.g), Float(stop.colour.b), 1) }
        } else {
            paint.0 = 0
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
        writer.vec4s("u_shapeStops", count: stopPositions.count) { stopPositions[$0] }
        writer.vec4s("u_shapeStopColours", count: stopColours.count) { stopColours[$0] }
        writer.vec4("u_shapeFade", fade.0, fade.1, fade.2, fade.3)
        writer.vec4("u_shapeArc", arc.0, arc.1, arc.2, arc.3)
        writer.vec4("u_shapeArcSpan", arcSpan.0, arcSpan.1, arcSpan.2, arcSpan.3)
        writer.vec4("u_shapeFrost", frost.0, frost.1, frost.2, frost.3)
        writer.vec4("u_shapeFrostSize", frostSize.0, frostSize.1, frostSize.2, frostSize.3)
    }
}
