import CallshadeCore

/// `waves.glsl`'s uniforms (struct `Waves` of `blocks.glsl`, the member
/// `u_waves`): both shapes' balls and sides, the field's constants with each
/// shape's alpha, the coverage a tile kind takes as given, and the tone of
/// the background the waves show.
struct WavesUniforms: Std140Struct {
    var waves = WavesLayer(shapes: [], alpha: 0)
    /// The outer and inner shape's coverage over the tiles drawn, where a
    /// build takes it as given (OUTER_GIVEN, INNER_GIVEN; else unread).
    var coverage: (outer: Bool, inner: Bool) = (false, false)

    func write(to writer: inout Std140Writer) {
        // A shape left out, or balls beyond a shape's, are never read (the side is 0).
        let shapes = (0..<2).map { waves.shapes.indices.contains($0) ? waves.shapes[$0] : WaveShape(balls: [], side: 0) }
        writer.vec2s("balls", count: 16) { index in
            let shape = shapes[index / 8]
            let ball = shape.balls.indices.contains(index % 8) ? shape.balls[index % 8] : Vec2(9, 9)
            return (Float(ball.x), Float(ball.y))
        }
        writer.vec2("sides", Float(shapes[0].side), Float(shapes[1].side))
        writer.vec3("field", Float(WaveGeometry.sigma), Float(WaveGeometry.threshold), Float(waves.alpha))
        writer.vec2("coverage", coverage.outer ? 1 : 0, coverage.inner ? 1 : 0)
        let tone = waves.tone
        writer.vec4("tone", Float(tone.brightness), Float(tone.saturation), Float(tone.overlayAlpha), 1)
        writer.vec3("overlay", Float(tone.overlay.r), Float(tone.overlay.g), Float(tone.overlay.b))
    }
}

/// `avatar.glsl`'s uniforms (struct `Avatar` of `blocks.glsl`, the member `u_avatar`).
struct AvatarUniforms: Std140Struct {
    var avatar = AvatarLayer(image: nil, diameter: 0)

    func write(to writer: inout Std140Writer) {
        writer.float("diameter", Float(avatar.diameter))
        writer.float("opacity", Float(min(max(avatar.opacity, 0), 1)))
        writer.float("side", Float(avatar.image?.side ?? 0))
        writer.vec3("placeholderTop", Float(avatar.placeholderTop.r), Float(avatar.placeholderTop.g), Float(avatar.placeholderTop.b))
        writer.vec3("placeholderBottom", Float(avatar.placeholderBottom.r), Float(avatar.placeholderBottom.g),
                    Float(avatar.placeholderBottom.b))
    }
}

/// `foreground.frag`'s block: the background, the waves and the avatar,
/// which of them are drawn, and where their centre lies in the target.
struct ForegroundBlock: UniformBlock {
    static let name = "Foreground"

    var gradient = GradientUniforms.unread
    var waves = WavesUniforms()
    var avatar = AvatarUniforms()
    /// (background, waves, avatar): each drawn or not.
    var layers: (background: Bool, waves: Bool, avatar: Bool) = (false, false, false)
    /// The centre in the target's pixels (x right, y down).
    var centre = Vec2(0, 0)

    func write(to writer: inout Std140Writer) {
        writer.structure("u_gradient", gradient)
        writer.structure("u_waves", waves)
        writer.structure("u_avatar", avatar)
        writer.vec3("u_layers", layers.background ? 1 : 0, layers.waves ? 1 : 0, layers.avatar ? 1 : 0)
        writer.vec2("u_centre", Float(centre.x), Float(centre.y))
    }
}

/// `waves-grid.frag`'s block: the background on the grid, and the waves'
/// look (their tone, and each shape's alpha in the field's constants).
struct WavesGridBlock: UniformBlock {
    static let name = "WavesGrid"

    var gradient = GradientUniforms.unread
    var waves = WavesUniforms()

    func write(to writer: inout Std140Writer) {
        writer.structure("u_gradient", gradient)
        writer.structure("u_waves", waves)
    }
}
