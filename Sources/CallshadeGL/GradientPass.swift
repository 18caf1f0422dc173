import CallshadeCore

/// The background pass: `quad.vert` + `gradient.frag` over a whole target,
/// built evaluating the gradient, reading it from the low-resolution texture
/// (GRADIENT_LOOKUP), or evaluating it on the grid and also as seen through
/// the waves (WAVES_THROUGH, into a target of three textures).
final class GradientPass {
    private struct Variant {
        let program: ShaderProgram
        let rect: UniformLocation
        let gradient: GradientUniforms
        let wavesLook: WavesLookUniforms?

        init(context: GLContext, shaders: ShaderLibrary, options: ProgramOptions) throws {
            program = try ShaderProgram(context: context, vertex: try shaders.source("quad.vert"),
                                        fragment: try shaders.source("gradient.frag").defining(options.defines))
            rect = try program.uniform("u_rect")
            gradient = try GradientUniforms(program, evaluates: !options.lookup)
            wavesLook = options.wavesThrough ? try WavesLookUniforms(program, required: true) : nil
        }
    }

    private let variants: ProgramVariants<Variant>

    init(context: GLContext, shaders: ShaderLibrary) throws {
        variants = try ProgramVariants(eager: [ProgramOptions(lookup: false, dither: false), ProgramOptions(lookup: true, dither: false)]) {
            try Variant(context: context, shaders: shaders, options: $0)
        }
    }

    /// Every build of `gradient.frag` a frame can ask for, compiled now;
    /// returns how many there are.
    @discardableResult
    func compileEveryVariant() throws -> Int {
        var all = [false, true].flatMap { lookup in [false, true].map { ProgramOptions(lookup: lookup, dither: $0) } }
        all.append(ProgramOptions(lookup: false, dither: false, wavesThrough: true))
        for options in all { _ = try variants.variant(options) }
        return all.count
    }

    /// Evaluates the gradient over a whole full-size target (the exact path).
    func draw(_ parameters: GradientParameters, dither: Bool, into target: Framebuffer) throws {
        try draw(parameters, mapping: .fullSize(width: target.width, height: target.height), dither: dither, lookup: nil, into: target)
    }

    /// Evaluates the gradient on a low-resolution grid (into a half-float
    /// target); with `waves`, also as seen through one of them and through
    /// both (outputs 1 and 2: the target needs three textures).
    func drawLowResolution(_ parameters: GradientParameters, grid: LowResolutionGrid, throughWaves waves: WavesLayer? = nil,
                           into target: Framebuffer) throws {
        try draw(parameters, mapping: grid.mapping, dither: false, lookup: nil, waves: waves, into: target)
    }

    /// Fills a full-size target from the low-resolution gradient bound to texture unit 1.
    func drawUpscaled(_ parameters: GradientParameters, grid: LowResolutionGrid, dither: Bool, into target: Framebuffer) throws {
        try draw(parameters, mapping: .fullSize(width: target.width, height: target.height), dither: dither, lookup: grid, into: target)
    }

    /// Evaluates the gradient (with its tone, if it has one) over a whole
    /// target whose fragments stand for the screen points `mapping` says.
    func draw(_ parameters: GradientParameters, mapping: ScreenMapping, into target: Framebuffer) throws {
        try draw(parameters, mapping: mapping, dither: false, lookup: nil, into: target)
    }

    private func draw(_ parameters: GradientParameters, mapping: ScreenMapping, dither: Bool, lookup: LowResolutionGrid?,
                      waves: WavesLayer? = nil, into target: Framebuffer) throws {
        let variant = try variants.variant(ProgramOptions(lookup: lookup != nil, dither: dither, wavesThrough: waves != nil))
        try target.bind()
        // The quad covers the whole target: clearing first spares loading what it held (llvmpipe: a sixth less of the grid's cost).
        try GLCalls.clear()
        try variant.program.use()
        try GLCalls.resetFixedFunctionState()
        try GLCalls.uniform(variant.rect.value, vec4: -1, -1, 1, 1)
        try variant.gradient.set(parameters, mapping: mapping, lookup: lookup)
        if let waves { try variant.wavesLook?.set(waves) }
        try GLCalls.drawQuad()
    }
}
