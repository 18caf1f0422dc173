import CallshadeCore

/// The node renderers of a GPU renderer, by node type.
struct NodeRenderers {
    private let byType: [ObjectIdentifier: any RegisteredRenderer]
    /// The same in the order they were registered (prepared and compiled in that order).
    private let all: [any RegisteredRenderer]

    /// One line a node type.
    static func make(context: GLContext, shaders: ShaderLibrary, gradient: GradientPass) throws -> NodeRenderers {
        NodeRenderers([
            try AvatarWavesRenderer(context: context, shaders: shaders),
            try GlassRenderer(context: context, shaders: shaders, gradient: gradient),
            try MarksRenderer(context: context, shaders: shaders),
            try ShadeRenderer(context: context, shaders: shaders),
            try StrokeRenderer(context: context, shaders: shaders),
            try StampRenderer(context: context, shaders: shaders),
            try PencilRenderer(context: context, shaders: shaders),
            try VideoRenderer(context: context, shaders: shaders),
            try WallpaperRenderer(context: context, shaders: shaders),
            try BubblesRenderer(context: context, shaders: shaders),
        ])
    }

    private init(_ renderers: [any NodeRenderer]) {
        func registered<Renderer: NodeRenderer>(_ renderer: Renderer) -> any RegisteredRenderer { Registered(renderer: renderer) }
        all = renderers.map { registered($0) }
        byType = Dictionary(all.map { ($0.nodeType, $0) }) { first, _ in first }
    }

    /// The nodes of `scene` with their renderers and tiles, bottom to top.
    func frameNodes(of scene: Scene, classified: Bool) throws -> [any FrameNode] {
        try scene.nodes.map { node in
            guard let renderer = byType[ObjectIdentifier(type(of: node))] else { throw SceneRenderError.unsupportedNode("\(type(of: node))") }
            return try renderer.frameNode(node, in: scene, classified: classified)
        }
    }

    /// The grid outputs a node of `scene` asks for (at most one may).
    func gridOutputs(of scene: Scene) throws -> GridOutputs? {
        let asked = scene.nodes.compactMap { node in byType[ObjectIdentifier(type(of: node))]?.gridOutputs(for: node, in: scene) }
        guard asked.count <= 1 else { throw SceneRenderError.unsupportedNode("two nodes that ask for the grid's outputs in one frame") }
        return asked.first
    }

    /// Whether a node of `scene` wants the frame drawn into a half-float target (`NodeRenderer.wantsFloatTarget`).
    func wantFloatTarget(_ scene: Scene) -> Bool {
        scene.nodes.contains { node in byType[ObjectIdentifier(type(of: node))]?.wantsFloatTarget(node) ?? false }
    }

    func prepare(_ scene: Scene, background: (@Sendable (Vec2) -> RGB)? = nil) throws {
        for renderer in all { try renderer.prepare(scene, background: background) }
    }

    func compileEveryVariant() throws -> Int {
        try all.reduce(0) { $0 + (try $1.compileEveryVariant()) }
    }
}

/// A node of a frame with its renderer and its tiles, whose types agree
/// behind it: what the compositor plans and draws with.
protocol FrameNode {
    var tiles: any NodeTiles { get }
    var backdrop: NodeBackdrop { get }
    var hostRole: HostRole { get }
    /// Whether the host draws it without the background's grid (`NodeRenderer.drawsOnHostWithoutGrid`).
    var drawsOnHostWithoutGrid: Bool { get }
    /// Its type's name, for messages.
    var typeName: String { get }
    func draw(_ rects: [PixelRect], scene: Scene, overBackground: Bool, lookup: GridLookup?, into target: Framebuffer,
              showing region: PixelRect) throws
    func hostDrawing(_ rects: [PixelRect], scene: Scene) throws -> any HostDrawing
    func hostFill(_ rects: [PixelRect], scene: Scene, grid: HostGrid) throws -> any HostFill
}

private struct PlannedNode<Renderer: NodeRenderer>: FrameNode {
    let renderer: Renderer
    let node: Renderer.Node
    let ownTiles: Renderer.Tiles

    var tiles: any NodeTiles { ownTiles }
    var backdrop: NodeBackdrop { renderer.backdrop }
    var hostRole: HostRole { renderer.hostRole }
    var drawsOnHostWithoutGrid: Bool { renderer.hostRole == .drawsOver && renderer.drawsOnHostWithoutGrid }
    var typeName: String { "\(Renderer.Node.self)" }

    func draw(_ rects: [PixelRect], scene: Scene, overBackground: Bool, lookup: GridLookup?, into target: Framebuffer,
              showing region: PixelRect) throws {
        try renderer.draw(node, ownTiles, rects: rects, scene: scene, overBackground: overBackground, lookup: lookup, into: target,
                          showing: region)
    }

    func hostDrawing(_ rects: [PixelRect], scene: Scene) throws -> any HostDrawing {
        try renderer.hostDrawing(node, scene: scene, rects: rects)
    }

    func hostFill(_ rects: [PixelRect], scene: Scene, grid: HostGrid) throws -> any HostFill {
        try renderer.hostFill(node, ownTiles, rects: rects, scene: scene, grid: grid)
    }
}

/// A node renderer behind its node type: the one place a scene's node is
/// taken as its renderer's type.
private protocol RegisteredRenderer {
    var nodeType: ObjectIdentifier { get }
    func frameNode(_ node: any SceneNode, in scene: Scene, classified: Bool) throws -> any FrameNode
    func gridOutputs(for node: any SceneNode, in scene: Scene) -> GridOutputs?
    func wantsFloatTarget(_ node: any SceneNode) -> Bool
    func prepare(_ scene: Scene, background: (@Sendable (Vec2) -> RGB)?) throws
    func compileEveryVariant() throws -> Int
}

private struct Registered<Renderer: NodeRenderer>: RegisteredRenderer {
    let renderer: Renderer

    var nodeType: ObjectIdentifier { ObjectIdentifier(Renderer.Node.self) }

    func wantsFloatTarget(_ node: any SceneNode) -> Bool {
        (node as? Renderer.Node).map { renderer.wantsFloatTarget($0) } ?? false
    }

    func frameNode(_ node: any SceneNode, in scene: Scene, classified: Bool) throws -> any FrameNode {
        guard let node = node as? Renderer.Node else { throw SceneRenderError.unsupportedNode("\(type(of: node))") }
        return PlannedNode(renderer: renderer, node: node, ownTiles: renderer.tiles(of: node, in: scene, classified: classified))
    }

    func gridOutputs(for node: any SceneNode, in scene: Scene) -> GridOutputs? {
        (node as? Renderer.Node).flatMap { renderer.gridOutputs(for: $0, in: scene) }
    }

    func prepare(_ scene: Scene, background: (@Sendable (Vec2) -> RGB)?) throws {
        try renderer.prepare(scene, background: background)
    }

    func compileEveryVariant() throws -> Int { try renderer.compileEveryVariant() }
}
