import CallshadeCore

/// The background pass: `quad.vert` + `gradient.frag` over a whole target,
/// built evaluating the gradient or reading it from the low-resolution
/// texture (GRADIENT_LOOKUP); on the grid, or `quad.vert` + the fragment
/// shader of the `GridOutputs` a node asks for, which writes more outputs
/// (into a target of as many more textures).
final class GradientPass {
    private struct Variant {
        let program: ShaderProgram
        let rect: UniformLocation
        let gradient: GradientUniforms

        init(context: GLContext, shaders: ShaderLibrary, build: Build) throws {
            program = try ShaderProgram(context: context, vertex: try shaders.source("quad.vert"),
                                        fragment: try shaders.source(build.fragment).defining(build.options.defines))
            rect = try program.uniform("u_rect")
            gradient = try GradientUniforms(program, evaluates: !build.options.lookup)
        }
    }

    /// A program of the pass: its fragment shader and that shader's options.
    private struct Build: Hashable {
        var options: ProgramOptions
        var fragment = "gradient.frag"
    }

    private let variants: ProgramVariants<Build, Variant>

    init(context: GLContext, shaders: ShaderLibrary) throws {
        variants = try ProgramVariants(eager: [Build(options: ProgramOptions(lookup: false, dither: false)),
                                               Build(options: ProgramOptions(lookup: true, dither: false))]) {
            try Variant(context: context, shaders: shaders, build: $0)
        }
    }

    /// Every build of `gradient.frag` a frame can ask for, compiled now;
    /// returns how many there are.
    @discardableResult
    func compileEveryVariant() throws -> Int {
        let all = [false, true].flatMap { lookup in [false, true].map { ProgramOptions(lookup: lookup, dither: $0) } }
        for options in all { _ = try variants.variant(Build(options: options)) }
        return all.count
    }

    /// Compiles the grid's program of `outputs` now; returns 1.
    func compile(_ outputs: GridOutputs) throws -> Int {
        _ = try variants.variant(Build(options: ProgramOptions(lookup: false, dither: false), fragment: outputs.fragment))
        return 1
    }

    /// Evaluates the gradient over a whole full-size target (the exact path).
    func draw(_ parameters: GradientParameters, dither: Bool, into target: Framebuffer) throws {
        try draw(parameters, mapping: .fullSize(width: target.width, height: target.height), dither: dither, lookup: nil, into: target)
    }

    /// Evaluates the gradient on a low-resolution grid (into a half-float
    /// target); with `outputs`, also what they add (the target needs as
    /// many more textures).
    func drawLowResolution(_ parameters: GradientParameters, grid: LowResolutionGrid, outputs: GridOutputs? = nil,
                           into target: Framebuffer) throws {
        try draw(parameters, mapping: grid.mapping, dither: false, lookup: nil, outputs: outputs, into: target)
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
                      outputs: GridOutputs? = nil, into target: Framebuffer) throws {
        let options = ProgramOptions(lookup: lookup != nil, dither: dither)
        let variant = try variants.variant(outputs.map { Build(options: options, fragment: $0.fragment) } ?? Build(options: options))
        try target.bind()
        // The quad covers the whole target: clearing first spares loading what it held (llvmpipe: a sixth less of the grid's cost).
        try GLCalls.clear()
        try variant.program.use()
        try GLCalls.resetFixedFunctionState()
        try GLCalls.uniform(variant.rect.value, vec4: -1, -1, 1, 1)
        try variant.gradient.set(parameters, mapping: mapping, lookup: lookup)
        try outputs?.setUniforms(variant.program)
        try GLCalls.drawQuad()
    }
}

/// More outputs of the background's low-resolution grid that a node asks
/// for, on the host route (`NodeRenderer.gridOutputs`): `fragment`, a pass
/// file drawn with `quad.vert` that writes the background to output 0 as
/// `gradient.frag` does and `count` more colours to outputs 1, 2, ...;
/// `setUniforms` sets its own uniforms on the program in use.
struct GridOutputs {
    /// The most outputs a node may ask for (the grid's target has as many more textures).
    static let most = 2

    let fragment: String
    let count: Int
    let setUniforms: (ShaderProgram) throws -> Void
}
