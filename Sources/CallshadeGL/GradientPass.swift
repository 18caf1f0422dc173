import CallshadeCore

/// The background pass: `quad.vert` + `gradient.frag` over a whole target.
final class GradientPass {
    private let program: ShaderProgram
    private let rect: UniformLocation
    private let gradient: GradientUniforms

    init(context: GLContext, shaders: ShaderLibrary) throws {
        program = try ShaderProgram(context: context, vertex: try shaders.source("quad.vert"),
                                    fragment: try shaders.source("gradient.frag"))
        rect = try program.uniform("u_rect")
        gradient = try GradientUniforms(program)
    }

    func draw(_ parameters: GradientParameters, dither: Bool, into target: Framebuffer) throws {
        try target.bind()
        try program.use()
        GLCalls.disableBlending()
        GLCalls.uniform(rect.value, vec4: -1, -1, 1, 1)
        gradient.set(parameters, width: target.width, height: target.height, dither: dither)
        try GLCalls.drawQuad()
    }
}
