import CallshadeCore

/// Renders frames with OpenGL ES 3 on a headless context and reads them back
/// as RGBA8, row 0 at the top. It keeps one render target and reuses it while
/// the frame size stays the same.
public final class GPURenderer: FrameRenderer {
    public let context: GLContext
    private let shaders: ShaderLibrary
    private let gradient: GradientPass
    private let foreground: ForegroundPass
    private let nodes: NodeRenderers
    private let backgroundTiles: BackgroundTiles
    private var target: Framebuffer?
    private var lowResolution: (grid: LowResolutionGrid, target: Framebuffer)?
    /// Built on the first conversion on the GPU.
    private var yuv: YUVPass?
    private var host = HostCompositor()
    /// The foreground's square on the host path.
    private var overlay: Framebuffer?

    /// Its route, I420 converter and grid, fixed when it is made.
    public let configuration: RendererConfiguration

    private var gradientFactor: Int { configuration.gradientFactor }
    private var convertsOnGPU: Bool { configuration.yuvConverter == .gpu }
    private var composesOnHost: Bool { configuration.route == .hostComposition }

    /// A renderer on `context`, configured as `configuration` says (by default what suits the context).
    public convenience init(context: GLContext, shaders: ShaderLibrary = .embedded, configuration: RendererConfiguration? = nil) throws {
        let gradient = try GradientPass(context: context, shaders: shaders)
        self.init(context: context, shaders: shaders, gradient: gradient,
                  foreground: try ForegroundPass(context: context, shaders: shaders),
                  nodes: try NodeRenderers.make(context: context, shaders: shaders, gradient: gradient),
                  backgroundTiles: try BackgroundTiles(context: context, shaders: shaders),
                  configuration: configuration ?? .preferred(for: context))
    }

    private init(context: GLContext, shaders: ShaderLibrary, gradient: GradientPass, foreground: ForegroundPass,
                 nodes: NodeRenderers, backgroundTiles: BackgroundTiles, configuration: RendererConfiguration) {
        self.context = context
        self.shaders = shaders
        self.gradient = gradient
        self.foreground = foreground
        self.nodes = nodes
        self.backgroundTiles = backgroundTiles
        self.configuration = configuration
    }

    /// Compiles every shader build any frame can ask for (most are built on
    /// first use), so a broken rare one fails here rather than in the middle
    /// of a render; returns how many programs that is.
    @discardableResult
    public func compileEveryVariant() throws -> Int {
        let yuvPrograms = 2
        yuv = try yuv ?? YUVPass(context: context, shaders: shaders)
        return try gradient.compileEveryVariant() + foreground.compileEveryVariant() + nodes.compileEveryVariant()
            + backgroundTiles.compileEveryVariant() + yuvPrograms
    }

    /// A renderer configured otherwise that shares this one's context and
    /// compiled programs (use one of them at a time: they share the context).
    public func reconfigured(_ configuration: RendererConfiguration) -> GPURenderer {
        GPURenderer(context: context, shaders: shaders, gradient: gradient, foreground: foreground, nodes: nodes,
                    backgroundTiles: backgroundTiles, configuration: configuration)
    }

    public func render(_ scene: Scene) throws -> RGBAImage {
        if composesOnHost, let image = try composeOnHost(scene) { return image }
        let size = scene.size
        let target = try draw(scene)
        let pixels = try target.readPixels()
        guard let image = RGBAImage(width: size.width, height: size.height, pixels: pixels) else {
            throw GraphicsCallError(call: "glReadPixels", code: "short read", detail: "\(size)",
                                    location: SourceLocation(file: #fileID, line: #line))
        }
        return image
    }

    public func renderYUV420(_ scene: Scene, into output: inout [UInt8]) throws {
        if composesOnHost, try composeYUV420OnHost(scene, into: &output) { return }
        guard convertsOnGPU else {
            try YUV420.convertFast(try render(scene), into: &output)
            return
        }
        try YUV420.checkSize(width: scene.size.width, height: scene.size.height)
        let target = try draw(scene)
        let pass = try yuv ?? YUVPass(context: context, shaders: shaders)
        yuv = pass
        try pass.convert(target, into: &output)
    }

    public var convertsToYUVItself: Bool { convertsOnGPU || composesOnHost }

    /// Draws the frame and waits for the GPU to finish, without reading it
    /// back: what the benchmark calls "render only".
    public func drawAndWait(_ scene: Scene) throws {
        _ = try draw(scene)
        try GLCalls.finish()
    }

    private func draw(_ scene: Scene) throws -> Framebuffer {
        try context.checkRenderable(width: scene.size.width, height: scene.size.height)
        try nodes.prepare(scene)
        let target = try self.target(for: scene.size)
        let grid = try lowResolutionGradient(for: scene)
        let gridTexture = lowResolution?.target.color
        if let background = scene.background {
            if let grid, let gridTexture {
                try GLCalls.bindTexture(gridTexture.name, unit: .gradientGrid)
                try gradient.drawUpscaled(background, grid: grid, dither: scene.dither, into: target)
            } else {
                try gradient.draw(background, dither: scene.dither, into: target)
            }
        } else {
            try target.bind()
            try GLCalls.clear()
        }
        // Each node over its tiles, bottom to top, over the background drawn whole.
        let planned = self.plan(for: scene)
        let plan = planned.plan
        let lookup = grid.flatMap { grid in gridTexture.map { (grid, $0) } }
        let frame = PixelRect(x: 0, y: 0, width: scene.size.width, height: scene.size.height)
        for (index, node) in scene.nodes.enumerated() {
            if let node = node as? AvatarWavesNode {
                try foreground.draw(scene, node, tiles: try tiles(for: node, index, planned, scene), lookup: lookup, into: target)
            } else {
                try self.nodes.renderer(for: node).draw(node, scene: scene, tiles: plan.runs(of: index, lowest: true) + plan.runs(of: index, lowest: false),
                                                        overBackground: false, lookup: nil, into: target, showing: frame)
            }
        }
        return target
    }

    /// Which node draws which tile of `scene`, and the tile kinds of its
    /// waves-and-avatar nodes by index (classified once, for both).
    private func plan(for scene: Scene) -> (plan: TilePlan, kinds: [Int: [TileKind?]]) {
        var kinds: [Int: [TileKind?]] = [:]
        let plan = TilePlan(scene, region: { _, node in region(of: node, in: scene.size) }) { index, node, region in
            guard let node = node as? AvatarWavesNode, configuration.classifiesTiles else { return nil }
            let classified = node.tileKinds(in: region)
            kinds[index] = classified
            return classified.map(AvatarWavesNode.coverage)
        }
        return (plan, kinds)
    }

    /// The tiles the compositor considers for `node` (frame pixels, edges on
    /// multiples of 8 or the frame's, so I420's 2x2 blocks never straddle one).
    private func region(of node: any SceneNode, in size: FrameSize) -> PixelRect {
        if let node = node as? AvatarWavesNode { return Self.square(of: node, in: size) }
        return node.bounds(in: size).aligned8(within: size)
    }

    /// The square around the waves and the avatar where their tiles are classified.
    private static func square(of node: AvatarWavesNode, in size: FrameSize) -> PixelRect {
        PixelRect(around: node.centre, reach: node.reach + 1, clippedTo: size).aligned8(within: size)
    }

    /// The frame with its background interpolated on the CPU, or nil when the
    /// low-resolution gradient does not apply (no background, or a small frame).
    private func composeOnHost(_ scene: Scene) throws -> RGBAImage? {
        guard let frame = try beginOnHost(scene) else { return nil }
        var pixels = host.backgroundRGBA(size: scene.size, grid: frame.grid, dither: scene.dither)
        if try finishOnHost(frame) { host.pasteOverlay(into: &pixels, width: scene.size.width) }
        host.drawOnHost(frame.hosted, size: scene.size, into: &pixels)
        return RGBAImage(width: scene.size.width, height: scene.size.height, pixels: pixels)
    }

    /// The same as I420 planes, straight from the gradient's Y, Cb and Cr;
    /// false when that does not apply (as above, or a dithered frame).
    private func composeYUV420OnHost(_ scene: Scene, into output: inout [UInt8]) throws -> Bool {
        try YUV420.checkSize(width: scene.size.width, height: scene.size.height)
        guard !scene.dither, let frame = try beginOnHost(scene) else { return false }
        host.backgroundYUV420(size: scene.size, grid: frame.grid, into: &output)
        if try finishOnHost(frame) { host.pasteOverlayYUV420(size: scene.size, into: &output) }
        host.drawOnHostYUV420(frame.hosted, size: scene.size, into: &output)
        return true
    }

    /// A host-composed frame under way: its grid, and the region the GPU is drawing tiles of.
    private struct HostFrame {
        let grid: LowResolutionGrid
        /// Nil when no node draws anything; else the region drawn into, and
        /// its disjoint boxes to read back, each with the rectangles drawn in it.
        let overlay: (region: PixelRect, boxes: [(box: PixelRect, rects: [PixelRect])])?
        /// Nodes nothing the GPU draws lies above, which the host draws over
        /// the composed frame itself (bottom to top), with the tiles they draw.
        var hosted: [any HostDrawing] = []
    }

    /// The tiles of the node's square and what draws each (alone in the scene).
    func tiles(for node: AvatarWavesNode, _ scene: Scene) -> ForegroundTiles {
        configuration.classifiesTiles ? ForegroundTiles(node: node, region: Self.square(of: node, in: scene.size))
                                      : ForegroundTiles(everywhereWhole: Self.square(of: node, in: scene.size))
    }

    /// The same, without the tiles a node above hides (node `index` of `planned`).
    private func tiles(for node: AvatarWavesNode, _ index: Int, _ planned: (plan: TilePlan, kinds: [Int: [TileKind?]]),
                       _ scene: Scene) throws -> ForegroundTiles {
        guard !planned.plan.hasNodeBelow(index) else { throw SceneRenderError.nodeBelowTheWavesAndAvatar }
        let square = Self.square(of: node, in: scene.size)
        guard let kinds = planned.kinds[index] else { return ForegroundTiles(everywhereWhole: square) }
        return ForegroundTiles(kinds: kinds, region: square) { planned.plan.isHidden(index, column: $0, row: $1) }
    }

    /// Renders and reads back the low-resolution gradient (and, in the same
    /// pass, the gradient seen through the waves), sets the host to compose
    /// the foreground's tiles, then queues the tiles only the GPU can draw
    /// (under a node it draws) into their own small target and lets the GPU
    /// start on them, so the host fills the background meanwhile; nil when
    /// the grid does not apply.
    private func beginOnHost(_ scene: Scene) throws -> HostFrame? {
        let size = scene.size
        try context.checkRenderable(width: size.width, height: size.height)
        let fused = scene.nodes.enumerated().lazy.compactMap { item in (item.element as? AvatarWavesNode).map { (item.offset, $0) } }.first
        let shownWaves = fused?.1.waves.flatMap { $0.alpha > 0 ? $0 : nil }
        guard let grid = try lowResolutionGradient(for: scene, throughWaves: shownWaves),
              let low = lowResolution else { return nil }
        // The GPU starts on the gradient while the host sorts the tiles.
        try GLCalls.flush()
        let planned = self.plan(for: scene)
        let plan = planned.plan
        // The foreground's tiles the host composes itself, unless another node draws there too.
        let split = try fused.map { index, node in
            try tiles(for: node, index, planned, scene).splitForHost { plan.isDrawnByAnother(index, column: $0, row: $1) }
        }
        try low.target.bind()
        try host.readGrid(low.target)
        if let split {
            // Every tile of the square is filled below (or pasted): the I420 background fill leaves it alone.
            host.leaveToForeground(split.drawn.region, but: split.background)
        }
        if let split, !split.waves.isEmpty {
            // Output 1 holds the gradient through one wave (either), output 2 through both.
            let window = host.gridWindow(covering: split.drawn.region, size: size, grid: grid)
            for (attachment, takes) in [(1, { (outer: Bool, inner: Bool) in outer != inner }), (2, { $0 && $1 })] {
                let rects = split.waves.filter { wave in
                    guard case let .composed(outer?, inner?, _) = wave.kind else { return false }
                    return takes(outer, inner)
                }.flatMap(\.rects)
                if !rects.isEmpty { try host.readWavesGrid(window, attachment: attachment, for: rects) }
            }
        }
        if let (_, node) = fused, let split, !split.composed.isEmpty {
            // The rest of the host's tiles: each pixel composed from the grid, the waves' coverage and the avatar.
            let region = split.drawn.region
            let parts = HostForeground(weights: shownWaves.map { WaveEdgeWeights($0, centre: node.centre, region: region) },
                                       avatar: node.avatar.map { AvatarRows($0, centre: node.centre) })
            try host.composeForeground(split.composed.flatMap { composed in composed.rects.map { ($0, composed.kind) } }, with: parts,
                                       throughWavesAt: shownWaves == nil ? nil : host.gridWindow(covering: region, size: size, grid: grid))
        }
        // The drawn tiles: the waves and the avatar's, and every other node's, in boxes that do not overlap.
        var boxes: [(box: PixelRect, rects: [PixelRect])] = []
        func include(_ region: PixelRect, _ rects: [PixelRect]) {
            guard !rects.isEmpty else { return }
            var merged = (box: region, rects: rects)
            while let other = boxes.firstIndex(where: { !$0.box.intersection(merged.box).isEmpty }) {
                merged = (merged.box.union(boxes[other].box), merged.rects + boxes[other].rects)
                boxes.remove(at: other)
            }
            boxes.append(merged)
        }
        if let split { include(split.drawn.region, split.drawn.rects) }
        var others: [(renderer: any NodeRenderer, node: any SceneNode, lowest: [PixelRect], above: [PixelRect])] = []
        // Top down: a node the host can draw is drawn there when every node over it is too.
        var onHost = Set<Int>()
        for index in scene.nodes.indices.reversed() where !(scene.nodes[index] is AvatarWavesNode) {
            let above = scene.nodes.indices.filter { $0 > index && plan.overlap(index, $0) }
            if try self.nodes.renderer(for: scene.nodes[index]).drawsOnHost, above.allSatisfy(onHost.contains) { onHost.insert(index) }
        }
        var hostedTiles: [(renderer: any NodeRenderer, node: any SceneNode, rects: [PixelRect])] = []
        for (index, node) in scene.nodes.enumerated() where !(node is AvatarWavesNode) {
            if onHost.contains(index) {
                let rects = plan.runs(of: index, lowest: true) + plan.runs(of: index, lowest: false)
                if !rects.isEmpty { hostedTiles.append((try self.nodes.renderer(for: node), node, rects)) }
                continue
            }
            let runs = (renderer: try self.nodes.renderer(for: node), node: node,
                        lowest: plan.runs(of: index, lowest: true), above: plan.runs(of: index, lowest: false))
            include(plan.regions[index], runs.lowest + runs.above)
            others.append(runs)
        }
        let host = self.host
        try nodes.prepare(scene, background: { host.background(at: $0, size: size, grid: grid) })
        let hosted = try hostedTiles.map { try $0.renderer.hostDrawing($0.node, scene: scene, rects: $0.rects) }
        guard let first = boxes.first?.box else { return HostFrame(grid: grid, overlay: nil, hosted: hosted) }
        let region = boxes.reduce(first) { $0.union($1.box) }
        let target = try overlayTarget(width: region.width, height: region.height)
        let lookup = (grid: grid, texture: low.target.color)
        if let (_, node) = fused, let split, !split.drawn.runs.isEmpty {
            try foreground.draw(scene, node, tiles: split.drawn, lookup: lookup, into: target, showing: region)
        }
        for runs in others {
            if runs.renderer.composesBackground {
                try runs.renderer.draw(runs.node, scene: scene, tiles: runs.lowest, overBackground: true, lookup: lookup, into: target, showing: region)
                try runs.renderer.draw(runs.node, scene: scene, tiles: runs.above, overBackground: false, lookup: lookup, into: target, showing: region)
            } else {
                try backgroundTiles.fill(runs.lowest, scene: scene, lookup: lookup, into: target, showing: region)
                try runs.renderer.draw(runs.node, scene: scene, tiles: runs.lowest + runs.above, overBackground: false, lookup: lookup,
                                       into: target, showing: region)
            }
        }
        try GLCalls.flush()
        return HostFrame(grid: grid, overlay: (region, boxes), hosted: hosted)
    }

    /// Waits for the drawn tiles and reads their region back; false when there are none.
    private func finishOnHost(_ frame: HostFrame) throws -> Bool {
        guard let (region, boxes) = frame.overlay, let target = overlay else { return false }
        try target.bind(viewportWidth: region.width, viewportHeight: region.height)
        for (box, rects) in boxes { try host.readOverlay(box, of: region, pasting: rects) }
        return true
    }

    /// Renders the low-resolution gradient and binds it to texture unit 1, when the fast path applies.
    /// With `waves`, the grid's target also gets the gradient as seen through one wave and through both (outputs 1, 2).
    private func lowResolutionGradient(for scene: Scene, throughWaves waves: WavesLayer? = nil) throws -> LowResolutionGrid? {
        let size = scene.size
        guard let background = scene.background, let grid = grid(for: size) else { return nil }
        if lowResolution?.grid != grid {
            lowResolution = nil
            let textures = try (0..<3).map { _ in
                try Texture(context: context, width: grid.textureWidth, height: grid.textureHeight, format: .rgba16f)
            }
            lowResolution = (grid, try Framebuffer(colors: textures))
        }
        guard let low = lowResolution else { return nil }
        try gradient.drawLowResolution(background, grid: grid, throughWaves: waves, into: low.target)
        return grid
    }

    /// The low-resolution grid of a frame of `size`, where it applies: a
    /// factor over 1, a context that renders to floats, and at least the
    /// configuration's fewest texels a side (a coarser grid misses the field's curvature).
    private func grid(for size: FrameSize) -> LowResolutionGrid? {
        guard gradientFactor > 1, context.rendersToFloat else { return nil }
        let grid = LowResolutionGrid(width: size.width, height: size.height, factor: gradientFactor)
        return min(grid.innerWidth, grid.innerHeight) >= configuration.minimumGridSide ? grid : nil
    }

    /// The route a frame of `scene` takes: host composition where it is
    /// configured and the grid applies, else the GPU passes (what a test
    /// asks to be sure a route it holds did not fall back to another).
    public func route(for scene: Scene) -> RendererConfiguration.Route {
        composesOnHost && scene.background != nil && grid(for: scene.size) != nil ? .hostComposition : .gpuPasses
    }

    /// A target for the foreground's square alone, reused while it is large enough (sides in steps of 64).
    private func overlayTarget(width: Int, height: Int) throws -> Framebuffer {
        if let overlay, overlay.width >= width, overlay.height >= height { return overlay }
        self.overlay = nil
        let made = try Framebuffer(color: try Texture(context: context, width: (width + 63) / 64 * 64, height: (height + 63) / 64 * 64))
        overlay = made
        return made
    }

    private func target(for size: FrameSize) throws -> Framebuffer {
        if let target, target.width == size.width, target.height == size.height { return target }
        self.target = nil   // free the old one before allocating the new one
        let made = try Framebuffer(color: try Texture(context: context, width: size.width, height: size.height))
        self.target = made
        return made
    }
}
