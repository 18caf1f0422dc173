import CallshadeCore

/// The glass backdrop's separable Gaussian on the GPU: `quad.vert` +
/// `blur.frag`, along rows into a target of 32-bit floats (half floats
/// where the GPU cannot render to those), then along columns into a
/// half-float texture that `glass.frag` reads bilinearly. The same kernel,
/// taps and edge rule as `BackdropLattice.blurred` on the host, and nothing
/// read back.
final class BackdropBlurPass {
    private let context: GLContext
    private let pipeline: Pipeline<BlurBlock>
    private let uniforms: UniformStream
    /// The target of the first direction, kept while lattices keep their size.
    private var between: Framebuffer?

    init(context: GLContext, shaders: ShaderLibrary) throws {
        self.context = context
        pipeline = try Pipeline(context: context, shaders: shaders, vertex: "quad.vert", fragment: "blur.frag")
        uniforms = try UniformStream(context: context)
    }

    /// `lattice` (RGBA, a point a texel) convolved with a Gaussian of
    /// deviation `sigma` lattice points along each axis, into `output` (a
    /// half-float texture of the same size).
    func blur(_ lattice: Texture, sigma: (x: Double, y: Double), into output: Framebuffer) throws {
        let between = try self.between(width: lattice.width, height: lattice.height)
        for (from, to, deviation, along) in [(lattice, between, sigma.x, (Int32(1), Int32(0))), (between.color, output, sigma.y, (0, 1))] {
            let taps = BackdropLattice.kernel(deviation)
            let weights = try Texture(context: context, width: taps.count, height: 1, format: .r32f)
            try weights.upload(redFloats: taps)
            var draw = DrawCall(pipeline, into: to, block: BlurBlock(step: along))
            draw.textures = [(.blurSource, from), (.blurKernel, weights)]
            try draw.perform(streaming: uniforms)
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

/// `blur.frag`'s block: the direction of one pass.
struct BlurBlock: UniformBlock {
    static let name = "Blur"

    var step: (x: Int32, y: Int32) = (0, 0)

    func write(to writer: inout Std140Writer) {
        writer.ivec2("u_step", step.x, step.y)
    }
}
