import CallshadeCore
import Foundation

/// Draws the drawing's text entities: `tiles.vert` + `text-entity.frag`,
/// one draw an entity over the node's tiles cut to its box, its picture
/// uploaded once (RGBA8, as made) and kept while the same picture comes
/// again, blended premultiplied over what the target holds. The GPU draws
/// it on every route.
final class TextEntityRenderer: NodeRenderer {
    /// How many uploaded pictures are kept (a frame of the example shows four texts).
    private static let kept = 8

    private let context: GLContext
    private let pipeline: Pipeline<TextEntityBlock>
    private let vertices: GraphicsBuffer
    private let uniforms: UniformStream
    private let uploaded = UploadedTextures<TextEntityPicture>(kept: kept)

    /// Whether uploads are kept from frame to frame (reuse on).
    private let reuse: ReuseStore

    init(context: GLContext, shaders: ShaderLibrary, reuse: ReuseStore) throws {
        self.context = context
        self.reuse = reuse
        pipeline = try Pipeline(context: context, shaders: shaders, vertex: "tiles.vert", fragment: "text-entity.frag", blend: .premultiplied)
        vertices = try GraphicsBuffer(context: context)
        uniforms = try UniformStream(context: context)
    }

    var backdrop: NodeBackdrop { .blends }

    func compileEveryVariant() throws {}

    /// With reuse off, each frame uploads its pictures again.
    func prepare(_ scene: Scene, background: HostBackground?) throws {
        if !reuse.isOn { uploaded.removeAll() }
    }

    func draw(_ node: TextEntityNode, _ _: CoveredTiles, rects tiles: [PixelRect], scene: Scene, overBackground: Bool,
              lookup: GridLookup?, into target: Framebuffer, showing region: PixelRect) throws {
        let text = node.text
        guard text.alpha > 0, text.scale > 0 else { return }
        let box = text.box
        let left = Int(box.left.rounded(.down)), top = Int(box.top.rounded(.down))
        let reach = PixelRect(x: left, y: top, width: Int(box.right.rounded(.up)) - left, height: Int(box.bottom.rounded(.up)) - top)
        let rects = tiles.map { $0.intersection(reach) }.filter { !$0.isEmpty }
        guard !rects.isEmpty else { return }
        try vertices.upload(TileTriangles.positions(of: rects, in: region))
        var draw = DrawCall(pipeline, into: target, showing: region, block: TextEntityBlock(text),
                            geometry: .triangles(vertices, first: 0, count: rects.count * 6))
        draw.textures = [(.textEntity, try texture(for: text.picture))]
        try draw.perform(streaming: uniforms)
    }

    private func texture(for picture: TextEntityPicture) throws -> Texture {
        try uploaded.texture(for: picture) {
            let texture = try Texture(context: context, width: picture.width, height: picture.height, format: .rgba8)
            try texture.upload(picture.texels)
            return texture
        }
    }
}

/// `text-entity.frag`'s block: the entity's place (its centre, and the
/// cosine and sine of its turn over its scale), its picture's origin,
/// density and the entity's opacity, and each layer's paint.
struct TextEntityBlock: UniformBlock {
    static let name = "TextEntity"

    var place: (Float, Float, Float, Float) = (0, 0, 1, 0)
    var picture: (Float, Float, Float, Float) = (0, 0, 1, 0)
    var fill: (Float, Float, Float, Float) = (0, 0, 0, 0)
    var stroke: (Float, Float, Float, Float) = (0, 0, 0, 0)
    var shadow: (Float, Float, Float, Float) = (0, 0, 0, 0)
    var frame: (Float, Float, Float, Float) = (0, 0, 0, 0)

    init() {}

    init(_ text: PlacedText) {
        place = (Float(text.centre.x), Float(text.centre.y), Float(cos(text.rotation) / text.scale), Float(sin(text.rotation) / text.scale))
        picture = (Float(text.picture.originX), Float(text.picture.originY), Float(text.picture.density), Float(min(max(text.alpha, 0), 1)))
        func paint(_ color: RGB, _ alpha: Double) -> (Float, Float, Float, Float) { (Float(color.r), Float(color.g), Float(color.b), Float(alpha)) }
        let p = text.paints
        fill = paint(p.fill, p.fillAlpha)
        stroke = paint(p.stroke, p.strokeAlpha)
        shadow = paint(p.shadow, p.shadowAlpha)
        frame = paint(p.frame, p.frameAlpha)
    }

    func write(to writer: inout Std140Writer) {
        writer.vec4("u_textPlace", place.0, place.1, place.2, place.3)
        writer.vec4("u_textPicture", picture.0, picture.1, picture.2, picture.3)
        writer.vec4("u_textFill", fill.0, fill.1, fill.2, fill.3)
        writer.vec4("u_textStroke", stroke.0, stroke.1, stroke.2, stroke.3)
        writer.vec4("u_textShadow", shadow.0, shadow.1, shadow.2, shadow.3)
        writer.vec4("u_textFrame", frame.0, frame.1, frame.2, frame.3)
    }
}
