import CallshadeCore

/// The uniforms of `gradient.glsl` in one program, and how to set them.
struct GradientUniforms {
    private let resolution: UniformLocation
    private let colors: UniformLocation
    private let centres: UniformLocation
    private let falloffRadius: UniformLocation
    private let falloffExponent: UniformLocation
    private let swirl: UniformLocation
    private let overscan: UniformLocation
    private let tone: UniformLocation
    private let overlay: UniformLocation?
    private let dither: UniformLocation?

    init(_ program: ShaderProgram) throws {
        resolution = try program.uniform("u_resolution")
        colors = try program.uniform("u_colors")
        centres = try program.uniform("u_centres")
        falloffRadius = try program.uniform("u_falloffRadius")
        falloffExponent = try program.uniform("u_falloffExponent")
        swirl = try program.uniform("u_swirl")
        overscan = try program.uniform("u_overscan")
        tone = try program.uniform("u_tone")
        overlay = program.optionalUniform("u_overlay")
        dither = program.optionalUniform("u_dither")
    }

    /// Sets them on the program in use.
    func set(_ parameters: GradientParameters, width: Int, height: Int, dither ditherOn: Bool) {
        if let dither { GLCalls.uniform(dither.value, float: ditherOn ? 1 : 0) }
        GLCalls.uniform(resolution.value, vec2: Float(width), Float(height))
        GLCalls.uniform(colors.value, vec3Array: parameters.colors.flatMap { [Float($0.r), Float($0.g), Float($0.b)] })
        GLCalls.uniform(centres.value, vec2Array: parameters.centres.flatMap { [Float($0.x), Float($0.y)] })
        GLCalls.uniform(falloffRadius.value, float: Float(parameters.falloffRadius))
        GLCalls.uniform(falloffExponent.value, float: Float(parameters.falloffExponent))
        GLCalls.uniform(swirl.value, vec2: Float(parameters.swirlScale), Float(parameters.swirlStrength))
        GLCalls.uniform(overscan.value, float: Float(parameters.overscan))
        if let toneValue = parameters.tone {
            GLCalls.uniform(tone.value, vec4: Float(toneValue.brightness), Float(toneValue.saturation),
                            Float(toneValue.overlayAlpha), 1)
            if let overlay {
                GLCalls.uniform(overlay.value, vec3: Float(toneValue.overlay.r), Float(toneValue.overlay.g),
                                Float(toneValue.overlay.b))
            }
        } else {
            GLCalls.uniform(tone.value, vec4: 1, 1, 0, 0)
        }
    }
}
