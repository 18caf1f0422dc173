import CallshadeCore
import Dispatch

/// Draws glass nodes: `tiles.vert` + `glass.frag` over the tiles the
/// compositor gives it, reading the blurred toned background from a
/// `BackdropLattice` (made once a frame for each background, tone and blur).
final class GlassRenderer: NodeRenderer {
    private struct Variant {
        let program: ShaderProgram
        let gradient: GradientUniforms
        let targetSize: UniformLocation
        let regionOrigin: UniformLocation
        let glassRect: UniformLocation
        let glassShape: UniformLocation
        let glassArrow: UniformLocation
        let backdrop: UniformLocation
        let lattice: UniformLocation

        init(context: GLContext, shaders: ShaderLibrary, options: ProgramOptions) throws {
            program = try ShaderProgram(context: context, vertex: try shaders.source("tiles.vert"),
                                        fragment: try shaders.source("glass.frag").defining(options.defines))
            gradient = try GradientUniforms(program, evaluates: !options.lookup, showsBackground: options.overBackground)
            targetSize = try program.uniform("u_targetSize")
            regionOrigin = try program.uniform("u_regionOrigin")
            glassRect = try program.uniform("u_glassRect")
            glassShape = try program.uniform("u_glassShape")
            glassArrow = try program.uniform("u_glassArrow")
            backdrop = try program.uniform("u_backdrop")
            lattice = try program.uniform("u_backdropLattice")
        }
    }

    private let context: GLContext
    private let gradient: GradientPass
    private let blur: BackdropBlurPass
    private let variants: ProgramVariants<ProgramOptions, Variant>
    private let vertices: GraphicsBuffer
    /// The lattices of the frame drawn last, to reuse while they still apply.
    private var lattices: [BackdropLattice] = []
    /// How many are kept: at least every glass of the frame at hand (each is
    /// made once in `prepare` and read again when drawn), and never fewer than 4.
    private var kept = 4

    init(context: GLContext, shaders: ShaderLibrary, gradient: GradientPass) throws {
        self.context = context
        self.gradient = gradient
        blur = try BackdropBlurPass(context: context, shaders: shaders)
        vertices = try GraphicsBuffer(context: context)
        variants = try ProgramVariants(eager: [ProgramOptions(lookup: false, dither: false)]) {
            try Variant(context: context, shaders: shaders, options: $0)
        }
    }

    /// Every build of `glass.frag` a frame can ask for, compiled now, and
    /// `blur.frag` (compiled already); returns how many there are.
    @discardableResult
    func compileEveryVariant() throws -> Int {
        // The lookup only over the background; blending builds evaluate nothing.
        let builds = [(false, false), (true, true), (false, true)]
        for dither in [false, true] {
            for (lookup, over) in builds {
                var options = ProgramOptions(lookup: lookup, dither: dither)
                options.overBackground = over
                _ = try variants.variant(options)
            }
        }
        return builds.count * 2 + 1
    }

    var backdrop: NodeBackdrop { .composesOrBlends }

    var hostRole: HostRole { .drawsOver }

    /// Glass on the host (`HostGlass`), with the lattice prepared for the frame.
    func hostDrawing(_ glass: GlassNode, scene: Scene, rects: [PixelRect]) throws -> any HostDrawing {
        // The lattice `prepare` made from the host's background: one the passes made
        // for the same glass (a renderer reconfigured, sharing this one) has no values here.
        let key = BackdropLattice.Key(glass, size: scene.size)
        guard let samples = lattices.first(where: { $0.key == key && $0.hasHostValues })?.samples else {
            throw SceneRenderError.unsupportedNode("glass on the host with a backdrop made on the GPU (prepare the frame with the host's background)")
        }
        return HostGlass(glass, lattice: samples, rects: rects, size: scene.size, dither: scene.dither)
    }

    /// The lattice for `glass` in a frame of `size`: the one of the frame
    /// before if it still applies (and has the host's values, when
    /// `background` is given), else made from `background` (the host's
    /// grid) when given, by the gradient and blur passes when not.
    private func lattice(for glass: GlassNode, size: FrameSize, background: (@Sendable (Vec2) -> RGB)? = nil) throws -> BackdropLattice {
        let key = BackdropLattice.Key(glass, size: size)
        if let made = lattices.first(where: { $0.key == key && (background == nil || $0.hasHostValues) }) { return made }
        let made: BackdropLattice
        if let background {
            // The oldest lattice's texture is reused when it has the size (a glass that stays put).
            let spare = lattices.count >= kept ? lattices.removeFirst().uploaded : nil
            made = try BackdropLattice(key, context: context, background: background, reusing: spare)
        } else {
            made = try BackdropLattice(key, context: context, gradient: gradient, blur: blur)
        }
        lattices.append(made)
        if lattices.count > kept { lattices.removeFirst() }
        return made
    }

    /// Prepares the lattices of a frame's glass before anything is drawn (they use render targets of their own).
    /// From the host's background, the new ones are made side by side on the cores.
    func prepare(_ scene: Scene, background: (@Sendable (Vec2) -> RGB)?) throws {
        let glasses = scene.nodes.compactMap { $0 as? GlassNode }
        kept = max(4, glasses.count)
        while lattices.count > kept { lattices.removeFirst() }
        if let background {
            var keys: [BackdropLattice.Key] = []
            for glass in glasses {
                let key = BackdropLattice.Key(glass, size: scene.size)
                if !keys.contains(key), !lattices.contains(where: { $0.key == key && $0.hasHostValues }) { keys.append(key) }
            }
            let wanted = keys
            if wanted.count > 1 {
                let made = UnsafeMutableBufferPointer<BackdropLattice.Values?>.allocate(capacity: wanted.count)
                made.initialize(repeating: nil)
                defer { made.deallocate() }
                guard let base = made.baseAddress else { throw SceneRenderError.unsupportedNode("no memory for the lattices") }
                let slots = SendablePointer(address: base)
                DispatchQueue.concurrentPerform(iterations: wanted.count) { index in
                    slots[index] = BackdropLattice.values(wanted[index], background: background)
                }
                for case let values? in made {
                    let spare = lattices.count >= kept ? lattices.removeFirst().uploaded : nil
                    lattices.append(BackdropLattice(values, context: context, reusing: spare))
                }
            }
        }
        for glass in glasses { _ = try lattice(for: glass, size: scene.size, background: background) }
    }

    /// Draws `glass` over `tiles` (frame pixels, inside `region`) of `target`,
    /// which stands for `region` of the frame (row 0 at its top). Over the
    /// background (`overBackground`, which `lookup` reads when given) it
    /// writes the mix; otherwise it blends over what the target holds.
    func draw(_ glass: GlassNode, _ _: CoveredTiles, rects tiles: [PixelRect], scene: Scene, overBackground: Bool,
              lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        guard !tiles.isEmpty, let background = overBackground ? scene.background : glass.backdrop else { return }
        let lattice = try lattice(for: glass, size: scene.size)
        try target.bind(viewportWidth: region.width, viewportHeight: region.height)
        try GLCalls.resetFixedFunctionState()
        if !overBackground { try GLCalls.blendPremultiplied() }
        var options = ProgramOptions(lookup: overBackground && lookup != nil, dither: scene.dither)
        options.overBackground = overBackground
        let variant = try variants.variant(options)
        try variant.program.use()
        try GLCalls.bindTexture(try lattice.texture().name, unit: .backdrop)
        if let lookup, options.lookup { try GLCalls.bindTexture(lookup.texture.name, unit: .gradientGrid) }
        let width = Double(scene.size.width), height = Double(scene.size.height)
        let mapping = ScreenMapping(x: 1 / width, xOffset: Double(region.x) / width, y: -1 / height, yOffset: 1 - Double(region.y) / height)
        try variant.gradient.set(background, mapping: mapping, lookup: options.lookup ? lookup?.grid : nil)
        try GLCalls.uniform(variant.targetSize.value, vec2: Float(region.width), Float(region.height))
        try GLCalls.uniform(variant.regionOrigin.value, vec2: Float(region.x), Float(region.y))
        try GLCalls.uniform(variant.glassRect.value, vec4: Float(glass.x), Float(glass.y), Float(glass.width), Float(glass.height))
        let core = glass.arrow?.core(depth: glass.arrowDepth)
        try GLCalls.uniform(variant.glassShape.value, vec4: Float(glass.cornerRadius), Float(min(max(glass.opacity, 0), 1)),
                            Float(glass.arrow.map { min(max($0.tipRadius, 0), $0.height / 2) } ?? 0), core.map { $0.depth > 0 ? 1 : 0 } ?? 0)
        try GLCalls.uniform(variant.glassArrow.value, vec4: Float(core?.apexX ?? 0), Float(core?.apexY ?? 0),
                            Float(core?.halfWidth ?? 0), Float(core?.depth ?? 0))
        try GLCalls.uniform(variant.backdrop.value, sampler: .backdrop)
        try GLCalls.uniform(variant.lattice.value, vec4: Float(lattice.first.x), Float(lattice.first.y),
                        Float(lattice.spacing.x), Float(lattice.spacing.y))
        try GLCalls.vertexPositions(TileTriangles.positions(of: tiles, in: region), in: vertices.name)
        defer { GLCalls.endVertexPositions() }
        try GLCalls.drawTriangles(first: 0, count: tiles.count * 6)
        // Blending off again (every pass also turns it off before drawing).
        try GLCalls.resetFixedFunctionState()
    }
}
