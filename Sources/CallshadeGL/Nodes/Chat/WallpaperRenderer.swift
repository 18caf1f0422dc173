import CallshadeCore

/// Draws the chat's wallpaper: `tiles.vert` + `wallpaper.frag` over the
/// node's tiles (the whole frame), from its rasters uploaded as the CPU
/// made them (a few thousand texels each), and the pattern's mask (uploaded
/// once per output size), opaque. On the host route the host draws it
/// (`HostWallpaper`), straight into RGBA or I420, when nothing the GPU
/// draws lies over it.
final class WallpaperRenderer: NodeRenderer {
    private let context: GLContext
    private let variants: ProgramVariants<Bool, Pipeline<WallpaperBlock>>
    private let vertices: GraphicsBuffer
    private let uniforms: UniformStream
    /// The rasters uploaded last and their textures, reused while the same raster comes again.
    private var uploaded: [(raster: RGBAImage, texture: Texture)] = []
    /// The pattern mask uploaded last (drawn once per output size), and a 1 x 1 stand-in for none.
    private var pattern: (mask: PatternMask, texture: Texture)?
    private var noPattern: Texture?
    /// Keeps the host's wallpaper frames, as RGBA and as I420 (`DrawnWallpaper`); textures only while it is on.
    private let reuse: ReuseStore

    init(context: GLContext, shaders: ShaderLibrary, reuse: ReuseStore) throws {
        self.context = context
        self.reuse = reuse
        variants = try ProgramVariants(eager: []) { dither in
            try Pipeline(context: context, shaders: shaders, vertex: "tiles.vert", fragment: "wallpaper.frag",
                         defines: dither ? ["DITHER"] : [], blend: .premultiplied)
        }
        vertices = try GraphicsBuffer(context: context)
        uniforms = try UniformStream(context: context)
    }

    var backdrop: NodeBackdrop { .blends }

    var hostRole: HostRole { .drawsOver }

    func drawsOnHostWithoutGrid(_ node: WallpaperNode) -> Bool { true }

    func hostDrawing(_ node: WallpaperNode, scene: Scene, rects: [PixelRect]) throws -> any HostDrawing {
        // In I420 only over its tiles (the bars' glass hides most of its rows); while the wallpaper
        // stands still (between steps) over the same tiles, a frame copies the last one's.
        let size = scene.size
        let whole = [PixelRect(x: 0, y: 0, width: size.width, height: size.height)]
        return reuse.drawing(HostWallpaper(node, size: size, dither: scene.dither, shown: rects), rgba: whole,
                             yuv: size.width % 2 == 0 && size.height % 2 == 0 ? rects : nil,
                             key: DrawnWallpaper(node: node, size: size, dither: scene.dither, shown: rects), size: size)
    }

    func compileEveryVariant() throws {
        for dither in [false, true] { _ = try variants.variant(dither) }
    }

    func prepare(_ scene: Scene, background: HostBackground?) throws {
        if !reuse.isOn { (uploaded, pattern) = ([], nil) }
        let rasters = scene.nodes.compactMap { $0 as? WallpaperNode }.flatMap { [$0.raster] + ($0.next.map { [$0] } ?? []) }
        var kept: [(raster: RGBAImage, texture: Texture)] = []
        for raster in rasters where !kept.contains(where: { $0.raster == raster }) {
            kept.append((raster, try texture(for: raster)))
        }
        uploaded = kept
        if let mask = scene.nodes.lazy.compactMap({ ($0 as? WallpaperNode)?.pattern?.mask }).first {
            _ = try texture(for: mask)
        }
    }

    func draw(_ node: WallpaperNode, _ _: CoveredTiles, rects tiles: [PixelRect], scene: Scene, overBackground: Bool,
              lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        guard !tiles.isEmpty else { return }
        let raster = try texture(for: node.raster)
        let next = try node.next.map { try texture(for: $0) } ?? raster
        try vertices.upload(TileTriangles.positions(of: tiles, in: region))
        var draw = DrawCall(try variants.variant(scene.dither), into: target, showing: region,
                            block: WallpaperBlock(node, size: scene.size), geometry: .triangles(vertices, first: 0, count: tiles.count * 6))
        let mask = try node.pattern.map { try texture(for: $0.mask) } ?? blank()
        draw.textures = [(.wallpaperRaster, raster), (.wallpaperNext, next), (.wallpaperPattern, mask)]
        try draw.perform(streaming: uniforms)
    }

    /// The texture of the pattern's `mask`: kept while the same mask comes again.
    private func texture(for mask: PatternMask) throws -> Texture {
        if let pattern, pattern.mask == mask { return pattern.texture }
        self.pattern = nil
        let texture = try Texture(context: context, width: mask.width, height: mask.height, format: .r8)
        try texture.upload(red: mask.coverage)
        pattern = (mask, texture)
        return texture
    }

    /// A 1 x 1 mask bound when there is no pattern (the shader does not read it).
    private func blank() throws -> Texture {
        if let noPattern { return noPattern }
        let texture = try Texture(context: context, width: 1, height: 1, format: .r8)
        try texture.upload(red: [0])
        noPattern = texture
        return texture
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

/// What the host's wallpaper is drawn from.
private struct DrawnWallpaper: DrawnKey {
    static let shelf = "wallpaper frames"
    let node: WallpaperNode
    let size: FrameSize
    let dither: Bool
    let shown: [PixelRect]
}

/// `wallpaper.frag`'s block: the frame's size and the dissolve's amount.
struct WallpaperBlock: UniformBlock {
    static let name = "Wallpaper"

    var gradient = GradientUniforms.unread
    var frame: (Float, Float, Float, Float) = (1, 1, 0, 0)
    var shape: (Float, Float, Float, Float) = (0, 0, 0, 0)

    init() {}

    init(_ node: WallpaperNode, size: FrameSize) {
        var mode: Float = 0
        switch node.pattern?.mode {
        case nil: break
        case .softLight(let color, let opacity):
            mode = 1
            shape = (Float(color.r), Float(color.g), Float(color.b), Float(opacity))
        case .normal(let color, let opacity):
            mode = 2
            shape = (Float(color.r), Float(color.g), Float(color.b), Float(opacity))
        case .inverted(let opacity):
            mode = 3
            shape = (0, 0, 0, Float(opacity))
        }
        frame = (Float(size.width), Float(size.height), node.next == nil ? 0 : Float(node.amount), mode)
    }

    func write(to writer: inout Std140Writer) {
        writer.structure("u_gradient", gradient)
        writer.vec4("u_wallpaperFrame", frame.0, frame.1, frame.2, frame.3)
        writer.vec4("u_wallpaperShape", shape.0, shape.1, shape.2, shape.3)
    }
}
