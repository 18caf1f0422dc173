import CallshadeCore

/// Draws the nodes of one type: every node type has one, registered in
/// `NodeRenderers.make`. The compositor plans a frame from each node's
/// tiles (`tiles`), and on each route has the renderer draw the tiles the
/// plan gives it: on the GPU (`draw`), or on the host (`hostDrawing`, or
/// `hostFill`, as `hostRole` says).
protocol NodeRenderer: AnyObject {
    associatedtype Node: SceneNode
    /// Its reading of a node's tiles in a frame, made once when the frame is
    /// planned and handed back when it draws them.
    associatedtype Tiles: NodeTiles = CoveredTiles

    /// The tiles `node` may draw in `scene` and what it does over each.
    /// Unclassified, every tile of its region is an edge tile drawn by its
    /// whole program: the slow reference the tests hold the classification to.
    func tiles(of node: Node, in scene: Scene, classified: Bool) -> Tiles

    /// The region its tiles of `node` will have (`tiles`), where it can
    /// tell without reading them (a wave's square); nil where it cannot.
    func tileRegion(of node: Node, in scene: Scene) -> PixelRect?

    /// More outputs it wants of the background's low-resolution grid in a
    /// frame drawn on the host (nil: none); at most one node of a frame may ask.
    func gridOutputs(for node: Node, in scene: Scene) -> GridOutputs?

    /// Makes what a frame's nodes of its type need before any target is
    /// bound for drawing (textures of its own, render targets). On the host
    /// route `background` gives the background at a frame point from the
    /// grid the host has read already.
    func prepare(_ scene: Scene, background: HostBackground?) throws

    /// What it does with what is below it.
    var backdrop: NodeBackdrop { get }

    /// Draws `rects` (runs of its tiles along rows, frame pixels, inside
    /// `region`) of `node` into `target`, which stands for `region` of the
    /// frame (row 0 at its top). Over the background (`overBackground`:
    /// nothing else is below it there; `lookup` gives the low-resolution
    /// gradient when it applies) it computes the background and writes the
    /// result; otherwise it blends over what the target holds.
    func draw(_ node: Node, _ tiles: Tiles, rects: [PixelRect], scene: Scene, overBackground: Bool, lookup: GridLookup?,
              into target: Framebuffer, showing region: PixelRect) throws

    /// How it takes part in the host route.
    var hostRole: HostRole { get }

    /// Whether its host drawing of `node` (`hostRole` `.drawsOver`) needs
    /// nothing of the background's grid, so that a frame without a background
    /// can be drawn on the host whole (the chat's: its wallpaper, opaque,
    /// lowest; glass over it).
    func drawsOnHostWithoutGrid(_ node: Node) -> Bool

    /// Whether a frame with `node` is drawn into a half-float target rather
    /// than an 8-bit one (rounded once, when read): where translucent layers
    /// stack over the same pixels (a transition's at one alpha), an 8-bit
    /// target rounds each blend, alpha included, so that three of them drift
    /// 2 levels from the CPU reference over whole areas (three black layers
    /// at alpha 0.229: 1565 pixels of 329160; a photo avatar, the backdrop
    /// and the video halfway through video off: 4741). Half floats cost
    /// llvmpipe about a fifth more a frame, so only such frames take them.
    func wantsFloatTarget(_ node: Node) -> Bool

    /// `node` made ready for the host to draw over `rects` (frame pixels,
    /// its tiles, edges on multiples of 8), after `prepare` for the frame
    /// (`hostRole` `.drawsOver`).
    func hostDrawing(_ node: Node, scene: Scene, rects: [PixelRect]) throws -> any HostDrawing

    /// `node`'s tiles `rects` (runs along rows, frame pixels) filled by the
    /// host from `grid` as it fills the background (`hostRole` `.fills`).
    func hostFill(_ node: Node, _ tiles: Tiles, rects: [PixelRect], scene: Scene, grid: HostGrid) throws -> any HostFill

    /// Compiles every build of its shaders a frame can ask for (the context counts what is linked).
    func compileEveryVariant() throws
}

/// What a node does with what is below it, and so how the compositor puts
/// it over the background.
enum NodeBackdrop {
    /// It blends over what is below: under its lowest tiles the compositor fills the background first.
    case blends
    /// It computes the background itself over its lowest tiles, and blends elsewhere.
    case composesOrBlends
    /// It always computes the background itself and replaces what is
    /// below: no node may lie below it where it draws.
    case composes
}

/// How a node type takes part in the host route.
enum HostRole {
    /// The GPU draws its tiles; the host pastes them.
    case none
    /// The host draws it whole over the composed frame, last, when nothing
    /// the GPU draws lies above it (`hostDrawing`).
    case drawsOver
    /// The host fills its lowest tiles where no other node draws as it
    /// fills the background (`hostFill`); the GPU draws the rest.
    case fills
}

/// A node's tiles in a frame: its region (frame pixels, its corner on
/// multiples of 8) and what it does over each 8x8 tile of it, row by row.
protocol NodeTiles {
    var region: PixelRect { get }
    var coverage: [TileCoverage] { get }
    /// The pixels below it the node reads beyond its own (`SceneNode.pixelsRead`); nil for none.
    var read: PixelRect? { get }
}

extension NodeTiles {
    var read: PixelRect? { nil }
}

/// The tiles of a node as its own `bounds`, `tileCoverage` and `pixelsRead` say.
struct CoveredTiles: NodeTiles {
    let region: PixelRect
    let coverage: [TileCoverage]
    let read: PixelRect?

    init(_ node: any SceneNode, in size: FrameSize) {
        region = node.bounds(in: size).aligned8(within: size)
        coverage = region.isEmpty ? [] : node.tileCoverage(in: region)
        read = node.pixelsRead(in: size)
    }
}

/// The low-resolution gradient and the texture that holds it.
typealias GridLookup = (grid: LowResolutionGrid, texture: Texture)

extension NodeRenderer where Tiles == CoveredTiles {
    func tiles(of node: Node, in scene: Scene, classified: Bool) -> CoveredTiles { CoveredTiles(node, in: scene.size) }
}

extension NodeRenderer {
    func tileRegion(of node: Node, in scene: Scene) -> PixelRect? { nil }

    func gridOutputs(for node: Node, in scene: Scene) -> GridOutputs? { nil }

    var hostRole: HostRole { .none }

    func drawsOnHostWithoutGrid(_ node: Node) -> Bool { false }

    func wantsFloatTarget(_ node: Node) -> Bool { false }

    func hostDrawing(_ node: Node, scene: Scene, rects: [PixelRect]) throws -> any HostDrawing {
        throw SceneRenderError.unsupportedNode("\(Node.self) drawn on the host")
    }

    func hostFill(_ node: Node, _ tiles: Tiles, rects: [PixelRect], scene: Scene, grid: HostGrid) throws -> any HostFill {
        throw SceneRenderError.unsupportedNode("\(Node.self) filled on the host")
    }
}
