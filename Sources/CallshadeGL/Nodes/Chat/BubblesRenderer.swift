import CallshadeCore

/// Draws chat bubbles: `tiles.vert` + `bubbles.frag` over the node's tiles,
/// `BubblesBlock.bubbles` bubbles a draw, then the strokes
/// `BubblesBlock.strokes` a draw, blended premultiplied over what
/// the target holds. On the host route the host draws it over the composed
/// frame (`HostBubbles`) when nothing the GPU draws lies over it.
final class BubblesRenderer: NodeRenderer {
    private let pipeline: Pipeline<BubblesBlock>
    private let vertices: GraphicsBuffer
    private let uniforms: UniformStream

    init(context: GLContext, shaders: ShaderLibrary) throws {
        pipeline = try Pipeline(context: context, shaders: shaders, vertex: "tiles.vert", fragment: "bubbles.frag", blend: .premultiplied)
        vertices = try GraphicsBuffer(context: context)
        uniforms = try UniformStream(context: context)
    }

    var backdrop: NodeBackdrop { .blends }

    var hostRole: HostRole { .drawsOver }

    func drawsOnHostWithoutGrid(_ node: BubbleNode) -> Bool { true }

    func hostDrawing(_ node: BubbleNode, scene: Scene, rects: [PixelRect]) throws -> any HostDrawing {
        HostShadedDrawing(shader: HostBubbles(node), rects: rects, size: scene.size, dithers: scene.dither)
    }

    func compileEveryVariant() throws {}

    func prepare(_ scene: Scene, background: HostBackground?) throws {}

    func draw(_ node: BubbleNode, _ _: CoveredTiles, rects tiles: [PixelRect], scene: Scene, overBackground: Bool,
              lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        guard !tiles.isEmpty, !node.bubbles.isEmpty || !node.strokes.isEmpty else { return }
        try vertices.upload(TileTriangles.positions(of: tiles, in: region))
        var blocks: [BubblesBlock] = []
        for first in stride(from: 0, to: node.bubbles.count, by: BubblesBlock.bubbles) {
            blocks.append(BubblesBlock(node.bubbles[first..<min(first + BubblesBlock.bubbles, node.bubbles.count)], strokes: []))
        }
        for first in stride(from: 0, to: node.strokes.count, by: BubblesBlock.strokes) {
            blocks.append(BubblesBlock([], strokes: node.strokes[first..<min(first + BubblesBlock.strokes, node.strokes.count)]))
        }
        for block in blocks {
            let draw = DrawCall(pipeline, into: target, showing: region, block: block, geometry: .triangles(vertices, first: 0, count: tiles.count * 6))
            try draw.perform(streaming: uniforms)
        }
    }
}

/// `bubbles.frag`'s block: up to `bubbles` bubbles; the rest none (width 0).
struct BubblesBlock: UniformBlock {
    static let name = "Bubbles"
    /// How many bubbles one draw takes (the shader's array length).
    static let bubbles = 4

    var bodies = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: bubbles)
    var radii = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: bubbles)
    var tails = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: bubbles)
    var fills = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: bubbles)
    var outlines = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: bubbles)
    /// How many strokes one draw takes.
    static let strokes = 8
    var segments = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: strokes)
    var styles = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: strokes)
    var strokeRadii = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: strokes / 4)

    init() {}

    init(_ bubbles: ArraySlice<BubbleNode.Bubble>, strokes: ArraySlice<BubbleNode.Stroke>) {
        for (index, stroke) in strokes.prefix(Self.strokes).enumerated() {
            let capsule = stroke.capsule
            segments[index] = (Float(capsule.start.x), Float(capsule.start.y), Float(capsule.end.x), Float(capsule.end.y))
            styles[index] = (Float(stroke.color.r), Float(stroke.color.g), Float(stroke.color.b), Float(min(max(stroke.alpha, 0), 1)))
            var radii = strokeRadii[index / 4]
            switch index % 4 {
            case 0: radii.0 = Float(capsule.radius)
            case 1: radii.1 = Float(capsule.radius)
            case 2: radii.2 = Float(capsule.radius)
            default: radii.3 = Float(capsule.radius)
            }
            strokeRadii[index / 4] = radii
        }
        for (index, bubble) in bubbles.prefix(Self.bubbles).enumerated() {
            let body = bubble.body
            bodies[index] = (Float(body.x), Float(body.y), Float(max(body.width, 0)), Float(body.height))
            radii[index] = (Float(body.radii.topLeft), Float(body.radii.topRight), Float(body.radii.bottomRight), Float(body.radii.bottomLeft))
            if let tail = bubble.tail, tail.scale > 0 {
                tails[index] = (Float(tail.corner.x), Float(tail.corner.y), Float(tail.scale), tail.mirrored ? 1 : 0)
            }
            fills[index] = (Float(bubble.fill.r), Float(bubble.fill.g), Float(bubble.fill.b), Float(min(max(bubble.opacity, 0), 1)))
            outlines[index] = (Float(bubble.outlineAlpha), Float(bubble.outlineHalfWidth), 0, 0)
        }
    }

    func write(to writer: inout Std140Writer) {
        writer.vec4s("u_bubbleBodies", count: Self.bubbles) { bodies[$0] }
        writer.vec4s("u_bubbleRadii", count: Self.bubbles) { radii[$0] }
        writer.vec4s("u_bubbleTails", count: Self.bubbles) { tails[$0] }
        writer.vec4s("u_bubbleFills", count: Self.bubbles) { fills[$0] }
        writer.vec4s("u_bubbleOutlines", count: Self.bubbles) { outlines[$0] }
        writer.vec4s("u_strokeSegments", count: Self.strokes) { segments[$0] }
        writer.vec4s("u_strokeStyles", count: Self.strokes) { styles[$0] }
        writer.vec4s("u_strokeRadii", count: Self.strokes / 4) { strokeRadii[$0] }
    }
}
