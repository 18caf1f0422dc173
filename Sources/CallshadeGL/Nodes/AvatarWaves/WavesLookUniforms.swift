import CallshadeCore

/// The uniforms of `waves.glsl` that say how the waves look, rather than
/// where they are: their tone, and the field's constants with each shape's
/// alpha. Shared by the foreground pass and the low-resolution gradient
/// built WAVES_THROUGH.
struct WavesLookUniforms {
    private let tone: UniformLocation?
    private let overlay: UniformLocation?
    private let field: UniformLocation?

    /// The uniforms of `program`; with `required`, all three must be active.
    init(_ program: ShaderProgram, required: Bool) throws {
        func location(_ name: String) throws -> UniformLocation? {
            required ? try program.uniform(name) : program.optionalUniform(name)
        }
        tone = try location("u_wavesTone")
        overlay = try location("u_wavesOverlay")
        field = try location("u_waveField")
    }

    /// Sets them on the program in use.
    func set(_ waves: WavesLayer) throws {
        if let tone {
            try GLCalls.uniform(tone.value, vec4: Float(waves.tone.brightness), Float(waves.tone.saturation), Float(waves.tone.overlayAlpha), 1)
        }
        if let overlay {
            try GLCalls.uniform(overlay.value, vec3: Float(waves.tone.overlay.r), Float(waves.tone.overlay.g), Float(waves.tone.overlay.b))
        }
        if let field {
            try GLCalls.uniform(field.value, vec3: Float(WaveGeometry.sigma), Float(WaveGeometry.threshold), Float(waves.alpha))
        }
    }
}
