import CallshadeCore

/// The node renderers of a GPU renderer, by node type. Each is made (its
/// programs compiled) when a scene first shows a node of its type, so that
/// a render compiles only what its scenes draw.
final class NodeRenderers {
    /// A node type's renderer, not made yet.
    struct Entry {
        let nodeType: ObjectIdentifier
        fileprivate let make: () throws -> any RegisteredRenderer

        /// The entry of the renderer `make` makes.
        static func of<Renderer: NodeRenderer>(_ make: @escaping () throws -> Renderer) -> Entry {
            Entry(nodeType: ObjectIdentifier(Renderer.Node.self)) { Registered(renderer: try make()) }
        }
    }

    private let entries: [Entry]
    private let positions: [ObjectIdentifier: Int]
    /// The renderers made so far, at their entry's position (nil: not yet).
    private var made: [(any RegisteredRenderer)?]

    /// One line a node type.
    /// `reuse` keeps their work between frames (through the one store; textures, which are the context's, they keep themselves, and only while reuse is on).
    static func make(context: GLContext, shaders: ShaderLibrary, gradient: GradientPass, reuse: ReuseStore) -> NodeRenderers {
        NodeRenderers([
            .of { try AvatarWavesRenderer(context: context, shaders: shaders) },
            .of { try GlassRenderer(context: context, shaders: shaders, gradient: gradient, reuse: reuse) },
            .of { try MarksRenderer(context: context, shaders: shaders) },
            .of { try ShadeRenderer(context: context, shaders: shaders, reuse: reuse) },
            .of { try StrokeRenderer(context: context, shaders: shaders, reuse: reuse) },
            .of { try StampRenderer(context: context, shaders: shaders) },
            .of { try PencilRenderer(context: context, shaders: shaders) },
            .of { try VideoRenderer(context: context, shaders: shaders, reuse: reuse) },
            .of { try WallpaperRenderer(context: context, shaders: shaders, reuse: reuse) },
            .of { try BubblesRenderer(context: context, shaders: shaders) },
            .of { try PictureRenderer(context: context, shaders: shaders, reuse: reuse) },
            .of { try SheenRenderer(context: context, shaders: shaders) },
            .of { try ShapesRenderer(context: context, shaders: shaders, reuse: reuse) },
            .of { try TextEntityRenderer(context: context, shaders: shaders, reuse: reuse) },
            .of { try MappedPictureRenderer(context: context, shaders: shaders, reuse: reuse) },
            .of { try MipmappedPictureRenderer(context: context, shaders: shaders, reuse: reuse) },
            .of { try FrostedGlassRenderer(context: context, shaders: shaders, reuse: reuse) },
        ])
    }

    private init(_ entries: [Entry]) {
        self.entries = entries
        made = Array(repeating: nil, count: entries.count)
        positions = Dictionary(entries.enumerated().map { ($1.nodeType, $0) }) { first, _ in first }
    }

    /// The renderer of `node`'s type, made now if it was not.
    private func renderer(for node: any SceneNode) throws -> any RegisteredRenderer {
        guard let position = positions[ObjectIdentifier(type(of: node))] else { throw SceneRenderError.unsupportedNode("\(type(of: node))") }
        return try renderer(at: position)
    }

    private func renderer(at position: Int) throws -> any RegisteredRenderer {
        if let renderer = made[position] { return renderer }
        let renderer = try entries[position].make()
        made[position] = renderer
        return renderer
    }

    /// The nodes of `scene` with their renderers and tiles, bottom to top.
    func frameNodes(of scene: Scene, classified: Bool) throws -> [any FrameNode] {
        try scene.nodes.map { node in try renderer(for: node).frameNode(node, in: scene, classified: classified) }
    }

    /// The same, but a node whose tiles (as its renderer says before reading
    /// them: `NodeRenderer.tileRegion`) lie wholly where a node above it is
    /// opaque is nil: it would draw no tile (the voice call's waves under a
    /// full-screen video's backdrop), and its tiles are not read.
    func frameNodesLeavingHidden(of scene: Scene, classified: Bool) throws -> [(any FrameNode)?] {
        var opaque = OpaqueTiles(size: scene.size)
        var made = [(any FrameNode)?](repeating: nil, count: scene.nodes.count)
        for index in scene.nodes.indices.reversed() {
            let node = scene.nodes[index], renderer = try renderer(for: node)
            if let region = renderer.tileRegion(of: node, in: scene), opaque.covers(region) { continue }
            let frameNode = try renderer.frameNode(node, in: scene, classified: classified)
            opaque.add(frameNode.tiles)
            made[index] = frameNode
        }
        return made
    }

    /// The grid outputs a node of `scene` asks for (at most one may).
    func gridOutputs(of scene: Scene) throws -> GridOutputs? {
        let asked = try scene.nodes.compactMap { node in try renderer(for: node).gridOutputs(for: node, in: scene) }
        guard asked.count <= 1 else { throw SceneRenderError.unsupportedNode("two nodes that ask for the grid's outputs in one frame") }
        return asked.first
    }

    /// Whether a node of `scene` wants the frame drawn into a half-float target (`NodeRenderer.wantsFloatTarget`).
    func wantFloatTarget(_ scene: Scene) throws -> Bool {
        try scene.nodes.contains { node in try renderer(for: node).wantsFloatTarget(node) }
    }

    /// Has the renderers of `scene`'s nodes, and every renderer made before, prepare for it, in the order they are listed.
    func prepare(_ scene: Scene, background: HostBackground? = nil) throws {
        for node in scene.nodes { _ = try renderer(for: node) }
        for renderer in made { try renderer?.prepare(scene, background: background) }
    }

    /// Makes every renderer and compiles each program variant they may use.
    func compileEveryVariant() throws {
        for index in entries.indices { try renderer(at: index).compileEveryVariant() }
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
    var drawsOnHostWithoutGrid: Bool { renderer.hostRole == .drawsOver && renderer.drawsOnHostWithoutGrid(node) }
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
    func tileRegion(of node: any SceneNode, in scene: Scene) -> PixelRect?
    func wantsFloatTarget(_ node: any SceneNode) -> Bool
    func prepare(_ scene: Scene, background: HostBackground?) throws
    func compileEveryVariant() throws
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

    func tileRegion(of node: any SceneNode, in scene: Scene) -> PixelRect? {
        (node as? Renderer.Node).flatMap { renderer.tileRegion(of: $0, in: scene) }
    }

    func gridOutputs(for node: any SceneNode, in scene: Scene) -> GridOutputs? {
        (node as? Renderer.Node).flatMap { renderer.gridOutputs(for: $0, in: scene) }
    }

    func prepare(_ scene: Scene, background: HostBackground?) throws {
        try renderer.prepare(scene, background: background)
    }

    func compileEveryVariant() throws { try renderer.compileEveryVariant() }
}
