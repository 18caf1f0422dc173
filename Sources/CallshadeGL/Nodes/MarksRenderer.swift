import CallshadeCore

/// Draws marks nodes (text, icons, dots, bars): `marks.vert` + `marks.frag`,
/// one instanced quad a mark, blended premultiplied over what the target
/// holds. Its quads lie inside the tiles the plan gives the node (every tile
/// a quad reaches is one of its edge tiles), so it draws them whole.
final class MarksRenderer: NodeRenderer {
    /// Vectors of four floats an instance: rectangle, source, premultiplied colour, cut-out rectangle, cut-out and
    /// turn, the outline a slice is cut from.
    private static let vectorsPerMark = 6

    private let context: GLContext
    private let pipeline: Pipeline<NoUniforms>
    private let instances: GraphicsBuffer
    private let uniforms: UniformStream
    /// The atlas uploaded last, and its textures (the colour page's when it has one).
    private var uploaded: (atlas: GlyphAtlas, texture: Texture, colour: Texture?)?

    init(context: GLContext, shaders: ShaderLibrary) throws {
        self.context = context
        pipeline = try Pipeline(context: context, shaders: shaders, vertex: "marks.vert", fragment: "marks.frag", blend: .premultiplied)
        instances = try GraphicsBuffer(context: context)
        uniforms = try UniformStream(context: context)
    }

    var backdrop: NodeBackdrop { .blends }

    var hostRole: HostRole { .drawsOver }

    func drawsOnHostWithoutGrid(_ node: MarksNode) -> Bool { true }

    /// The marks blended on the host (`MarksNode.blend`), by the GPU's rule.
    func hostDrawing(_ node: MarksNode, scene: Scene, rects: [PixelRect]) throws -> any HostDrawing {
        return HostMarks(node: node, tables: ShareTables(node), size: scene.size)
    }

    func compileEveryVariant() throws {}

    /// Uploads the atlas of the frame's marks, unless it is the one uploaded last.
    func prepare(_ scene: Scene, background: HostBackground?) throws {
        for case let node as MarksNode in scene.nodes {
            guard let atlas = node.atlas, uploaded?.atlas !== atlas else { continue }
            uploaded = nil
            let texture = try Texture(context: context, width: atlas.width, height: atlas.height, format: .r8)
            try texture.upload(red: atlas.coverage)
            var colour: Texture?
            if atlas.colourWidth > 0 {
                let page = try Texture(context: context, width: atlas.colourWidth, height: atlas.colourHeight, format: .rgba8)
                try page.upload(atlas.colour)
                colour = page
            }
            uploaded = (atlas, texture, colour)
        }
    }

    func draw(_ node: MarksNode, _ _: CoveredTiles, rects tiles: [PixelRect], scene: Scene, overBackground: Bool,
              lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        guard !tiles.isEmpty, !node.marks.isEmpty else { return }
        try prepare(scene, background: nil)
        var values: [Float] = []
        values.reserveCapacity(node.marks.count * Self.vectorsPerMark * 4)
        for mark in node.marks {
            let alpha = Float(min(max(mark.alpha, 0), 1))
            values += [Float(mark.x), Float(mark.y), Float(mark.width), Float(mark.height)]
            switch mark.kind {
            case .glyph(let image):
                values += [Float(image.x), Float(image.y), Float(image.width) * (image.colour ? -1 : 1), Float(image.height)]
            case .roundedRectangle:
                values += [-1, Float(mark.cornerRadius), 0, 0]
            case .cutOut(let cut):
                values += [Float(cut.image.x), Float(cut.image.y), Float(cut.image.width), Float(cut.image.height)]
            }
            values += [Float(mark.color.r) * alpha, Float(mark.color.g) * alpha, Float(mark.color.b) * alpha, alpha]
            if case .cutOut(let cut) = mark.kind {
                values += [Float(cut.x), Float(cut.y), Float(cut.width), Float(cut.height), cut.shape == nil ? 1 : 2, Float(mark.cornerRadius),
                           Float(cut.innerRadius)]
            } else {
                values += [0, 0, 0, 0, 0, 0, 0]
            }
            values.append(mark.angle.isFinite ? Float(mark.angle) : 0)
            if case .cutOut(let cut) = mark.kind, let shape = cut.shape {
                values += [Float(shape.x), Float(shape.y), Float(shape.width), Float(shape.height)]
            } else {
                values += [0, 0, 0, 0]
            }
        }
        try instances.upload(values)
        var draw = DrawCall(pipeline, into: target, showing: region, block: NoUniforms(),
                            geometry: .instancedQuads(instances, vectors: Self.vectorsPerMark, count: node.marks.count))
        // The target's row 0 is the region's top row.
        draw.scissor = node.clip.map { PixelRect(x: $0.x - region.x, y: $0.y - region.y, width: $0.width, height: $0.height) }
        if let uploaded { draw.textures = [(.glyphs, uploaded.texture)] + (uploaded.colour.map { [(.colourGlyphs, $0)] } ?? []) }
        try draw.perform(streaming: uniforms)
    }
}

/// A marks node of a frame drawn on the host, its share tables made once.
private struct HostMarks: HostDrawing {
    let node: MarksNode
    let tables: ShareTables
    let size: FrameSize

    var rows: Range<Int> {
        let bounds = node.bounds(in: size)
        return bounds.y..<bounds.y + bounds.height
    }

    func draw(into pixels: UnsafeMutablePointer<UInt8>, rows: Range<Int>) {
        node.blend(into: pixels, width: size.width, height: size.height, within: band(rows), tables: tables)
    }

    func drawYUV420(into planes: UnsafeMutablePointer<UInt8>, rows: Range<Int>) {
        node.blendYUV420(into: planes, width: size.width, height: size.height, within: band(rows), tables: tables)
    }

    private func band(_ rows: Range<Int>) -> PixelRect { PixelRect(x: 0, y: rows.lowerBound, width: size.width, height: rows.count) }
}
