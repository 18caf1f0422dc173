import CallshadeCore
import Foundation

/// Draws frosted glass (`FrostedGlassNode`). On the GPU: once the nodes
/// below it are drawn into the target, the glass's `pixelsRead` is read
/// back, its lattice made as the host makes it (`FrostedLattice`) and
/// uploaded, and each shape drawn by `tiles.vert` + `shapes-entities.frag`
/// (FROSTED: the lattice's colour at the shape's coverage), blended
/// premultiplied in turn (the same as the host's source-over of them all,
/// the colour being one). On the host route the host draws it
/// (`HostFrostedGlass`), reading the frame between its drawings; a frame
/// where the GPU would draw over it there goes by the GPU passes.
final class FrostedGlassRenderer: NodeRenderer {
    private let pipeline: Pipeline<ShapesBlock>
    private let vertices: GraphicsBuffer
    private let uniforms: UniformStream
    private let context: GLContext
    private let reuse: ReuseStore
    /// The texture the lattice is uploaded into, kept while lattices keep their size (uploaded again each draw: no work is kept in it).
    private var latticeTexture: Texture?
    /// The cores the kept rows are worked out over, asked of the system once.
    private let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    init(context: GLContext, shaders: ShaderLibrary, reuse: ReuseStore) throws {
        self.context = context
        self.reuse = reuse
        pipeline = try Pipeline(context: context, shaders: shaders, vertex: "tiles.vert", fragment: "shapes-entities.frag", defines: ["FROSTED"],
                                blend: .premultiplied)
        vertices = try GraphicsBuffer(context: context)
        uniforms = try UniformStream(context: context)
    }

    var backdrop: NodeBackdrop { .blends }

    var hostRole: HostRole { .drawsOver }

    func drawsOnHostWithoutGrid(_ node: FrostedGlassNode) -> Bool { true }

    func hostDrawing(_ node: FrostedGlassNode, scene: Scene, rects: [PixelRect]) throws -> any HostDrawing {
        let reader = BelowReader(glass: node, size: scene.size, rects: rects, reuse: reuse, cores: cores)
        return HostShadedDrawing(shader: HostFrostedGlass(reader: reader), rects: rects, size: scene.size, dithers: scene.dither)
    }

    func compileEveryVariant() throws {}

    func prepare(_ scene: Scene, background: HostBackground?) throws {}

    func draw(_ node: FrostedGlassNode, _ _: CoveredTiles, rects tiles: [PixelRect], scene: Scene, overBackground: Bool,
              lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        guard let read = node.pixelsRead(in: scene.size), !tiles.isEmpty else { return }
        // What the target holds there (it stands for `region` of the frame), as RGBA8 rows of the frame's.
        let inTarget = PixelRect(x: read.x - region.x, y: read.y - region.y, width: read.width, height: read.height)
        try target.bind(viewportWidth: region.width, viewportHeight: region.height)
        var pixels: [UInt8]
        if target.color.format == .rgba16f {
            pixels = try target.readRounded(inTarget)
        } else {
            pixels = [UInt8](repeating: 0, count: read.pixelCount * 4)
            try pixels.withUnsafeMutableBytes { buffer in
                guard let base = buffer.baseAddress else { return }
                try GLCalls.readPixels(inTarget, into: base)
            }
        }
        guard let blocks = pixels.withUnsafeBufferPointer({ buffer in
            buffer.baseAddress.flatMap { FrostedBlocks(glass: node, size: scene.size, rgba: $0, holding: read) }
        }) else { return }
        let made = FrostedLattice(glass: node, blocks: blocks)
        let lattice = try latticeTexture.flatMap { $0.width == made.columns && $0.height == made.rows ? $0 : nil }
            ?? Texture(context: context, width: made.columns, height: made.rows, format: .rgba16f)
        latticeTexture = lattice
        try lattice.upload(floats: made.values)
        let origin = (Float(made.originX), Float(made.originY))
        try ShapesRenderer.draw(node.shapes, over: tiles, pipeline: pipeline, vertices: vertices, uniforms: uniforms,
                                textures: [(.frostLattice, lattice)], into: target, showing: region) { shape in
            var block = ShapesBlock(shape)
            block.frost = (origin.0, origin.1, Float(made.side), 0)
            block.frostSize = (Float(made.columns), Float(made.rows), 0, 0)
            return block
        }
    }
}
