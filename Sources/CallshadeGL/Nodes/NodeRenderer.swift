import CallshadeCore

/// Draws the nodes of one type over the tiles the compositor gives it. Every
/// node type but the waves and avatar's (whose fused program composes the
/// background itself) has one, registered in `NodeRenderers.make`.
protocol NodeRenderer: AnyObject {
    /// Makes what a frame's nodes of its type need before any target is
    /// bound for drawing (textures of its own, render targets). On the host
    /// route `background` gives the background at a frame point from the
    /// grid the host has read already.
    func prepare(_ scene: Scene, background: (@Sendable (Vec2) -> RGB)?) throws

    /// Whether it computes the background itself where nothing else is below
    /// it (`draw` with `overBackground`); if not, the compositor fills those
    /// tiles with the background first and has it blend over them.
    var composesBackground: Bool { get }

    /// Draws `node` over `tiles` (frame pixels, inside `region`) of
    /// `target`, which stands for `region` of the frame (row 0 at its top).
    /// Over the background (`overBackground`: nothing else is below it
    /// there; `lookup` gives the low-resolution gradient when it applies) it
    /// computes the background and writes the result; otherwise it blends
    /// over what the target holds.
    func draw(_ node: any SceneNode, scene: Scene, tiles: [PixelRect], overBackground: Bool,
              lookup: (grid: LowResolutionGrid, texture: Texture)?, into target: Framebuffer, showing region: PixelRect) throws

    /// Whether it can draw its nodes on the host too (the host route does
    /// so where nothing the GPU draws lies above them).
    var drawsOnHost: Bool { get }

    /// `node` made ready for the host to draw over `rects` (frame pixels,
    /// its tiles, edges on multiples of 8), after `prepare` for the frame.
    func hostDrawing(_ node: any SceneNode, scene: Scene, rects: [PixelRect]) throws -> any HostDrawing

    /// Compiles every build of its shaders a frame can ask for; returns how many.
    func compileEveryVariant() throws -> Int
}

/// The node renderers of a GPU renderer, by node type.
struct NodeRenderers {
    private let byType: [ObjectIdentifier: any NodeRenderer]

    /// One line a node type.
    static func make(context: GLContext, shaders: ShaderLibrary, gradient: GradientPass) throws -> NodeRenderers {
        NodeRenderers(byType: [
            ObjectIdentifier(GlassNode.self): try GlassRenderer(context: context, shaders: shaders, gradient: gradient),
            ObjectIdentifier(MarksNode.self): try MarksRenderer(context: context, shaders: shaders),
        ])
    }

    /// The renderer of `node`'s type.
    func renderer(for node: any SceneNode) throws -> any NodeRenderer {
        guard let renderer = byType[ObjectIdentifier(type(of: node))] else {
            throw SceneRenderError.unsupportedNode("\(type(of: node))")
        }
        return renderer
    }

    func prepare(_ scene: Scene, background: (@Sendable (Vec2) -> RGB)? = nil) throws {
        for renderer in byType.values { try renderer.prepare(scene, background: background) }
    }

    func compileEveryVariant() throws -> Int {
        try byType.values.reduce(0) { $0 + (try $1.compileEveryVariant()) }
    }
}
