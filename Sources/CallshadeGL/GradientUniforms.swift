import CallshadeCore

/// The uniforms of `gradient.glsl` in one program, and how to set them.
struct GradientUniforms {
    private let screenFromFragment: UniformLocation?
    private let lookup: UniformLocation?
    private let lookupSampler: UniformLocation?
    private let colors: UniformLocation?
    private let centres: UniformLocation?
    private let falloffRadius: UniformLocation?
    private let falloffExponent: UniformLocation?
    private let swirl: UniformLocation?
    private let overscan: UniformLocation?
    private let tone: UniformLocation?
    private let overlay: UniformLocation?

    /// The uniforms of `program`. One that evaluates the gradient must have
    /// all of its constants; one built with GRADIENT_LOOKUP, the lookup's; one
    /// that never shows the background (`showsBackground` false), none.
    init(_ program: ShaderProgram, evaluates: Bool = true, showsBackground: Bool = true) throws {
        func location(_ name: String, required: Bool) throws -> UniformLocation? {
            required && showsBackground ? try program.uniform(name) : program.optionalUniform(name)
        }
        screenFromFragment = try location("u_screenFromFragment", required: true)
        lookup = try location("u_gradientLookup", required: !evaluates)
        lookupSampler = try location("u_gradientTexture", required: !evaluates)
        colors = try location("u_colors", required: evaluates)
        centres = try location("u_centres", required: evaluates)
        falloffRadius = try location("u_falloffRadius", required: evaluates)
        falloffExponent = try location("u_falloffExponent", required: evaluates)
        swirl = try location("u_swirl", required: evaluates)
        overscan = try location("u_overscan", required: evaluates)
        tone = try location("u_tone", required: evaluates)
        overlay = program.optionalUniform("u_overlay")
    }

    /// Sets them on the program in use, for a target whose fragments stand
    /// for the screen points `mapping` says; `lookup` gives the low-resolution
    /// gradient's grid to programs built with GRADIENT_LOOKUP.
    func set(_ parameters: GradientParameters, mapping: ScreenMapping, lookup grid: LowResolutionGrid?) throws {
        if let screenFromFragment {
            try GLCalls.uniform(screenFromFragment.value, vec4: Float(mapping.x), Float(mapping.xOffset), Float(mapping.y), Float(mapping.yOffset))
        }
        if let lookup {
            try GLCalls.uniform(lookup.value, vec3: grid == nil ? 0 : 1, Float(grid?.innerWidth ?? 1), Float(grid?.innerHeight ?? 1))
        }
        if let lookupSampler { try GLCalls.uniform(lookupSampler.value, sampler: .gradientGrid) }
        if let colors { try GLCalls.uniform(colors.value, vec3Array: parameters.colors.flatMap { [Float($0.r), Float($0.g), Float($0.b)] }) }
        if let centres { try GLCalls.uniform(centres.value, vec2Array: parameters.centres.flatMap { [Float($0.x), Float($0.y)] }) }
        if let falloffRadius { try GLCalls.uniform(falloffRadius.value, float: Float(parameters.falloffRadius)) }
        if let falloffExponent { try GLCalls.uniform(falloffExponent.value, float: Float(parameters.falloffExponent)) }
        if let swirl { try GLCalls.uniform(swirl.value, vec2: Float(parameters.swirlScale), Float(parameters.swirlStrength)) }
        if let overscan { try GLCalls.uniform(overscan.value, float: Float(parameters.overscan)) }
        guard let tone else { return }
        if let toneValue = parameters.tone {
            try GLCalls.uniform(tone.value, vec4: Float(toneValue.brightness), Float(toneValue.saturation),
                            Float(toneValue.overlayAlpha), 1)
            if let overlay {
                try GLCalls.uniform(overlay.value, vec3: Float(toneValue.overlay.r), Float(toneValue.overlay.g),
                                Float(toneValue.overlay.b))
            }
        } else {
            try GLCalls.uniform(tone.value, vec4: 1, 1, 0, 0)
        }
    }
}

/// Which screen point (unit square, y up) a fragment of a target stands for:
/// screen = (fragment.x * x + xOffset, fragment.y * y + yOffset).
struct ScreenMapping {
    let x: Double
    let xOffset: Double
    let y: Double
    let yOffset: Double

    /// A target showing the whole screen, its row 0 at the top.
    static func fullSize(width: Int, height: Int) -> ScreenMapping {
        ScreenMapping(x: 1 / Double(width), xOffset: 0, y: -1 / Double(height), yOffset: 1)
    }
}

/// The low-resolution gradient's grid: `innerWidth` x `innerHeight` texels
/// over the screen, and one more on every side, so interpolating never
/// reaches the edge. Texel i sits at screen x = (i - 0.5) / innerWidth.
struct LowResolutionGrid: Equatable {
    let innerWidth: Int
    let innerHeight: Int

    /// One texel for every `factor` pixels, rounded up.
    init(width: Int, height: Int, factor: Int) {
        innerWidth = max(2, (width + factor - 1) / factor)
        innerHeight = max(2, (height + factor - 1) / factor)
    }

    /// The fewest texels a side for which interpolating stays within a level of the exact field.
    static let minimumSide = 120

    var textureWidth: Int { innerWidth + 2 }
    var textureHeight: Int { innerHeight + 2 }

    /// Where the low-resolution target's fragments are on the screen.
    var mapping: ScreenMapping {
        ScreenMapping(x: 1 / Double(innerWidth), xOffset: -1 / Double(innerWidth),
                      y: -1 / Double(innerHeight), yOffset: 1 + 1 / Double(innerHeight))
    }
}

/// The compile-time choices of the programs that show the background.
struct ProgramOptions: Hashable {
    /// Read the background from the low-resolution gradient (GRADIENT_LOOKUP).
    var lookup: Bool
    /// Add the ordered dither (DITHER).
    var dither: Bool
    /// Compute the background under it and write the mix (OVER_BACKGROUND;
    /// glass.frag only), rather than a premultiplied colour to blend.
    var overBackground = false

    var defines: [String] {
        (lookup ? ["GRADIENT_LOOKUP"] : []) + (dither ? ["DITHER"] : []) + (overBackground ? ["OVER_BACKGROUND"] : [])
    }
}

/// Programs of one pass built for each set of options, on first use.
final class ProgramVariants<Options: Hashable, Variant> {
    private let make: (Options) throws -> Variant
    private var built: [Options: Variant] = [:]

    /// Builds the common variants now, so a broken shader fails at once.
    init(eager: [Options], make: @escaping (Options) throws -> Variant) throws {
        self.make = make
        for options in eager { built[options] = try make(options) }
    }

    func variant(_ options: Options) throws -> Variant {
        if let variant = built[options] { return variant }
        let variant = try make(options)
        built[options] = variant
        return variant
    }
}
