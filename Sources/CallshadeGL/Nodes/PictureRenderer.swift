import CallshadeCore

/// Draws picture nodes: `tiles.vert` + `picture.frag` over the node's
/// tiles, its colour, or its picture uploaded as the CPU made it (half
/// floats), kept while the same picture comes again (a drawing's
/// background, its finished strokes' layer until another stroke finishes),
/// blended premultiplied. On the host route the host draws it, with no
/// grid: an opaque picture from its values converted once
/// (`HostPicture`, kept while the same picture comes again), anything else
/// along rows (`HostPictureRows`).
final class PictureRenderer: NodeRenderer {
    /// How many uploaded pictures are kept (a frame has a background and a layer).
    private static let kept = 2

    private let context: GLContext
    private let variants: ProgramVariants<Bool, Pipeline<PictureBlock>>
    private let vertices: GraphicsBuffer
    private let uniforms: UniformStream
    /// The pictures uploaded last and their textures, the latest last.
    private var uploaded: [(picture: FramePicture, texture: Texture)] = []
    /// A 1 x 1 stand-in bound for a colour (the shader does not read it).
    private var blank: Texture?

    /// Keeps the opaque pictures the host converted (`ConvertedPictureKey`); textures only while it is on.
    private let reuse: ReuseStore

    init(context: GLContext, shaders: ShaderLibrary, reuse: ReuseStore) throws {
        self.context = context
        self.reuse = reuse
        variants = try ProgramVariants(eager: []) { dither in
            try Pipeline(context: context, shaders: shaders, vertex: "tiles.vert", fragment: "picture.frag",
                         defines: dither ? ["DITHER"] : [], blend: .premultiplied)
        }
        vertices = try GraphicsBuffer(context: context)
        uniforms = try UniformStream(context: context)
    }

    var backdrop: NodeBackdrop { .blends }

    var hostRole: HostRole { .drawsOver }

    func drawsOnHostWithoutGrid(_ node: PictureNode) -> Bool { true }

    func hostDrawing(_ node: PictureNode, scene: Scene, rects: [PixelRect]) throws -> any HostDrawing {
        let frame = PixelRect(x: 0, y: 0, width: scene.size.width, height: scene.size.height)
        switch node.content {
        case .colour(let colour):
            return HostPicture(content: .colour(colour, size: scene.size), dithers: scene.dither)
        case .picture(let picture) where picture.width == frame.width && picture.height == frame.height
            && node.tileCoverage(in: frame).allSatisfy({ $0 == .opaque }):
            // Converted once when it comes again (a still canvas); the first time, band by band as it is drawn.
            let identity = ReuseIdentity(picture)
            guard reuse.holds(SeenPictureKey(picture: identity)) || reuse.holds(ConvertedPictureKey(picture: identity)) else {
                reuse.keep(SeenPictureKey(picture: identity), true, bytes: 0)
                return HostPicture(content: .rows(picture), dithers: scene.dither)
            }
            let made = reuse.value(ConvertedPictureKey(picture: identity)) {
                let converted = ConvertedPicture(picture)
                return (converted, converted.rgba.count + converted.planes.count)
            }
            return HostPicture(content: .picture(made), dithers: scene.dither)
        case .picture(let picture):
            return HostShadedDrawing(shader: HostPictureRows(picture: picture), rects: rects, size: scene.size, dithers: scene.dither)
        }
    }

    func compileEveryVariant() throws {
        for dither in [false, true] { _ = try variants.variant(dither) }
    }

    func prepare(_ scene: Scene, background: HostBackground?) throws {
        // With reuse off, each frame uploads its pictures again.
        if !reuse.isOn { uploaded.removeAll() }
        for node in scene.nodes {
            guard let node = node as? PictureNode, case .picture(let picture) = node.content else { continue }
            _ = try texture(for: picture)
        }
    }

    func draw(_ node: PictureNode, _ _: CoveredTiles, rects tiles: [PixelRect], scene: Scene, overBackground: Bool,
              lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        guard !tiles.isEmpty else { return }
        let texture: Texture
        switch node.content {
        case .colour: texture = try blankTexture()
        case .picture(let picture): texture = try self.texture(for: picture)
        }
        try vertices.upload(TileTriangles.positions(of: tiles, in: region))
        var draw = DrawCall(try variants.variant(scene.dither), into: target, showing: region, block: PictureBlock(node),
                            geometry: .triangles(vertices, first: 0, count: tiles.count * 6))
        draw.textures = [(.picture, texture)]
        try draw.perform(streaming: uniforms)
    }

    /// The texture of `picture`: kept from an earlier frame, or uploaded now.
    private func texture(for picture: FramePicture) throws -> Texture {
        if let found = uploaded.first(where: { $0.picture === picture }) { return found.texture }
        let texture = try Texture(context: context, width: picture.width, height: picture.height, format: .rgba16f)
        try texture.upload(floats: picture.pixels)
        uploaded.append((picture, texture))
        if uploaded.count > Self.kept { uploaded.removeFirst() }
        return texture
    }

    private func blankTexture() throws -> Texture {
        if let blank { return blank }
        let texture = try Texture(context: context, width: 1, height: 1, format: .rgba16f)
        try texture.upload(floats: [0, 0, 0, 0])
        blank = texture
        return texture
    }
}

/// `picture.frag`'s block: the colour and which the node draws.
struct PictureBlock: UniformBlock {
    static let name = "Picture"

    var gradient = GradientUniforms.unread
    var color: (Float, Float, Float, Float) = (0, 0, 0, 0)

    init() {}

    init(_ node: PictureNode) {
        switch node.content {
        case .colour(let colour): color = (Float(colour.r), Float(colour.g), Float(colour.b), 0)
        case .picture: color = (0, 0, 0, 1)
        }
    }

    func write(to writer: inout Std140Writer) {
        writer.structure("u_gradient", gradient)
        writer.vec4("u_pictureColor", color.0, color.1, color.2, color.3)
    }
}

/// An opaque full-frame picture converted by the host (`ConvertedPicture`: its RGBA and I420 bytes), by the picture.
struct ConvertedPictureKey: ReuseKey {
    typealias Value = ConvertedPicture
    static let shelf = "converted pictures"
    let picture: ReuseIdentity<FramePicture>
}

/// That an opaque full-frame picture was drawn once, converted band by band:
/// if it comes again it is converted whole and kept (`ConvertedPictureKey`).
struct SeenPictureKey: ReuseKey {
    typealias Value = Bool
    static let shelf = "pictures seen once"
    let picture: ReuseIdentity<FramePicture>
}
