import CallshadeCore

/// Draws the chat's wallpaper: `tiles.vert` + `wallpaper.frag` over the
/// node's tiles (the whole frame), from its rasters uploaded as the CPU
/// made them (a few thousand texels each), opaque. On the host route the
/// GPU draws it and the host pastes its tiles.
final class WallpaperRenderer: NodeRenderer {
    private let context: GLContext
    private let variants: ProgramVariants<Bool, Pipeline<WallpaperBlock>>
    private let vertices: GraphicsBuffer
    private let uniforms: UniformStream
    /// The rasters uploaded last and their textures, reused while the same raster comes again.
    private var uploaded: [(raster: RGBAImage, texture: Texture)] = []

    init(context: GLContext, shaders: ShaderLibrary) throws {
        self.context = context
        variants = try ProgramVariants(eager: []) { dither in
            try Pipeline(context: context, shaders: shaders, vertex: "tiles.vert", fragment: "wallpaper.frag",
                         defines: dither ? ["DITHER"] : [], blend: .premultiplied)
        }
        vertices = try GraphicsBuffer(context: context)
        uniforms = try UniformStream(context: context)
    }

    var backdrop: NodeBackdrop { .blends }

    func compileEveryVariant() throws -> Int {
        for dither in [false, true] { _ = try variants.variant(dither) }
        return 2
    }

    func prepare(_ scene: Scene, background: (@Sendable (Vec2) -> RGB)?) throws {
        let rasters = scene.nodes.compactMap { $0 as? WallpaperNode }.flatMap { [$0.raster] + ($0.next.map { [$0] } ?? []) }
        var kept: [(raster: RGBAImage, texture: Texture)] = []
        for raster in rasters where !kept.contains(where: { $0.raster == raster }) {
            kept.append((raster, try texture(for: raster)))
        }
        uploaded = kept
    }

    func draw(_ node: WallpaperNode, _ _: CoveredTiles, rects tiles: [PixelRect], scene: Scene, overBackground: Bool,
              lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        guard !tiles.isEmpty else { return }
        let raster = try texture(for: node.raster)
        let next = try node.next.map { try texture(for: $0) } ?? raster
        try vertices.upload(TileTriangles.positions(of: tiles, in: region))
        var draw = DrawCall(try variants.variant(scene.dither), into: target, showing: region,
                            block: WallpaperBlock(node, size: scene.size), geometry: .triangles(vertices, first: 0, count: tiles.count * 6))
        draw.textures = [(.wallpaperRaster, raster), (.wallpaperNext, next)]
        try draw.perform(streaming: uniforms)
    }

    /// The texture of `raster`: kept from `prepare`, or uploaded now.
    private func texture(for raster: RGBAImage) throws -> Texture {
        if let found = uploaded.first(where: { $0.raster == raster }) { return found.texture }
        let texture = try Texture(context: context, width: raster.width, height: raster.height, format: .rgba8)
        try texture.upload(raster.pixels)
        uploaded.append((raster, texture))
        return texture
    }
}

/// `wallpaper.frag`'s block: the frame's size and the dissolve's amount.
struct WallpaperBlock: UniformBlock {
    static let name = "Wallpaper"

    var gradient = GradientUniforms.unread
    var frame: (Float, Float, Float, Float) = (1, 1, 0, 0)

    init() {}

    init(_ node: WallpaperNode, size: FrameSize) {
        frame = (Float(size.width), Float(size.height), node.next == nil ? 0 : Float(node.amount), 0)
    }

    func write(to writer: inout Std140Writer) {
        writer.structure("u_gradient", gradient)
        writer.vec4("u_wallpaperFrame", frame.0, frame.1, frame.2, frame.3)
    }
}
