import CallshadeCore

/// `gradient.glsl`'s uniforms (struct `Gradient` of `blocks.glsl`, the
/// member `u_gradient` of a pass's block): the gradient's parameters for a
/// target whose fragments stand for the screen points `mapping` says;
/// `lookup` gives the low-resolution gradient's grid to programs built with
/// GRADIENT_LOOKUP.
struct GradientUniforms: Std140Struct {
    var parameters: GradientParameters
    var mapping: ScreenMapping
    var lookup: LowResolutionGrid?

    init(_ parameters: GradientParameters, mapping: ScreenMapping, lookup: LowResolutionGrid? = nil) {
        self.parameters = parameters
        self.mapping = mapping
        self.lookup = lookup
    }

    /// Values for programs that never read them (no background shown).
    static let unread = GradientUniforms(GradientParameters(palette: .blueViolet, phase: 0), mapping: .fullSize(width: 1, height: 1))

    func write(to writer: inout Std140Writer) {
        let (parameters, mapping) = (parameters, mapping)
        writer.vec4("screenFromFragment", Float(mapping.x), Float(mapping.xOffset), Float(mapping.y), Float(mapping.yOffset))
        writer.vec3("lookup", lookup == nil ? 0 : 1, Float(lookup?.innerWidth ?? 1), Float(lookup?.innerHeight ?? 1))
        writer.vec3s("colors", count: 4) { index in
            let colour = parameters.colors.indices.contains(index) ? parameters.colors[index] : .black
            return (Float(colour.r), Float(colour.g), Float(colour.b))
        }
        writer.vec2s("centres", count: 4) { index in
            let centre = parameters.centres.indices.contains(index) ? parameters.centres[index] : Vec2(0, 0)
            return (Float(centre.x), Float(centre.y))
        }
        writer.float("falloffRadius", Float(parameters.falloffRadius))
        writer.float("falloffExponent", Float(parameters.falloffExponent))
        writer.vec2("swirl", Float(parameters.swirlScale), Float(parameters.swirlStrength))
        writer.float("overscan", Float(parameters.overscan))
        let tone = parameters.tone
        writer.vec4("tone", Float(tone?.brightness ?? 1), Float(tone?.saturation ?? 1), Float(tone?.overlayAlpha ?? 0), tone == nil ? 0 : 1)
        writer.vec3("overlay", Float(tone?.overlay.r ?? 0), Float(tone?.overlay.g ?? 0), Float(tone?.overlay.b ?? 0))
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
