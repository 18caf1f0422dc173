import CallshadeCore

/// The foreground pass: `tiles.vert` + `foreground.frag` over the tiles of
/// the foreground's square that it changes (see `ForegroundTiles`),
/// composing background, waves and avatar in one go.
final class ForegroundPass {
    /// One build of `foreground.frag` and its uniform locations.
    private struct Variant {
        let program: ShaderProgram
        let gradient: GradientUniforms
        let targetSize: UniformLocation
        let layers: UniformLocation?
        /// Not in programs built OUTER_GIVEN, INNER_GIVEN and NO_AVATAR together:
        /// nothing there depends on where the centre is.
        let centre: UniformLocation?
        let wavesLook: WavesLookUniforms
        let waveBalls: UniformLocation?
        let waveSides: UniformLocation?
        let waveCoverage: UniformLocation?
        let avatarDiameter: UniformLocation?
        let avatarOpacity: UniformLocation?
        let avatarSide: UniformLocation?
        let avatarSampler: UniformLocation?
        let placeholderTop: UniformLocation?
        let placeholderBottom: UniformLocation?

        init(context: GLContext, shaders: ShaderLibrary, options: ForegroundOptions) throws {
            program = try ShaderProgram(context: context, vertex: try shaders.source("tiles.vert"),
                                        fragment: try shaders.source("foreground.frag").defining(options.defines))
            let interior = options.part.avatarInterior
            gradient = try GradientUniforms(program, evaluates: !options.base.lookup, showsBackground: !interior)
            targetSize = try program.uniform("u_targetSize")
            layers = interior ? nil : try program.uniform("u_layers")
            // Nothing depends on where the centre is when both waves are given and the avatar is nothing.
            let anywhere = options.part.outerGiven && options.part.innerGiven && options.part.noAvatar
            centre = anywhere ? nil : try program.uniform("u_centre")
            wavesLook = try WavesLookUniforms(program, required: false)
            waveBalls = program.optionalUniform("u_waveBalls")
            waveSides = program.optionalUniform("u_waveSides")
            waveCoverage = options.part.outerGiven || options.part.innerGiven ? try program.uniform("u_waveCoverage") : nil
            avatarDiameter = program.optionalUniform("u_avatarDiameter")
            avatarOpacity = program.optionalUniform("u_avatarOpacity")
            avatarSide = program.optionalUniform("u_avatarSide")
            avatarSampler = program.optionalUniform("u_avatar")
            placeholderTop = program.optionalUniform("u_placeholderTop")
            placeholderBottom = program.optionalUniform("u_placeholderBottom")
        }
    }

    private let context: GLContext
    private let variants: ProgramVariants<ForegroundOptions, Variant>
    /// The avatar picture now in `avatarTexture`, to upload only when it changes.
    private var uploaded: AvatarImage?
    private var avatarTexture: Texture?
    /// The tiles' corners, refilled for every draw.
    private let vertices: GraphicsBuffer

    init(context: GLContext, shaders: ShaderLibrary) throws {
        self.context = context
        vertices = try GraphicsBuffer(context: context)
        variants = try ProgramVariants(eager: [ForegroundOptions(lookup: false, dither: false), ForegroundOptions(lookup: true, dither: false)]) {
            try Variant(context: context, shaders: shaders, options: $0)
        }
    }

    /// Every build of `foreground.frag` a frame can ask for, compiled now;
    /// returns how many there are.
    @discardableResult
    func compileEveryVariant() throws -> Int {
        var count = 0
        for lookup in [false, true] {
            for dither in [false, true] {
                for picture in [false, true] {
                    for kind in TileKind.drawingOrder {
                        _ = try variants.variant(ForegroundOptions(lookup: lookup, dither: dither, part: kind.part, picture: picture))
                        count += 1
                    }
                }
            }
        }
        return count
    }

    /// Draws the foreground's tiles `runs` (frame pixels, inside `region`,
    /// by kind) into the bottom-left (row 0) corner of `target`, which
    /// stands for `region` of the frame. The region's corner must lie on
    /// multiples of 8, so the dither pattern stays the frame's; `lookup`
    /// reads the background from the low-resolution gradient.
    func draw(_ scene: Scene, _ node: AvatarWavesNode, runs: [(kind: TileKind, rects: [PixelRect])], lookup: GridLookup?,
              into target: Framebuffer, showing region: PixelRect) throws {
        precondition(region.x % 8 == 0 && region.y % 8 == 0, "the region's corner lies on multiples of 8")
        guard !runs.isEmpty else { return }
        try target.bind(viewportWidth: region.width, viewportHeight: region.height)
        // Where the centre is in the target's pixels.
        let centre = Vec2(node.centre.x - Double(region.x), node.centre.y - Double(region.y))
        try GLCalls.resetFixedFunctionState()
        if let image = node.avatar?.image {
            try GLCalls.bindTexture(try texture(for: image).name, unit: .avatar)
        }
        if let lookup { try GLCalls.bindTexture(lookup.texture.name, unit: .gradientGrid) }
        try GLCalls.vertexPositions(TileTriangles.positions(of: runs.flatMap(\.rects), in: region), in: vertices.name)
        defer { GLCalls.endVertexPositions() }
        let picture = node.avatar?.image != nil
        var first = 0
        for (kind, rects) in runs {
            let variant = try variants.variant(ForegroundOptions(lookup: lookup != nil, dither: scene.dither, part: kind.part,
                                                              picture: picture))
            try variant.program.use()
            try GLCalls.uniform(variant.targetSize.value, vec2: Float(region.width), Float(region.height))
            try set(variant, scene, node, centre: centre, lookup: lookup?.grid, region: region)
            if case let .composed(outer, inner, _) = kind, let waveCoverage = variant.waveCoverage {
                try GLCalls.uniform(waveCoverage.value, vec2: outer == true ? 1 : 0, inner == true ? 1 : 0)
            }
            try GLCalls.drawTriangles(first: first, count: rects.count * 6)
            first += rects.count * 6
        }
    }

    private func set(_ variant: Variant, _ scene: Scene, _ node: AvatarWavesNode, centre: Vec2,
                     lookup: LowResolutionGrid?, region: PixelRect) throws {
        let width = Double(scene.size.width)
        let height = Double(scene.size.height)
        // Fragment (fx, fy) of the target is pixel (region.x + fx, region.y + fy) of the frame.
        let mapping = ScreenMapping(x: 1 / width, xOffset: Double(region.x) / width,
                                    y: -1 / height, yOffset: 1 - Double(region.y) / height)
        // Without the background the gradient's values are never read (u_layers.x is 0).
        try variant.gradient.set(scene.background ?? Self.unread, mapping: mapping, lookup: lookup)
        if let layers = variant.layers {
            try GLCalls.uniform(layers.value, vec3: scene.background != nil ? 1 : 0, node.waves != nil ? 1 : 0, node.avatar != nil ? 1 : 0)
        }
        if let location = variant.centre { try GLCalls.uniform(location.value, vec2: Float(centre.x), Float(centre.y)) }

        // A part left out is never read either (u_layers.y, u_layers.z are 0).
        let waves = node.waves ?? WavesLayer(shapes: [], alpha: 0)
        try variant.wavesLook.set(waves)
        let shapes = (0..<2).map { waves.shapes.indices.contains($0) ? waves.shapes[$0] : WaveShape(balls: [], side: 0) }
        if let waveBalls = variant.waveBalls {
            let balls = shapes.flatMap { shape in (0..<8).map { shape.balls.indices.contains($0) ? shape.balls[$0] : Vec2(9, 9) } }
            try GLCalls.uniform(waveBalls.value, vec2Array: balls.flatMap { [Float($0.x), Float($0.y)] })
        }
        if let waveSides = variant.waveSides { try GLCalls.uniform(waveSides.value, vec2: Float(shapes[0].side), Float(shapes[1].side)) }

        let avatar = node.avatar ?? AvatarLayer(image: nil, diameter: 0)
        if let avatarDiameter = variant.avatarDiameter { try GLCalls.uniform(avatarDiameter.value, float: Float(avatar.diameter)) }
        if let avatarOpacity = variant.avatarOpacity { try GLCalls.uniform(avatarOpacity.value, float: Float(min(max(avatar.opacity, 0), 1))) }
        if let placeholderTop = variant.placeholderTop {
            try GLCalls.uniform(placeholderTop.value, vec3: Float(avatar.placeholderTop.r), Float(avatar.placeholderTop.g),
                            Float(avatar.placeholderTop.b))
        }
        if let placeholderBottom = variant.placeholderBottom {
            try GLCalls.uniform(placeholderBottom.value, vec3: Float(avatar.placeholderBottom.r),
                            Float(avatar.placeholderBottom.g), Float(avatar.placeholderBottom.b))
        }
        if let avatarSampler = variant.avatarSampler { try GLCalls.uniform(avatarSampler.value, sampler: .avatar) }
        if let avatarSide = variant.avatarSide { try GLCalls.uniform(avatarSide.value, float: Float(avatar.image?.side ?? 0)) }
    }

    /// Gradient uniforms for programs that do not read them.
    private static let unread = GradientParameters(palette: .blueViolet, phase: 0)

    private func texture(for image: AvatarImage) throws -> Texture {
        if let avatarTexture, uploaded == image { return avatarTexture }
        avatarTexture = nil
        let texture = try Texture(context: context, width: image.side, height: image.side)
        try texture.upload(image.premultiplied)
        avatarTexture = texture
        uploaded = image
        return texture
    }
}

/// The compile-time choices of `foreground.frag`.
struct ForegroundOptions: Hashable {
    var base: ProgramOptions
    /// Which part of the foreground.
    var part: ForegroundPart = .whole
    /// The avatar is a picture, not the placeholder (AVATAR_PICTURE).
    var picture = false

    init(lookup: Bool, dither: Bool, part: ForegroundPart = .whole, picture: Bool = false) {
        base = ProgramOptions(lookup: lookup, dither: dither)
        self.part = part
        self.picture = picture
    }

    var defines: [String] { base.defines + part.defines + (picture ? ["AVATAR_PICTURE"] : []) }
}
