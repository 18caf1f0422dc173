import CallshadeCore

/// Draws the waves and the avatar (`AvatarWavesNode`): one fused program
/// (`ForegroundPass`, `foreground.frag`) over the tiles of the square around
/// them, each tile of the kind (`ForegroundTiles`) whose cheapest build
/// draws it exactly. It composes the background itself, so it is the
/// lowest node wherever it draws. On the host route the host fills its
/// tiles (`AvatarWavesFill`) but where another node draws too; for the
/// tiles where only the waves show it asks the background's grid for the
/// gradient as seen through them (`waves-grid.frag`).
final class AvatarWavesRenderer: NodeRenderer {
    private let pass: ForegroundPass
    /// The background's grid with the gradient seen through the waves (`waves-grid.frag`), built on first use.
    private var gridPipeline: Pipeline<WavesGridBlock>?
    private let makeGridPipeline: () throws -> Pipeline<WavesGridBlock>
    private let uniforms: UniformStream
    /// The fill of the frame before, whose buffers the next one reads into.
    private var lastFill: AvatarWavesFill?

    init(context: GLContext, shaders: ShaderLibrary) throws {
        pass = try ForegroundPass(context: context, shaders: shaders)
        makeGridPipeline = { try Pipeline(context: context, shaders: shaders, vertex: "quad.vert", fragment: "waves-grid.frag") }
        uniforms = try UniformStream(context: context)
    }

    /// The square around the waves and the avatar where their tiles are
    /// classified (frame pixels, edges on multiples of 8 or the frame's).
    static func square(of node: AvatarWavesNode, in size: FrameSize) -> PixelRect {
        PixelRect(around: node.centre, reach: node.reach + 1, clippedTo: size).aligned8(within: size)
    }

    func tileRegion(of node: AvatarWavesNode, in scene: Scene) -> PixelRect? { Self.square(of: node, in: scene.size) }

    func tiles(of node: AvatarWavesNode, in scene: Scene, classified: Bool) -> ForegroundTiles {
        let square = Self.square(of: node, in: scene.size)
        return classified ? ForegroundTiles(node: node, region: square) : ForegroundTiles(everywhereWhole: square)
    }

    /// Its waves where they show (nil when left out or invisible).
    private static func shownWaves(_ node: AvatarWavesNode) -> WavesLayer? {
        node.waves.flatMap { $0.alpha > 0 ? $0 : nil }
    }

    /// Where the waves show: the gradient through one wave (output 1) and through both (output 2).
    func gridOutputs(for node: AvatarWavesNode, in scene: Scene) -> GridOutputs? {
        guard let waves = Self.shownWaves(node) else { return nil }
        return GridOutputs(count: 2) { [self] gradient, target in
            var draw = DrawCall(try gridProgram(), into: target, block: WavesGridBlock(gradient: gradient, waves: WavesUniforms(waves: waves)))
            // The quad covers the whole target: clearing first spares loading what it held.
            draw.clears = true
            try draw.perform(streaming: uniforms)
        }
    }

    private func gridProgram() throws -> Pipeline<WavesGridBlock> {
        if let gridPipeline { return gridPipeline }
        let made = try makeGridPipeline()
        gridPipeline = made
        return made
    }

    func prepare(_ scene: Scene, background: HostBackground?) throws {}

    var backdrop: NodeBackdrop { .composes }

    func draw(_ node: AvatarWavesNode, _ tiles: ForegroundTiles, rects: [PixelRect], scene: Scene, overBackground: Bool,
              lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        try pass.draw(scene, node, runs: tiles.runs(of: rects), lookup: lookup, into: target, showing: region)
    }

    var hostRole: HostRole { .fills }

    func hostFill(_ node: AvatarWavesNode, _ tiles: ForegroundTiles, rects: [PixelRect], scene: Scene,
                  grid: HostGrid) throws -> any HostFill {
        var spare = lastFill?.buffers ?? []
        lastFill = nil
        let runs = tiles.runs(of: rects)
        let waves = Self.shownWaves(node)
        let window = grid.window(covering: tiles.region)
        // Tiles of waves alone at a constant coverage: output 1 holds the gradient through one wave (either), output 2 through both.
        var throughWaves: [(rects: [PixelRect], values: [Float], window: PixelRect)] = []
        for (attachment, takes) in [(1, { (outer: Bool, inner: Bool) in outer != inner }), (2, { $0 && $1 })] {
            let taken = runs.filter { run in
                guard run.kind.isWavesOnly, case let .composed(outer?, inner?, _) = run.kind else { return false }
                return takes(outer, inner)
            }.flatMap(\.rects)
            if !taken.isEmpty { throughWaves.append((taken, try grid.readOutput(attachment, window: window, reusing: spare.popLast() ?? []), window)) }
        }
        // The rest: each pixel composed from the grid, the waves' coverage and the avatar.
        let composed = runs.filter { !$0.kind.isWavesOnly }.flatMap { run in run.rects.map { ($0, run.kind) } }
        var throughOne: (values: [Float], window: PixelRect)?
        if !composed.isEmpty, waves != nil { throughOne = (try grid.readOutput(1, window: window, reusing: spare.popLast() ?? []), window) }
        let parts = HostForeground(weights: waves.map { WaveEdgeWeights($0, centre: node.centre, region: tiles.region) },
                                   avatar: node.avatar.map { AvatarRows($0, centre: node.centre) })
        let fill = AvatarWavesFill(throughWaves: throughWaves, composed: composed, parts: parts, throughOne: throughOne)
        lastFill = fill
        return fill
    }

    /// `foreground.frag`'s builds and the grid's program.
    func compileEveryVariant() throws {
        _ = try gridProgram()
        try pass.compileEveryVariant()
    }
}
