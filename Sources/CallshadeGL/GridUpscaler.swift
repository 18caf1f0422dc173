import CallshadeCore
import Dispatch
import Foundation

/// Makes full-size frames on the CPU from the low-resolution gradient (read
/// back as floats), by the same bilinear interpolation the GRADIENT_LOOKUP
/// programs do, with the foreground's pixels pasted over it: as RGBA, or
/// straight as I420 planes.
///
/// For software rasterisers: there every fragment of a full-screen pass costs
/// the same fixed overhead, and these specialised loops over rows are several
/// times cheaper (`callshade bench` measures both). A GPU keeps the pass.
struct GridUpscaler {
    let size: FrameSize
    let grid: LowResolutionGrid
    private let columns: GridAxis
    private let rows: GridAxis
    /// Where I420's chroma samples fall (the middle of each 2x2 block).
    private let chromaColumns: GridAxis
    private let chromaRows: GridAxis

    init(size: FrameSize, grid: LowResolutionGrid) {
        self.size = size
        self.grid = grid
        columns = GridAxis(count: size.width, span: 1, pixels: size.width, inner: grid.innerWidth)
        rows = GridAxis(count: size.height, span: 1, pixels: size.height, inner: grid.innerHeight)
        chromaColumns = GridAxis(count: size.width / 2, span: 2, pixels: size.width, inner: grid.innerWidth)
        chromaRows = GridAxis(count: size.height / 2, span: 2, pixels: size.height, inner: grid.innerHeight)
    }

    /// A picture pasted over the background (inside the frame): its pixels whose alpha is not 0 replace the background's.
    struct Overlay: Sendable {
        let rect: PixelRect
        /// rect.width x rect.height RGBA8 pixels, rows top to bottom.
        let pixels: SendablePointer<UInt8>
    }

    /// Fills `output` with the frame's background (width x height RGBA8, rows
    /// top to bottom) from `planes` (R, G, B levels), rows split over the cores.
    func fillRGBA(_ output: UnsafeMutablePointer<UInt8>, from planes: GridPlanes, dither: Bool) {
        let width = size.width
        let target = SendablePointer(address: output)
        planes.levels.withUnsafeBufferPointer { levels in
            guard let levels = levels.baseAddress else { return }
            let source = SendablePointer(address: UnsafeMutablePointer(mutating: levels))
            Self.inBands(rows: size.height) { band in
                let widened = WidenedRows(width: width, channels: 3)
                let bias = UnsafeMutablePointer<Float>.allocate(capacity: width)
                defer { bias.deallocate() }
                bias.initialize(repeating: 0, count: width)
                for row in band {
                    let sample = rows.samples[row]
                    widened.widen(texelRow: sample.texel, of: source.address, gridWidth: planes.width, gridHeight: planes.height,
                                  columns: columns)
                    if dither {
                        // 8-bit levels: (index + 0.5) / 64 - 0.5.
                        for column in 0..<width { bias[column] = Float(OrderedDither.offset(x: column, y: row) * 255) }
                    }
                    LevelBlend.rgba(widened, weight: sample.weight, bias: bias, columns: 0..<width,
                                    into: target.address + row * width * 4)
                }
            }
        }
    }

    /// Fills `output` (the frame's I420 planes: Y, then Cb, then Cr; even size)
    /// from `planes` (Y, Cb, Cr levels), rows split over the cores.
    func fillYUV420(_ output: UnsafeMutablePointer<UInt8>, from planes: GridPlanes) {
        let width = size.width
        let chromaWidth = width / 2
        let chromaHeight = size.height / 2
        let target = SendablePointer(address: output)
        planes.levels.withUnsafeBufferPointer { levels in
            guard let levels = levels.baseAddress else { return }
            let source = SendablePointer(address: UnsafeMutablePointer(mutating: levels))
            // Luma rows first, then chroma rows: each band does one kind.
            Self.inBands(rows: size.height) { band in
                let widened = WidenedRows(width: width, channels: 1)
                for row in band {
                    let sample = rows.samples[row]
                    widened.widen(texelRow: sample.texel, of: source.address, gridWidth: planes.width, gridHeight: planes.height,
                                  columns: columns)
                    LevelBlend.bytes(widened, channel: 0, weight: sample.weight, into: target.address + row * width)
                }
            }
            let planeSize = planes.width * planes.height
            let cbStart = width * size.height
            let crStart = cbStart + chromaWidth * chromaHeight
            Self.inBands(rows: chromaHeight) { band in
                let widened = WidenedRows(width: chromaWidth, channels: 2)
                for row in band {
                    let sample = chromaRows.samples[row]
                    widened.widen(texelRow: sample.texel, of: source.address + planeSize, gridWidth: planes.width,
                                  gridHeight: planes.height, columns: chromaColumns)
                    LevelBlend.bytes(widened, channel: 0, weight: sample.weight, into: target.address + cbStart + row * chromaWidth)
                    LevelBlend.bytes(widened, channel: 1, weight: sample.weight, into: target.address + crStart + row * chromaWidth)
                }
            }
        }
    }

    /// The background's R, G, B levels at one pixel, computed as `fillRGBA`
    /// computes them (undithered): for the few pixels a loop over rows would waste.
    func backgroundPixel(x: Int, y: Int, from planes: GridPlanes) -> (Int32, Int32, Int32) {
        let column = columns.samples[x]
        let row = rows.samples[y]
        let left = Int(column.texel)
        let above = Int(row.texel) * planes.width + left
        let below = above + planes.width
        let planeSize = planes.width * planes.height
        func channel(_ index: Int) -> Int32 {
            let levels = planes.levels
            let base = index * planeSize
            let top = levels[base + above] + (levels[base + above + 1] - levels[base + above]) * column.weight
            let bottom = levels[base + below] + (levels[base + below + 1] - levels[base + below]) * column.weight
            return Int32(LevelBlend.level(top + (bottom - top) * row.weight))
        }
        return (channel(0), channel(1), channel(2))
    }

    /// Runs `body` on contiguous bands of `0..<rows`, several a core, in parallel.
    static func inBands(rows: Int, _ body: @Sendable (Range<Int>) -> Void) {
        guard rows > 0 else { return }
        let bands = min(rows, max(1, ProcessInfo.processInfo.activeProcessorCount) * 4)
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            body(band * rows / bands ..< (band + 1) * rows / bands)
        }
    }

    /// Copies the overlay's pixels whose alpha is not 0 over an RGBA frame `frameWidth` pixels wide.
    static func paste(_ overlay: Overlay, into frame: UnsafeMutablePointer<UInt8>, frameWidth: Int) {
        let rect = overlay.rect
        for row in 0..<rect.height {
            let source = overlay.pixels.address + row * rect.width * 4
            let target = frame + ((rect.y + row) * frameWidth + rect.x) * 4
            for column in 0..<rect.width where source[column * 4 + 3] != 0 {
                (target + column * 4).update(from: source + column * 4, count: 4)
            }
        }
    }
}
