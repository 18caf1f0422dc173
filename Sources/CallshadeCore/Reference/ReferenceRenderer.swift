import Dispatch

/// The CPU reference renderer: evaluates every pixel at its centre from the
/// spec's formulas, in double precision, spread over all cores.
public struct ReferenceRenderer: FrameRenderer {
    public init() {}

    public func render(_ scene: Scene) throws -> RGBAImage {
        let width = scene.size.width
        var image = RGBAImage(size: scene.size)
        let composer = ReferenceComposer(scene)
        guard !composer.isEmpty else { return image }
        let dither = scene.dither
        image.withUnsafeMutablePixels { buffer in
            guard let address = buffer.baseAddress else { return }
            let base = SendablePointer(address: address)
            composer.forEachPixel(in: PixelRect(x: 0, y: 0, width: width, height: scene.size.height)) { column, row, pixel in
                let offset = (row * width + column) * 4
                let shift = dither ? OrderedDither.offset(x: column, y: row) : 0
                base[offset] = Quantize.byte(pixel.color.r + shift)
                base[offset + 1] = Quantize.byte(pixel.color.g + shift)
                base[offset + 2] = Quantize.byte(pixel.color.b + shift)
                base[offset + 3] = Quantize.byte(pixel.alpha)
            }
        }
        return image
    }

    /// The colours of `region`'s pixels of `scene` as the reference composes
    /// them, before quantisation (premultiplied: over black where the frame
    /// is clear), row by row.
    static func colours(of scene: Scene, in region: PixelRect) -> [RGB] {
        var colours = [RGB](repeating: .black, count: region.pixelCount)
        let composer = ReferenceComposer(scene)
        guard !composer.isEmpty, !region.isEmpty else { return colours }
        colours.withUnsafeMutableBufferPointer { buffer in
            guard let address = buffer.baseAddress else { return }
            let base = SendablePointer(address: address)
            composer.forEachPixel(in: region) { column, row, pixel in
                base[(row - region.y) * region.width + column - region.x] = pixel.color * pixel.alpha
            }
        }
        return colours
    }
}

/// A scene's nodes made ready for the reference: each node's shader (a
/// node that reads the pixels around it given the scene below it) and the
/// pixels it may change, bottom to top.
private struct ReferenceComposer {
    let size: FrameSize
    let gradient: ReferenceGradient?
    let shaders: [any ReferenceNodeShader]
    let bounds: [PixelRect]

    init(_ scene: Scene) {
        size = scene.size
        gradient = scene.background.map(ReferenceGradient.init)
        shaders = scene.nodes.indices.map { index in
            let node = scene.nodes[index]
            guard node.pixelsRead(in: scene.size) != nil else { return node.referenceShader(in: scene) }
            var below = scene
            below.nodes = Array(scene.nodes[..<index])
            return node.referenceShader(in: scene, below: below)
        }
        bounds = scene.nodes.map { $0.bounds(in: scene.size) }
    }

    var isEmpty: Bool { gradient == nil && shaders.isEmpty }

    /// Gives each pixel of `region` (within the frame) composed, its column and row with it, bands of rows spread over all cores.
    func forEachPixel(in region: PixelRect, _ body: @Sendable (Int, Int, ShadedPixel) -> Void) {
        let (width, height) = (Double(size.width), Double(size.height))
        let rows = RowBands(height: region.height)
        DispatchQueue.concurrentPerform(iterations: rows.count) { band in
            for row in rows.range(of: band).map({ $0 + region.y }) {
                // The nodes whose bounds reach this row, bottom to top; each pixel visits only them (nothing copied).
                let reaching = bounds.indices.filter { bounds[$0].y <= row && row < bounds[$0].y + bounds[$0].height }
                let sy = 1 - (Double(row) + 0.5) / height
                for column in region.columns {
                    let background = gradient?.color(atScreen: Vec2((Double(column) + 0.5) / width, sy))
                    var pixel = background.map { ShadedPixel(color: $0, alpha: 1) } ?? .transparent
                    for index in reaching where bounds[index].x <= column && column < bounds[index].x + bounds[index].width {
                        pixel = shaders[index].shade(pixel, at: Vec2(Double(column) + 0.5, Double(row) + 0.5), background: background)
                    }
                    body(column, row, pixel)
                }
            }
        }
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
