import CallshadeCore

/// Renders frames with OpenGL ES 3 on a headless context and reads them back
/// as RGBA8, row 0 at the top. It keeps one render target and reuses it while
/// the frame size and format stay the same: RGBA8, or half floats where a
/// node of the frame wants them (`NodeRenderer.wantsFloatTarget`: the video
/// call's translucent layers stacked in a transition), rounded once when read.
public final class GPURenderer: FrameRenderer {
    public let context: GLContext
    private let shaders: ShaderLibrary
    private let gradient: GradientPass
    private let nodes: NodeRenderers
    private let backgroundTiles: BackgroundTiles
    private var target: Framebuffer?
    private var lowResolution: (grid: LowResolutionGrid, target: Framebuffer)?
    /// The last host-composed frame's layout, for the next frame whose nodes lie where its did (while reuse is on).
    private var hostLayout: HostLayout?
    /// Built on the first conversion on the GPU.
    private var yuv: YUVPass?
    private var host = HostCompositor()
    /// The GPU's tiles of a host-composed frame (its overlay).
    private var overlay: Framebuffer?

    /// Its route, I420 converter and grid, fixed when it is made.
    public let configuration: RendererConfiguration
    /// What keeps work between frames (shared with a renderer reconfigured from it: every key says how its value was made).
    public let reuse: ReuseStore

    private var gradientFactor: Int { configuration.gradientFactor }
    private var convertsOnGPU: Bool { configuration.yuvConverter == .gpu }
    private var composesOnHost: Bool { configuration.route == .hostComposition }

    /// A renderer on `context`, configured as `configuration` says (by default what suits the context), keeping work between frames in `reuse`.
    public convenience init(context: GLContext, shaders: ShaderLibrary = .embedded, configuration: RendererConfiguration? = nil,
                            reuse: ReuseStore = ReuseStore()) throws {
        let gradient = try GradientPass(context: context, shaders: shaders)
        self.init(context: context, shaders: shaders, gradient: gradient,
                  nodes: NodeRenderers.make(context: context, shaders: shaders, gradient: gradient, reuse: reuse),
                  backgroundTiles: try BackgroundTiles(context: context, shaders: shaders),
                  configuration: configuration ?? .preferred(for: context), reuse: reuse)
    }

    private init(context: GLContext, shaders: ShaderLibrary, gradient: GradientPass, nodes: NodeRenderers,
                 backgroundTiles: BackgroundTiles, configuration: RendererConfiguration, reuse: ReuseStore) {
        self.reuse = reuse
        self.context = context
        self.shaders = shaders
        self.gradient = gradient
        self.nodes = nodes
        self.backgroundTiles = backgroundTiles
        self.configuration = configuration
    }

    /// Compiles every shader build any frame can ask for (most are built on
    /// first use), so a broken rare one fails here rather than in the middle
    /// of a render; returns how many programs its context has linked then
    /// (counted where they are linked, `GLContext.programsLinked`).
    @discardableResult
    public func compileEveryVariant() throws -> Int {
        yuv = try yuv ?? YUVPass(context: context, shaders: shaders)
        try gradient.compileEveryVariant()
        try nodes.compileEveryVariant()
        try backgroundTiles.compileEveryVariant()
        return context.programsLinked
    }

    /// A renderer configured otherwise that shares this one's context and
    /// compiled programs (use one of them at a time: they share the context).
    public func reconfigured(_ configuration: RendererConfiguration) -> GPURenderer {
        GPURenderer(context: context, shaders: shaders, gradient: gradient, nodes: nodes, backgroundTiles: backgroundTiles,
                    configuration: configuration, reuse: reuse)
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
            try YUV420.convertFast(try render(scene), into: &output, cores: host.cores)
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
        let target = try self.target(for: scene.size, format: targetFormat(for: scene))
        let grid = try lowResolutionGradient(for: scene)
        let gridTexture = lowResolution?.target.color
        if let background = scene.background {
            if let grid, let gridTexture {
                try gradient.drawUpscaled(background, lookup: (grid, gridTexture), dither: scene.dither, into: target)
            } else {
                try gradient.draw(background, dither: scene.dither, into: target)
            }
        } else {
            try target.bind()
            try GLCalls.clear()
        }
        // Each node over its tiles, bottom to top, over the background drawn whole.
        let (frameNodes, plan) = try self.plan(scene)
        let lookup = grid.flatMap { grid in gridTexture.map { (grid, $0) } }
        let frame = PixelRect(x: 0, y: 0, width: scene.size.width, height: scene.size.height)
        for (index, node) in frameNodes.enumerated() {
            let composes = node.backdrop == .composes
            try node.draw(plan.runs(of: index), scene: scene, overBackground: composes, lookup: composes ? lookup : nil, into: target,
                          showing: frame)
        }
        return target
    }

    /// The nodes of `scene` with their renderers and tiles, and which draws
    /// which tile; throws when a node lies below one that composes the background itself.
    private func plan(_ scene: Scene) throws -> (nodes: [any FrameNode], plan: TilePlan) {
        let frameNodes = try nodes.frameNodes(of: scene, classified: configuration.classifiesTiles)
        return (frameNodes, try TilePlan(size: scene.size, nodes: frameNodes))
    }

    /// The frame with its background interpolated on the CPU, or nil when the
    /// low-resolution gradient does not apply (no background, or a small frame).
    private func composeOnHost(_ scene: Scene) throws -> RGBAImage? {
        if let drawings = try drawingsOnHost(scene) {
            let pixels = host.drawnWhole(size: scene.size, format: .rgba).drawing(drawings)
            return RGBAImage(width: scene.size.width, height: scene.size.height, pixels: pixels)
        }
        guard let frame = try beginOnHost(scene) else { return nil }
        let filled = host.fillRGBA(frame.grid, fills: frame.fills, dither: scene.dither)
        let pixels = try filled.pasting(frame.overlay, with: &host).drawing(frame.hosted)
        return RGBAImage(width: scene.size.width, height: scene.size.height, pixels: pixels)
    }

    /// The same as I420 planes, straight from the gradient's Y, Cb and Cr;
    /// false when that does not apply (as above, or a dithered frame).
    private func composeYUV420OnHost(_ scene: Scene, into output: inout [UInt8]) throws -> Bool {
        try YUV420.checkSize(width: scene.size.width, height: scene.size.height)
        guard !scene.dither else { return false }
        var planes: [UInt8] = []
        if let drawings = try drawingsOnHost(scene) {
            swap(&planes, &output)
            output = host.drawnWhole(size: scene.size, format: .yuv420, reusing: consume planes).drawing(drawings)
            return true
        }
        guard let frame = try beginOnHost(scene) else { return false }
        swap(&planes, &output)
        // Rows a drawing writes whole hide their background.
        let filled = host.fillYUV420(frame.grid, fills: frame.fills, reusing: consume planes, hidden: frame.hosted.flatMap(\.writtenWhole))
        output = try filled.pasting(frame.overlay, with: &host).drawing(frame.hosted)
        return true
    }

    /// A frame without a background that the host draws whole: its
    /// nodes' host drawings, bottom to top, when the lowest is opaque over
    /// every tile of the frame and every one draws on the host without the
    /// grid (`NodeRenderer.drawsOnHostWithoutGrid`: the chat's wallpaper,
    /// bubbles and text); nil when that does not apply. No GPU work.
    private func drawingsOnHost(_ scene: Scene) throws -> [any HostDrawing]? {
        guard scene.background == nil, !scene.nodes.isEmpty else { return nil }
        try context.checkRenderable(width: scene.size.width, height: scene.size.height)
        let (frameNodes, plan) = try self.plan(scene)
        guard Self.drawsWholeOnHost(frameNodes, size: scene.size) else { return nil }
        try nodes.prepare(scene)
        return try frameNodes.indices.compactMap { index in
            let rects = plan.runs(of: index)
            return rects.isEmpty ? nil : try frameNodes[index].hostDrawing(rects, scene: scene)
        }
    }

    /// Whether the host can draw a frame of `frameNodes` whole, with no
    /// background: the lowest opaque over every tile of a frame of `size`,
    /// and every one drawn on the host without the grid.
    private static func drawsWholeOnHost(_ frameNodes: [any FrameNode], size: FrameSize) -> Bool {
        guard let lowest = frameNodes.first?.tiles else { return false }
        return lowest.region == PixelRect(x: 0, y: 0, width: size.width, height: size.height)
            && lowest.coverage.allSatisfy { $0 == .opaque } && frameNodes.allSatisfy(\.drawsOnHostWithoutGrid)
    }

    /// A host-composed frame under way: its grid read back, the nodes' tiles
    /// the host fills, the GPU's tiles drawn (nil: none) and the nodes the
    /// host draws over the composed frame itself (bottom to top).
    private struct HostFrame {
        let grid: HostGrid
        let fills: [PlacedHostFill]
        let overlay: DrawnOverlay?
        let hosted: [any HostDrawing]
    }

    /// Plans the tiles (`HostLayout`, leaving out the nodes that draw none), renders and
    /// reads back the low-resolution gradient (and, in the same pass, the
    /// grid outputs a node drawn asks for), has the nodes the host fills
    /// make their fills, then queues the tiles only the GPU can draw (under
    /// a node it draws) into their own small target and lets the GPU start
    /// on them, so the host fills the background meanwhile; nil when the grid
    /// does not apply.
    private func beginOnHost(_ scene: Scene) throws -> HostFrame? {
        let size = scene.size
        try context.checkRenderable(width: size.width, height: size.height)
        let allNodes = try nodes.frameNodesLeavingHidden(of: scene, classified: configuration.classifiesTiles)
        let layout: HostLayout
        if reuse.isOn, let last = hostLayout, last.fits(size: size, nodes: allNodes) {
            layout = last
        } else {
            layout = try HostLayout(size: size, nodes: allNodes)
            hostLayout = layout
        }
        // Only the nodes that draw a tile: the voice call's waves under a full-screen video's backdrop
        // neither fill their tiles nor have the GPU draw the grid's outputs they ask for.
        var shownScene = scene
        if layout.shown.count < allNodes.count { shownScene.nodes = layout.shown.map { scene.nodes[$0] } }
        let scene = shownScene
        let frameNodes = layout.shown.compactMap { allNodes[$0] }
        guard let grid = try lowResolutionGradient(for: scene, outputs: try nodes.gridOutputs(of: scene)),
              let low = lowResolution else { return nil }
        try GLCalls.flush()
        let hostGrid = try host.readGrid(low.target, grid: grid, size: size)
        var fills: [PlacedHostFill] = []
        var hostedTiles: [(node: any FrameNode, rects: [PixelRect])] = []
        var drawn: [(node: any FrameNode, lowest: [PixelRect], above: [PixelRect])] = []
        var boxes = OverlayBoxes()
        for (index, node) in frameNodes.enumerated() {
            let (lowest, above): ([PixelRect], [PixelRect])
            switch layout.parts[index] {
            case .hosted(let rects):
                if !rects.isEmpty { hostedTiles.append((node, rects)) }
                continue
            // A node that reads the frame below it, drawn by the GPU, would read the overlay alone: the GPU passes draw such a frame.
            case _ where node.tiles.read != nil: return nil
            case .filled(let alone, let undrawn, let shared, let over):
                // The host fills its tiles where no other node draws; the GPU draws the rest.
                fills.append(PlacedHostFill(fill: try node.hostFill(alone, scene: scene, grid: hostGrid), region: layout.regions[index],
                                            background: undrawn))
                (lowest, above) = (shared, over)
            case .drawn(let shared, let over):
                (lowest, above) = (shared, over)
            }
            boxes.include(layout.regions[index], lowest + above)
            drawn.append((node, lowest, above))
        }
        try nodes.prepare(scene, background: hostGrid.hostBackground)
        let hosted = try hostedTiles.map { try $0.node.hostDrawing($0.rects, scene: scene) }
        guard let region = boxes.region else { return HostFrame(grid: hostGrid, fills: fills, overlay: nil, hosted: hosted) }
        let target = try overlayTarget(width: region.width, height: region.height, format: targetFormat(for: scene))
        let lookup = (grid: grid, texture: low.target.color)
        for (node, lowest, above) in drawn {
            switch node.backdrop {
            case .composes:
                try node.draw(lowest, scene: scene, overBackground: true, lookup: lookup, into: target, showing: region)
            case .composesOrBlends:
                try node.draw(lowest, scene: scene, overBackground: true, lookup: lookup, into: target, showing: region)
                try node.draw(above, scene: scene, overBackground: false, lookup: lookup, into: target, showing: region)
            case .blends:
                try backgroundTiles.fill(lowest, scene: scene, lookup: lookup, into: target, showing: region)
                try node.draw(lowest + above, scene: scene, overBackground: false, lookup: lookup, into: target, showing: region)
            }
        }
        try GLCalls.flush()
        return HostFrame(grid: hostGrid, fills: fills, overlay: DrawnOverlay(target: target, region: region, boxes: boxes.boxes), hosted: hosted)
    }

    /// Renders the low-resolution gradient, when the fast path applies.
    /// With `outputs`, the grid's target also gets what they add (outputs 1, 2, ...).
    private func lowResolutionGradient(for scene: Scene, outputs: GridOutputs? = nil) throws -> LowResolutionGrid? {
        let size = scene.size
        guard let background = scene.background, let grid = grid(for: size) else { return nil }
        if let outputs, outputs.count > GridOutputs.most {
            throw SceneRenderError.unsupportedNode("\(outputs.count) outputs of the grid (at most \(GridOutputs.most))")
        }
        if lowResolution?.grid != grid {
            lowResolution = nil
            let textures = try (0...GridOutputs.most).map { _ in
                try Texture(context: context, width: grid.textureWidth, height: grid.textureHeight, format: .rgba16f)
            }
            lowResolution = (grid, try Framebuffer(colors: textures))
        }
        guard let low = lowResolution else { return nil }
        try gradient.drawLowResolution(background, grid: grid, outputs: outputs, into: low.target)
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
        guard composesOnHost else { return .gpuPasses }
        if scene.background != nil { return grid(for: scene.size) != nil ? .hostComposition : .gpuPasses }
        let frameNodes = try? nodes.frameNodes(of: scene, classified: configuration.classifiesTiles)
        return frameNodes.map { Self.drawsWholeOnHost($0, size: scene.size) } == true ? .hostComposition : .gpuPasses
    }

    /// The format a frame of `scene` is drawn in: half floats where a node
    /// wants them and the context renders to them, else RGBA8.
    private func targetFormat(for scene: Scene) throws -> TextureFormat {
        try context.rendersToFloat && nodes.wantFloatTarget(scene) ? .rgba16f : .rgba8
    }

    /// A target for the overlay, reused while it is large enough (sides in steps of 64) and of `format`.
    private func overlayTarget(width: Int, height: Int, format: TextureFormat) throws -> Framebuffer {
        if let overlay, overlay.width >= width, overlay.height >= height, overlay.color.format == format { return overlay }
        self.overlay = nil
        let made = try Framebuffer(color: try Texture(context: context, width: (width + 63) / 64 * 64, height: (height + 63) / 64 * 64,
                                                      format: format))
        overlay = made
        return made
    }

    private func target(for size: FrameSize, format: TextureFormat) throws -> Framebuffer {
        if let target, target.width == size.width, target.height == size.height, target.color.format == format { return target }
        self.target = nil   // free the old one before allocating the new one
        let made = try Framebuffer(color: try Texture(context: context, width: size.width, height: size.height, format: format))
        self.target = made
        return made
    }
}
