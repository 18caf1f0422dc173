import CallshadeCore

/// The glass backdrop's separable Gaussian on the GPU: `quad.vert` +
/// `blur.frag`, along rows into a target of 32-bit floats (half floats
/// where the GPU cannot render to those), then along columns into a
/// half-float texture that `glass.frag` reads bilinearly. The same kernel,
/// taps and edge rule as `BackdropLattice.blurred` on the host, and nothing
/// read back.
final class BackdropBlurPass {
    private let context: GLContext
    private let program: ShaderProgram
    private let rect: UniformLocation
    private let source: UniformLocation
    private let kernel: UniformLocation
    private let step: UniformLocation
    /// The target of the first direction, kept while lattices keep their size.
    private var between: Framebuffer?

    init(context: GLContext, shaders: ShaderLibrary) throws {
        self.context = context
        program = try ShaderProgram(context: context, vertex: try shaders.source("quad.vert"), fragment: try shaders.source("blur.frag"))
        rect = try program.uniform("u_rect")
        source = try program.uniform("u_source")
        kernel = try program.uniform("u_kernel")
        step = try program.uniform("u_step")
    }

    /// `lattice` (RGBA, a point a texel) convolved with a Gaussian of
    /// deviation `sigma` lattice points along each axis, into `output` (a
    /// half-float texture of the same size).
    func blur(_ lattice: Texture, sigma: (x: Double, y: Double), into output: Framebuffer) throws {
        let between = try self.between(width: lattice.width, height: lattice.height)
        try program.use()
        try GLCalls.resetFixedFunctionState()
        try GLCalls.uniform(rect.value, vec4: -1, -1, 1, 1)
        try GLCalls.uniform(source.value, sampler: .blurSource)
        try GLCalls.uniform(kernel.value, sampler: .blurKernel)
        for (from, to, deviation, along) in [(lattice, between, sigma.x, (Int32(1), Int32(0))), (between.color, output, sigma.y, (0, 1))] {
            let taps = BackdropLattice.kernel(deviation)
            let weights = try Texture(context: context, width: taps.count, height: 1, format: .r32f)
            try weights.upload(redFloats: taps)
            try to.bind()
            try program.use()
            try GLCalls.bindTexture(from.name, unit: .blurSource)
            try GLCalls.bindTexture(weights.name, unit: .blurKernel)
            try GLCalls.uniform(step.value, ivec2: along.0, along.1)
            try GLCalls.drawQuad()
        }
    }

    private func between(width: Int, height: Int) throws -> Framebuffer {
        if let between, between.width == width, between.height == height { return between }
        let made = try Framebuffer(color: try Texture(context: context, width: width, height: height,
                                                      format: context.rendersTo32BitFloat ? .rgba32f : .rgba16f))
        between = made
        return made
    }
}
