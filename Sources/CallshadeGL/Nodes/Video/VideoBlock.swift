import CallshadeCore

/// `video.frag`'s block: where the picture shows and how a frame point maps
/// into it, and the conversion of its codes (the picture's matrix and range).
struct VideoBlock: UniformBlock {
    static let name = "Video"

    var gradient = GradientUniforms.unread
    var clip: (Float, Float, Float, Float) = (0, 0, 0, 0)
    var content: (Float, Float, Float, Float) = (0, 0, 1, 1)
    /// (clip's corner radius drawn, opacity, 0, 0).
    var shape: (Float, Float, Float, Float) = (0, 0, 0, 0)
    /// The picture point at the content's top-left corner.
    var mapping: (Float, Float, Float, Float) = (0, 0, 0, 0)
    /// Its change across the content's width (x, y) and down its height (z, w).
    var axes: (Float, Float, Float, Float) = (1, 0, 0, 1)
    /// (Kr, Kb, black's luma code, luma's span in codes).
    var conversion: (Float, Float, Float, Float) = (0.2126, 0.0722, 16, 219)
    /// (chroma's span in codes, 0, 0, 0).
    var chroma: (Float, Float, Float, Float) = (224, 0, 0, 0)

    init() {}

    init(_ node: VideoNode) {
        func rect(_ shape: RoundedRectangle) -> (Float, Float, Float, Float) {
            (Float(shape.x), Float(shape.y), Float(shape.width), Float(shape.height))
        }
        clip = rect(node.clip)
        content = rect(node.content)
        shape = (Float(node.clip.radius), Float(min(max(node.opacity, 0), 1)), 0, 0)
        // The node's own mapping (across the content, mirrored, turned back) is
        // affine: its value at the content's corner and its change along each side.
        let corner = Vec2(node.content.x, node.content.y)
        let origin = node.pictureCoordinates(at: corner)
        let right = node.pictureCoordinates(at: Vec2(corner.x + node.content.width, corner.y))
        let down = node.pictureCoordinates(at: Vec2(corner.x, corner.y + node.content.height))
        mapping = (Float(origin.x), Float(origin.y), 0, 0)
        axes = (Float(right.x - origin.x), Float(right.y - origin.y), Float(down.x - origin.x), Float(down.y - origin.y))
        if case .ycbcr(let frame) = node.picture {
            let (kr, kb) = frame.matrix.lumaWeights
            // The range's normalisation at two codes gives its black and span.
            let black = frame.range.normalised(luma: 0, cb: 128, cr: 128), white = frame.range.normalised(luma: 255, cb: 255, cr: 255)
            let lumaSpan = 255 / (white.y - black.y), chromaSpan = 127 / white.pb
            conversion = (Float(kr), Float(kb), Float(-black.y * lumaSpan), Float(lumaSpan))
            chroma = (Float(chromaSpan), 0, 0, 0)
        }
    }

    func write(to writer: inout Std140Writer) {
        writer.structure("u_gradient", gradient)
        writer.vec4("u_videoClip", clip.0, clip.1, clip.2, clip.3)
        writer.vec4("u_videoContent", content.0, content.1, content.2, content.3)
        writer.vec4("u_videoShape", shape.0, shape.1, shape.2, shape.3)
        writer.vec4("u_videoMapping", mapping.0, mapping.1, mapping.2, mapping.3)
        writer.vec4("u_videoAxes", axes.0, axes.1, axes.2, axes.3)
        writer.vec4("u_videoConversion", conversion.0, conversion.1, conversion.2, conversion.3)
        writer.vec4("u_videoChroma", chroma.0, chroma.1, chroma.2, chroma.3)
    }
}
