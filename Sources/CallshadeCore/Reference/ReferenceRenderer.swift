import Dispatch

/// The CPU reference renderer: evaluates every pixel at its centre from the
/// spec's formulas, in double precision, spread over all cores.
public struct ReferenceRenderer: FrameRenderer {
    public init() {}

    public func render(_ scene: Scene) throws -> RGBAImage {
        let width = scene.size.width
        let height = scene.size.height
        var image = RGBAImage(size: scene.size)
        let gradient = scene.background.map(ReferenceGradient.init)
        let dither = scene.dither
        // Each node's shader and the pixels it may change, bottom to top.
        let shaders = scene.nodes.map { $0.referenceShader(in: scene) }
        let bounds = scene.nodes.map { $0.bounds(in: scene.size) }
        guard gradient != nil || !shaders.isEmpty else { return image }

        image.withUnsafeMutablePixels { buffer in
            guard let address = buffer.baseAddress else { return }
            let rows = RowBands(height: height)
            let base = SendablePointer(address: address)
            DispatchQueue.concurrentPerform(iterations: rows.count) { band in
                for row in rows.range(of: band) {
                    // The nodes whose bounds reach this row, bottom to top; each pixel visits only them (nothing copied).
                    let reaching = bounds.indices.filter { bounds[$0].y <= row && row < bounds[$0].y + bounds[$0].height }
                    let sy = 1 - (Double(row) + 0.5) / Double(height)
                    var offset = row * width * 4
                    for column in 0..<width {
                        let sx = (Double(column) + 0.5) / Double(width)
                        let background = gradient?.color(atScreen: Vec2(sx, sy))
                        var pixel = background.map { ShadedPixel(color: $0, alpha: 1) } ?? .transparent
                        for index in reaching where bounds[index].x <= column && column < bounds[index].x + bounds[index].width {
                            pixel = shaders[index].shade(pixel, at: Vec2(Double(column) + 0.5, Double(row) + 0.5), background: background)
                        }
                        let shift = dither ? OrderedDither.offset(x: column, y: row) : 0
                        base[offset] = Quantize.byte(pixel.color.r + shift)
                        base[offset + 1] = Quantize.byte(pixel.color.g + shift)
                        base[offset + 2] = Quantize.byte(pixel.color.b + shift)
                        base[offset + 3] = Quantize.byte(pixel.alpha)
                        offset += 4
                    }
                }
            }
        }
        return image
    }
}

/// Splits rows into bands of work for parallel loops.
struct RowBands {
    let height: Int
    let bandHeight: Int

    init(height: Int, rowsPerBand: Int = 16) {
        self.height = height
        self.bandHeight = max(1, rowsPerBand)
    }

    var count: Int { (height + bandHeight - 1) / bandHeight }

    func range(of band: Int) -> Range<Int> {
        let start = band * bandHeight
        return start..<min(start + bandHeight, height)
    }
}
