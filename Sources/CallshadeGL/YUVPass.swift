import CallshadeCore

/// Converts the rendered RGBA frame to I420 on the GPU (`yuv.frag`, built as
/// LUMA and as CHROMA) and reads back the three planes.
final class YUVPass {
    private let context: GLContext
    private let luma: Pipeline<ConversionBlock>
    private let chroma: Pipeline<ConversionBlock>
    private let uniforms: UniformStream
    private var targets: (size: FrameSize, luma: Framebuffer, chroma: Framebuffer)?
    private var scratch: [UInt8] = []

    init(context: GLContext, shaders: ShaderLibrary) throws {
        self.context = context
        luma = try Pipeline(context: context, shaders: shaders, vertex: "quad.vert", fragment: "yuv.frag", defines: ["LUMA"])
        chroma = try Pipeline(context: context, shaders: shaders, vertex: "quad.vert", fragment: "yuv.frag", defines: ["CHROMA"])
        uniforms = try UniformStream(context: context)
    }

    /// Converts `frame` (width and height even) into `output`: the Y plane, then Cb, then Cr.
    func convert(_ frame: Framebuffer, into output: inout [UInt8]) throws {
        let width = frame.width
        let height = frame.height
        try YUV420.checkSize(width: width, height: height)
        let size = try FrameSize(width: width, height: height)
        let targets = try self.targets(for: size)
        for (pipeline, target) in [(luma, targets.luma), (chroma, targets.chroma)] {
            var draw = DrawCall(pipeline, into: target, block: ConversionBlock(frameSize: (Int32(width), Int32(height))))
            draw.textures = [(.frame, frame.color)]
            try draw.perform(streaming: uniforms)
        }

        let count = YUV420.frameBytes(width: width, height: height)
        if output.count != count { output = [UInt8](repeating: 0, count: count) }
        // Each packed row holds 4 samples a texel, a few more than the plane's row where the width is not a multiple.
        try copyPlane(from: targets.luma, attachment: 0, rowBytes: width, rows: height, into: &output, at: 0)
        let chromaWidth = width / 2
        let chromaRows = height / 2
        try copyPlane(from: targets.chroma, attachment: 0, rowBytes: chromaWidth, rows: chromaRows, into: &output, at: width * height)
        try copyPlane(from: targets.chroma, attachment: 1, rowBytes: chromaWidth, rows: chromaRows, into: &output,
                      at: width * height + chromaWidth * chromaRows)
    }

    private func copyPlane(from target: Framebuffer, attachment: Int, rowBytes: Int, rows: Int, into output: inout [UInt8], at start: Int) throws {
        let packedRow = target.width * 4
        if packedRow == rowBytes {
            try output.withUnsafeMutableBytes { buffer in
                guard let base = buffer.baseAddress else { return }
                try target.readPixels(attachment: attachment, into: base + start)
            }
            return
        }
        if scratch.count < packedRow * rows { scratch = [UInt8](repeating: 0, count: packedRow * rows) }
        try scratch.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            try target.readPixels(attachment: attachment, into: base)
        }
        scratch.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for row in 0..<rows {
                    for column in 0..<rowBytes { target[start + row * rowBytes + column] = source[row * packedRow + column] }
                }
            }
        }
    }

    private func targets(for size: FrameSize) throws -> (size: FrameSize, luma: Framebuffer, chroma: Framebuffer) {
        if let targets, targets.size == size { return targets }
        targets = nil
        let lumaTexture = try Texture(context: context, width: (size.width + 3) / 4, height: size.height)
        let chromaWidth = (size.width / 2 + 3) / 4
        let blue = try Texture(context: context, width: chromaWidth, height: size.height / 2)
        let red = try Texture(context: context, width: chromaWidth, height: size.height / 2)
        let made = (size, try Framebuffer(color: lumaTexture), try Framebuffer(colors: [blue, red]))
        targets = made
        return made
    }
}

/// `yuv.frag`'s block: the frame's size.
struct ConversionBlock: UniformBlock {
    static let name = "Conversion"

    var frameSize: (width: Int32, height: Int32) = (0, 0)

    func write(to writer: inout Std140Writer) {
        writer.ivec2("u_frameSize", frameSize.width, frameSize.height)
    }
}
