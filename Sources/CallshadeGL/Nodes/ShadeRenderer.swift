import CallshadeCore

/// Draws shade nodes (the video call's black backdrop, the phone's corners
/// and the shadows): `tiles.vert` + `shade.frag` over the node's tiles,
/// black blended premultiplied over what the target holds. On the host
/// route the host draws it over the composed frame (`HostShade`) when
/// nothing the GPU draws lies over it.
final class ShadeRenderer: NodeRenderer {
    private let pipeline: Pipeline<ShadeBlock>
    private let vertices: GraphicsBuffer
    private let uniforms: UniformStream
    /// Keeps the shades' tiles (a video call's backdrop and its shadows stay
    /// while the controls rest) and the host's parts along their rows (`ShadeRowsKey`).
    private let reuse: ReuseStore

    init(context: GLContext, shaders: ShaderLibrary, reuse: ReuseStore) throws {
        self.reuse = reuse
        pipeline = try Pipeline(context: context, shaders: shaders, vertex: "tiles.vert", fragment: "shade.frag", blend: .premultiplied)
        vertices = try GraphicsBuffer(context: context)
        uniforms = try UniformStream(context: context)
    }

    var backdrop: NodeBackdrop { .blends }

    func tiles(of node: ShadeNode, in scene: Scene, classified: Bool) -> CoveredTiles {
        reuse.tiles(of: node, key: node, size: scene.size)
    }

    /// The backdrop or the phone's corners fading in or out with the video
    /// (`NodeRenderer.wantsFloatTarget`); the shadows alone over an opaque picture are one blend.
    func wantsFloatTarget(_ shade: ShadeNode) -> Bool {
        shade.parts.contains { part in
            switch part {
            case .inside(_, let alpha), .outside(_, let alpha): return alpha > 0 && alpha < 1
            case .shadow: return false
            }
        }
    }

    var hostRole: HostRole { .drawsOver }

    func drawsOnHostWithoutGrid(_ node: ShadeNode) -> Bool { true }

    func hostDrawing(_ node: ShadeNode, scene: Scene, rects: [PixelRect]) throws -> any HostDrawing {
        let top = rects.map(\.y).min() ?? 0, bottom = rects.map { $0.y + $0.height }.max() ?? 0
        let span = top..<max(top, bottom)
        let rows = reuse.value(ShadeRowsKey(node: node, rows: span)) {
            let made = ShadeRows(node, rows: span)
            return (made, made.bytes)
        }
        return HostShadedDrawing(shader: HostShade(node: node, rows: rows), rects: rects, size: scene.size)
    }

    func compileEveryVariant() throws {}

    func prepare(_ scene: Scene, background: HostBackground?) throws {}

    /// Draws `shade` over `tiles`, its parts `ShadeBlock.parts` at a time
    /// (successive layers of black combine as the parts do).
    func draw(_ shade: ShadeNode, _ _: CoveredTiles, rects tiles: [PixelRect], scene: Scene, overBackground: Bool,
              lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        guard !tiles.isEmpty, !shade.parts.isEmpty else { return }
        try vertices.upload(TileTriangles.positions(of: tiles, in: region))
        for first in stride(from: 0, to: shade.parts.count, by: ShadeBlock.parts) {
            let parts = shade.parts[first..<min(first + ShadeBlock.parts, shade.parts.count)]
            let draw = DrawCall(pipeline, into: target, showing: region, block: ShadeBlock(parts),
                                geometry: .triangles(vertices, first: 0, count: tiles.count * 6))
            try draw.perform(streaming: uniforms)
        }
    }
}

/// `shade.frag`'s block: up to `parts` parts of a shade node, each its
/// shape and (kind, alpha, corner radius, shadow peak); the rest none.
struct ShadeBlock: UniformBlock {
    static let name = "Shade"
    /// How many parts one draw takes (the shader's array length).
    static let parts = 4

    var shapes = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: parts)
    var kinds = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: parts)

    init() {}

    init(_ parts: ArraySlice<ShadeNode.Part>) {
        func unit(_ value: Double) -> Float { Float(min(max(value, 0), 1)) }
        func rect(_ shape: RoundedRectangle) -> (Float, Float, Float, Float) {
            (Float(shape.x), Float(shape.y), Float(shape.width), Float(shape.height))
        }
        for (index, part) in parts.prefix(Self.parts).enumerated() {
            switch part {
            case .inside(let shape, let alpha):
                shapes[index] = rect(shape)
                kinds[index] = (1, unit(alpha), Float(shape.radius), 0)
            case .outside(let shape, let alpha):
                shapes[index] = rect(shape)
                kinds[index] = (2, unit(alpha), Float(shape.radius), 0)
            case .shadow(let edge, let depth, let downward, let alpha):
                // A shadow of no depth shows nothing: left as no part.
                guard depth > 0 else { continue }
                shapes[index] = (Float(edge), Float(depth), downward ? 1 : -1, 0)
                kinds[index] = (3, unit(alpha), 0, Float(ShadeNode.shadowPeak))
            }
        }
    }

    func write(to writer: inout Std140Writer) {
        writer.vec4s("u_shadeShapes", count: Self.parts) { shapes[$0] }
        writer.vec4s("u_shadeParts", count: Self.parts) { kinds[$0] }
    }
}

/// The host's parts along a shade's rows (`ShadeRows`), by its node and the rows its rectangles span.
struct ShadeRowsKey: ReuseKey {
    typealias Value = ShadeRows
    static let shelf = "shade rows"
    let node: ShadeNode
    let rows: Range<Int>

    static func == (left: Self, right: Self) -> Bool { left.rows == right.rows && left.node == right.node }

    func hash(into hasher: inout Hasher) { hasher.combine(rows) }
}
