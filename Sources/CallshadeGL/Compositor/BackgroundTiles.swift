import CallshadeCore

/// Fills tiles of a target with the background (`tiles.vert` +
/// `gradient.frag`), evaluated or read from the low-resolution gradient: what
/// the compositor puts under a node that blends over what is below it, where
/// nothing else is below it.
final class BackgroundTiles {
    private struct Variant {
        let program: ShaderProgram
        let gradient: GradientUniforms
        let targetSize: UniformLocation

        init(context: GLContext, shaders: ShaderLibrary, options: ProgramOptions) throws {
            program = try ShaderProgram(context: context, vertex: try shaders.source("tiles.vert"),
                                        fragment: try shaders.source("gradient.frag").defining(options.defines))
            gradient = try GradientUniforms(program, evaluates: !options.lookup)
            targetSize = try program.uniform("u_targetSize")
        }
    }

    private let variants: ProgramVariants<ProgramOptions, Variant>
    private let vertices: GraphicsBuffer

    init(context: GLContext, shaders: ShaderLibrary) throws {
        vertices = try GraphicsBuffer(context: context)
        variants = try ProgramVariants(eager: []) { try Variant(context: context, shaders: shaders, options: $0) }
    }

    /// Every build a frame can ask for, compiled now; returns how many.
    func compileEveryVariant() throws -> Int {
        let all = [false, true].flatMap { lookup in [false, true].map { ProgramOptions(lookup: lookup, dither: $0) } }
        for options in all { _ = try variants.variant(options) }
        return all.count
    }

    /// Fills `tiles` (frame pixels, inside `region`) of `target`, which stands
    /// for `region` of the frame, with `scene`'s background.
    func fill(_ tiles: [PixelRect], scene: Scene, lookup: GridLookup?,
              into target: Framebuffer, showing region: PixelRect) throws {
        guard !tiles.isEmpty, let background = scene.background else { return }
        try target.bind(viewportWidth: region.width, viewportHeight: region.height)
        try GLCalls.resetFixedFunctionState()
        let variant = try variants.variant(ProgramOptions(lookup: lookup != nil, dither: scene.dither))
        try variant.program.use()
        if let lookup { try GLCalls.bindTexture(lookup.texture.name, unit: .gradientGrid) }
        let width = Double(scene.size.width), height = Double(scene.size.height)
        let mapping = ScreenMapping(x: 1 / width, xOffset: Double(region.x) / width, y: -1 / height, yOffset: 1 - Double(region.y) / height)
        try variant.gradient.set(background, mapping: mapping, lookup: lookup?.grid)
        try GLCalls.uniform(variant.targetSize.value, vec2: Float(region.width), Float(region.height))
        try GLCalls.vertexPositions(TileTriangles.positions(of: tiles, in: region), in: vertices.name)
        defer { GLCalls.endVertexPositions() }
        try GLCalls.drawTriangles(first: 0, count: tiles.count * 6)
    }
}
