import CallshadeCore

/// The background pass: `quad.vert` + `gradient.frag` over a whole target,
/// built evaluating the gradient or reading it from the low-resolution
/// texture (GRADIENT_LOOKUP). On the grid, a node that asks for more of it
/// (`GridOutputs`) draws it with its own program instead.
final class GradientPass {
    private let variants: ProgramVariants<ProgramOptions, Pipeline<BackgroundBlock>>
    private let uniforms: UniformStream

    init(context: GLContext, shaders: ShaderLibrary) throws {
        uniforms = try UniformStream(context: context)
        variants = try ProgramVariants(eager: [ProgramOptions(lookup: false, dither: false), ProgramOptions(lookup: true, dither: false)]) {
            try Pipeline(context: context, shaders: shaders, vertex: "quad.vert", fragment: "gradient.frag", defines: $0.defines)
        }
    }

    /// Every build of `gradient.frag` a frame can ask for, compiled now.
    func compileEveryVariant() throws {
        let all = [false, true].flatMap { lookup in [false, true].map { ProgramOptions(lookup: lookup, dither: $0) } }
        for options in all { _ = try variants.variant(options) }
    }

    /// Evaluates the gradient over a whole full-size target (the exact path).
    func draw(_ parameters: GradientParameters, dither: Bool, into target: Framebuffer) throws {
        try draw(GradientUniforms(parameters, mapping: .fullSize(width: target.width, height: target.height)), dither: dither, lookup: nil,
                 into: target)
    }

    /// Evaluates the gradient on a low-resolution grid (into a half-float
    /// target); with `outputs`, the node that asks for them draws it, and
    /// what they add (the target needs as many more textures).
    func drawLowResolution(_ parameters: GradientParameters, grid: LowResolutionGrid, outputs: GridOutputs? = nil,
                           into target: Framebuffer) throws {
        let gradient = GradientUniforms(parameters, mapping: grid.mapping)
        if let outputs { return try outputs.draw(gradient, target) }
        try draw(gradient, dither: false, lookup: nil, into: target)
    }

    /// Fills a full-size target from the low-resolution gradient `lookup`.
    func drawUpscaled(_ parameters: GradientParameters, lookup: GridLookup, dither: Bool, into target: Framebuffer) throws {
        try draw(GradientUniforms(parameters, mapping: .fullSize(width: target.width, height: target.height), lookup: lookup.grid),
                 dither: dither, lookup: lookup.texture, into: target)
    }

    /// Evaluates the gradient (with its tone, if it has one) over a whole
    /// target whose fragments stand for the screen points `mapping` says.
    func draw(_ parameters: GradientParameters, mapping: ScreenMapping, into target: Framebuffer) throws {
        try draw(GradientUniforms(parameters, mapping: mapping), dither: false, lookup: nil, into: target)
    }

    private func draw(_ gradient: GradientUniforms, dither: Bool, lookup: Texture?, into target: Framebuffer) throws {
        var draw = DrawCall(try variants.variant(ProgramOptions(lookup: lookup != nil, dither: dither)), into: target,
                            block: BackgroundBlock(gradient: gradient))
        // The quad covers the whole target: clearing first spares loading what it held (llvmpipe: a sixth less of the grid's cost).
        draw.clears = true
        if let lookup { draw.textures = [(.gradientGrid, lookup)] }
        try draw.perform(streaming: uniforms)
    }
}

/// `gradient.frag`'s block: the background alone.
struct BackgroundBlock: UniformBlock {
    static let name = "Background"

    var gradient = GradientUniforms.unread

    func write(to writer: inout Std140Writer) {
        writer.structure("u_gradient", gradient)
    }
}

/// More outputs of the background's low-resolution grid that a node asks
/// for, on the host route (`NodeRenderer.gridOutputs`): `count` more
/// colours, at outputs 1, 2, ..., which `draw` writes with the node's own
/// program, over the whole grid target, as the background pass would but
/// for them: given the gradient's uniforms there, it writes the background
/// to output 0 as `gradient.frag` does, and the rest.
struct GridOutputs {
    /// The most outputs a node may ask for (the grid's target has as many more textures).
    static let most = 2

    let count: Int
    let draw: (_ gradient: GradientUniforms, _ target: Framebuffer) throws -> Void
}
