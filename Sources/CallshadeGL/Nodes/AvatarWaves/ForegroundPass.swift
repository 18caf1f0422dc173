import CallshadeCore

/// The foreground pass: `tiles.vert` + `foreground.frag` over the tiles of
/// the foreground's square that it changes (see `ForegroundTiles`),
/// composing background, waves and avatar in one go.
final class ForegroundPass {
    private let context: GLContext
    private let variants: ProgramVariants<ForegroundOptions, Pipeline<ForegroundBlock>>
    private let uniforms: UniformStream
    /// The avatar picture now in `avatarTexture`, to upload only when it changes.
    private var uploaded: AvatarImage?
    private var avatarTexture: Texture?
    /// The tiles' corners, refilled for every draw.
    private let vertices: GraphicsBuffer

    init(context: GLContext, shaders: ShaderLibrary) throws {
        self.context = context
        vertices = try GraphicsBuffer(context: context)
        uniforms = try UniformStream(context: context)
        variants = try ProgramVariants(eager: [ForegroundOptions(lookup: false, dither: false), ForegroundOptions(lookup: true, dither: false)]) {
            try Pipeline(context: context, shaders: shaders, vertex: "tiles.vert", fragment: "foreground.frag", defines: $0.defines)
        }
    }

    /// Every build of `foreground.frag` a frame can ask for, compiled now.
    func compileEveryVariant() throws {
        for lookup in [false, true] {
            for dither in [false, true] {
                for picture in [false, true] {
                    for kind in TileKind.drawingOrder {
                        _ = try variants.variant(ForegroundOptions(lookup: lookup, dither: dither, part: kind.part, picture: picture))
                    }
                }
            }
        }
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
        let width = Double(scene.size.width)
        let height = Double(scene.size.height)
        // Fragment (fx, fy) of the target is pixel (region.x + fx, region.y + fy) of the frame.
        let mapping = ScreenMapping(x: 1 / width, xOffset: Double(region.x) / width,
                                    y: -1 / height, yOffset: 1 - Double(region.y) / height)
        // Without the background the gradient's values are never read (u_layers.x is 0); nor a part left out.
        var block = ForegroundBlock()
        block.gradient = GradientUniforms(scene.background ?? GradientUniforms.unread.parameters, mapping: mapping, lookup: lookup?.grid)
        block.waves.waves = node.waves ?? block.waves.waves
        block.avatar.avatar = node.avatar ?? block.avatar.avatar
        block.layers = (scene.background != nil, node.waves != nil, node.avatar != nil)
        // Where the centre is in the target's pixels.
        block.centre = Vec2(node.centre.x - Double(region.x), node.centre.y - Double(region.y))
        var textures: [(unit: TextureUnit, texture: Texture)] = []
        if let image = node.avatar?.image { textures.append((.avatar, try texture(for: image))) }
        if let lookup { textures.append((.gradientGrid, lookup.texture)) }
        try vertices.upload(TileTriangles.positions(of: runs.flatMap(\.rects), in: region))
        let picture = node.avatar?.image != nil
        var first = 0
        for (kind, rects) in runs {
            let pipeline = try variants.variant(ForegroundOptions(lookup: lookup != nil, dither: scene.dither, part: kind.part, picture: picture))
            if case let .composed(outer, inner, _) = kind { block.waves.coverage = (outer == true, inner == true) }
            var draw = DrawCall(pipeline, into: target, showing: region, block: block,
                                geometry: .triangles(vertices, first: first, count: rects.count * 6))
            draw.textures = textures
            try draw.perform(streaming: uniforms)
            first += rects.count * 6
        }
    }

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
