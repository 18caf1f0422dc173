import CallshadeCore

/// How the host composes a frame's nodes, from their tile plan
/// (`TilePlan`): which draw no tile (hidden under nodes opaque over them,
/// or outside the frame) and are left out, which the host draws over the
/// composed frame and where (every node over it drawn by the host too),
/// which it fills and where, and which tiles the GPU draws. It depends on
/// no more than each node's tiles, host role, backdrop and read pixels (`NodeKey`): a
/// frame whose nodes lie where the last one's did (a video call's while its
/// controls rest) takes the last one's layout, its plan not made again.
struct HostLayout {
    /// What a node's part of the layout depends on.
    struct NodeKey: Equatable {
        let region: PixelRect
        let coverage: [TileCoverage]
        let role: HostRole
        let backdrop: NodeBackdrop
        let read: PixelRect?
    }

    /// How a node that draws a tile is drawn.
    enum Part {
        /// By the host over the composed frame, over these tiles.
        case hosted([PixelRect])
        /// Filled by the host where it alone draws (`alone`; `undrawn`: the
        /// tiles of its region it leaves to the background); the GPU draws
        /// where it is lowest with others over it (`lowest`) and where it is above another (`above`).
        case filled(alone: [PixelRect], undrawn: [PixelRect], lowest: [PixelRect], above: [PixelRect])
        /// By the GPU: where it is lowest and where it is above another.
        case drawn(lowest: [PixelRect], above: [PixelRect])
    }

    let size: FrameSize
    /// Each node's key; nil for one left out before its tiles were read (`NodeRenderers.frameNodesLeavingHidden(of:classified:)`).
    private let keys: [NodeKey?]
    /// The nodes that draw a tile, by their index among the frame's, bottom to top.
    let shown: [Int]
    /// Each shown node's part and region (frame pixels), in `shown`'s order.
    let parts: [Part]
    let regions: [PixelRect]

    /// The layout of `nodes` (bottom to top) in a frame of `size`; throws
    /// when a node lies below one that composes the background itself.
    /// Leaving out a node that draws no tile changes no tile's drawers (a
    /// node hidden everywhere is under a higher one opaque there), and so no pixel.
    init(size: FrameSize, nodes all: [(any FrameNode)?]) throws {
        self.size = size
        keys = all.map { $0.map(Self.key) }
        let read = all.indices.filter { all[$0] != nil }
        let nodes = read.compactMap { all[$0] }
        let plan = try TilePlan(size: size, nodes: nodes)
        let drawing = nodes.indices.filter { plan.drawsSomeTile[$0] }
        let kept = drawing.count < nodes.count ? plan.keeping(drawing) : plan
        let shownNodes = drawing.map { nodes[$0] }
        let shown = drawing.map { read[$0] }
        // Top down: a node the host can draw is drawn there when every node over it is too.
        var drawnOver = Set<Int>()
        for index in shownNodes.indices.reversed() where shownNodes[index].hostRole == .drawsOver {
            let above = shownNodes.indices.filter { $0 > index && kept.overlap(index, $0) }
            if above.allSatisfy(drawnOver.contains) { drawnOver.insert(index) }
        }
        parts = shownNodes.indices.map { index in
            if drawnOver.contains(index) { return .hosted(kept.runs(of: index)) }
            if shownNodes[index].hostRole == .fills {
                let split = kept.split(of: index)
                return .filled(alone: split.alone, undrawn: split.undrawn, lowest: split.shared, above: split.above)
            }
            return .drawn(lowest: kept.runs(of: index, lowest: true), above: kept.runs(of: index, lowest: false))
        }
        self.shown = shown
        regions = kept.regions
    }

    /// Whether `nodes` in a frame of `size` have this layout: the same tiles, roles and backdrops, node by node.
    func fits(size: FrameSize, nodes: [(any FrameNode)?]) -> Bool {
        size == self.size && nodes.count == keys.count && zip(nodes, keys).allSatisfy { $0.0.map(Self.key) == $0.1 }
    }

    private static func key(_ node: any FrameNode) -> NodeKey {
        NodeKey(region: node.tiles.region, coverage: node.tiles.coverage, role: node.hostRole, backdrop: node.backdrop, read: node.tiles.read)
    }
}
