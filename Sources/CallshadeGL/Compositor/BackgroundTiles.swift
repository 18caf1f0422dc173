import CallshadeCore

/// Fills tiles of a target with the background (`tiles.vert` +
/// `gradient.frag`), evaluated or read from the low-resolution gradient: what
/// the compositor puts under a node that blends over what is below it, where
/// nothing else is below it.
final class BackgroundTiles {
    private let variants: ProgramVariants<ProgramOptions, Pipeline<BackgroundBlock>>
    private let vertices: GraphicsBuffer
    private let uniforms: UniformStream

    init(context: GLContext, shaders: ShaderLibrary) throws {
        vertices = try GraphicsBuffer(context: context)
        uniforms = try UniformStream(context: context)
        variants = try ProgramVariants(eager: []) {
            try Pipeline(context: context, shaders: shaders, vertex: "tiles.vert", fragment: "gradient.frag", defines: $0.defines)
        }
    }

    /// Every build a frame can ask for, compiled now.
    func compileEveryVariant() throws {
        let all = [false, true].flatMap { lookup in [false, true].map { ProgramOptions(lookup: lookup, dither: $0) } }
        for options in all { _ = try variants.variant(options) }
    }

    /// Fills `tiles` (frame pixels, inside `region`) of `target`, which stands
    /// for `region` of the frame, with `scene`'s background.
    func fill(_ tiles: [PixelRect], scene: Scene, lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        guard !tiles.isEmpty, let background = scene.background else { return }
        let width = Double(scene.size.width), height = Double(scene.size.height)
        let mapping = ScreenMapping(x: 1 / width, xOffset: Double(region.x) / width, y: -1 / height, yOffset: 1 - Double(region.y) / height)
        try vertices.upload(TileTriangles.positions(of: tiles, in: region))
        var draw = DrawCall(try variants.variant(ProgramOptions(lookup: lookup != nil, dither: scene.dither)), into: target, showing: region,
                            block: BackgroundBlock(gradient: GradientUniforms(background, mapping: mapping, lookup: lookup?.grid)),
                            geometry: .triangles(vertices, first: 0, count: tiles.count * 6))
        if let lookup { draw.textures = [(.gradientGrid, lookup.texture)] }
        try draw.perform(streaming: uniforms)
    }
}
