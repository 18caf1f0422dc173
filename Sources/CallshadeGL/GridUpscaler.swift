import CallshadeCore
import Dispatch
import Foundation

/// Makes the full-size background on the CPU from the low-resolution gradient
/// (read back as floats), by the same bilinear interpolation the
/// GRADIENT_LOOKUP programs do, and pastes the foreground square over it.
///
/// For software rasterisers: there every fragment of a full-screen pass costs
/// the same fixed overhead, and this specialised loop over rows is several
/// times cheaper (`callshade bench` measures both). A GPU keeps the pass.
struct GridUpscaler {
    let size: FrameSize
    let grid: LowResolutionGrid
    /// For each pixel column: the texel column left of it and the weight of the one right of it.
    private let columns: [(index: Int32, weight: Float)]
    /// For each pixel row: the texel row above it and the weight of the one below it.
    private let rows: [(index: Int32, weight: Float)]

    init(size: FrameSize, grid: LowResolutionGrid) {
        self.size = size
        self.grid = grid
        columns = Self.axis(pixels: size.width, inner: grid.innerWidth)
        rows = Self.axis(pixels: size.height, inner: grid.innerHeight)
    }

    /// Pixel p's centre is at (p + 0.5) / pixels of the screen, which is texel
    /// coordinate (p + 0.5) inner / pixels + 1 (one texel of margin); linear
    /// filtering blends the texels whose centres lie either side of it.
    private static func axis(pixels: Int, inner: Int) -> [(index: Int32, weight: Float)] {
        (0..<pixels).map { pixel in
            let position = (Double(pixel) + 0.5) * Double(inner) / Double(pixels) + 0.5
            let index = min(max(position.rounded(.down), 0), Double(inner))
            return (Int32(index), Float(position - index))
        }
    }

    /// A picture pasted over the background: its pixels whose alpha is not 0 replace the background's.
    struct Overlay: Sendable {
        let rect: PixelRect
        /// rect.width x rect.height RGBA8 pixels, rows top to bottom.
        let pixels: SendablePointer<UInt8>
    }

    /// Fills `output` (width x height RGBA8, rows top to bottom) from `values`
    /// (the grid's texture, RGBA floats, texel row 0 first), rows split over the cores.
    func fill(_ output: UnsafeMutablePointer<UInt8>, from values: UnsafePointer<Float>, dither: Bool, overlay: Overlay?) {
        let height = size.height
        let bands = min(height, max(1, ProcessInfo.processInfo.activeProcessorCount) * 4)
        let target = SendablePointer(address: output)
        let source = SendablePointer(address: UnsafeMutablePointer(mutating: values))
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            fillRows(band * height / bands ..< (band + 1) * height / bands, of: target.address, from: source.address,
                     dither: dither, overlay: overlay)
        }
    }

    /// Interpolates along rows first: each texel row needed is widened to the
    /// frame's width once (one plane a channel, in 8-bit levels), so every
    /// pixel row is then a blend of two widened rows, a loop with no lookups
    /// that the compiler turns into vector instructions.
    private func fillRows(_ range: Range<Int>, of output: UnsafeMutablePointer<UInt8>, from values: UnsafeMutablePointer<Float>,
                          dither: Bool, overlay: Overlay?) {
        let width = size.width
        // Planes: the upper texel row widened (R, G, B), the step to the lower one (R, G, B), the dither offsets.
        let planes = UnsafeMutablePointer<Float>.allocate(capacity: width * 7)
        defer { planes.deallocate() }
        let upper = planes
        let step = planes + width * 3
        let bias = planes + width * 6
        bias.initialize(repeating: 0, count: width)
        var widened: Int32 = -1
        for row in range {
            let (index, weight) = rows[row]
            if index != widened {
                widen(texelRow: Int(index), of: values, into: upper, step: step)
                widened = index
            }
            if dither {
                for column in 0..<width { bias[column] = Float(OrderedDither.offset(x: column, y: row) * 255) }
            }
            blend(upper: upper, step: step, weight: weight, bias: bias, into: output + row * width * 4)
            if let overlay { paste(overlay, row: row, into: output) }
        }
    }

    /// Texel row `index` and the next one, interpolated to every pixel column:
    /// the first into `upper`, their difference into `step` (8-bit levels, R, G, B planes).
    private func widen(texelRow index: Int, of values: UnsafeMutablePointer<Float>,
                       into upper: UnsafeMutablePointer<Float>, step: UnsafeMutablePointer<Float>) {
        let width = size.width
        let rowLength = grid.textureWidth * 4
        let above = values + index * rowLength
        let below = above + rowLength
        columns.withUnsafeBufferPointer { columns in
            for channel in 0..<3 {
                for column in 0..<width {
                    let (texel, weight) = columns[column]
                    let left = Int(texel) * 4 + channel
                    let top = above[left] + (above[left + 4] - above[left]) * weight
                    let bottom = below[left] + (below[left + 4] - below[left]) * weight
                    upper[channel * width + column] = top * 255
                    step[channel * width + column] = (bottom - top) * 255
                }
            }
        }
    }

    /// One pixel row: upper + step x weight + bias, rounded to the nearest
    /// level and clamped, alpha 255; eight pixels at a time in vector registers.
    private func blend(upper: UnsafeMutablePointer<Float>, step: UnsafeMutablePointer<Float>, weight: Float,
                       bias: UnsafeMutablePointer<Float>, into output: UnsafeMutablePointer<UInt8>) {
        let width = size.width
        let planes = (UnsafeRawPointer(upper), UnsafeRawPointer(upper + width), UnsafeRawPointer(upper + 2 * width))
        let steps = (UnsafeRawPointer(step), UnsafeRawPointer(step + width), UnsafeRawPointer(step + 2 * width))
        let offsets = UnsafeRawPointer(bias)
        let pixels = UnsafeMutableRawPointer(output)
        // Adding 1.5 x 2^23 puts round(value) in a float's low mantissa bits, for |value| < 2^22;
        // the clamp to 0...255 is then done on integers (generic pointwise min and max are slow).
        let magic = SIMD8<Float>(repeating: 12_582_912)
        let magicBits = SIMD8<Int32>(repeating: Int32(bitPattern: Float(12_582_912).bitPattern))
        let weights = SIMD8<Float>(repeating: weight)
        let top = SIMD8<Int32>(repeating: 255)
        let alpha = SIMD8<Int32>(repeating: Int32(bitPattern: 0xFF00_0000))
        @inline(__always) func level(_ plane: UnsafeRawPointer, _ step: UnsafeRawPointer, _ offset: Int,
                                     _ bias: SIMD8<Float>) -> SIMD8<Int32> {
            let value = plane.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                + step.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self) * weights + bias
            let rounded = unsafeBitCast(value + magic, to: SIMD8<Int32>.self) &- magicBits
            let positive = rounded & ~(rounded &>> 31)          // below 0: 0
            return (positive | ((top &- positive) &>> 31)) & top  // above 255: 255
        }
        var column = 0
        while column + 8 <= width {
            let offset = column * 4
            let bias = offsets.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            let r = level(planes.0, steps.0, offset, bias)
            let g = level(planes.1, steps.1, offset, bias)
            let b = level(planes.2, steps.2, offset, bias)
            pixels.storeBytes(of: r | g &<< 8 | b &<< 16 | alpha, toByteOffset: offset, as: SIMD8<Int32>.self)
            column += 8
        }
        while column < width {
            func level(_ plane: UnsafeMutablePointer<Float>) -> UInt32 {
                let value = plane[column] + plane[column + 3 * width] * weight + bias[column]
                return (min(max(value, 0), 255) + 12_582_912).bitPattern & 0xFF
            }
            let packed = level(upper) | level(upper + width) << 8 | level(upper + 2 * width) << 16 | 0xFF00_0000
            pixels.storeBytes(of: packed.littleEndian, toByteOffset: column * 4, as: UInt32.self)
            column += 1
        }
    }

    private func paste(_ overlay: Overlay, row: Int, into output: UnsafeMutablePointer<UInt8>) {
        let rect = overlay.rect
        guard row >= rect.y, row < rect.y + rect.height else { return }
        let source = overlay.pixels.address + (row - rect.y) * rect.width * 4
        let target = output + (row * size.width + rect.x) * 4
        for column in 0..<rect.width where source[column * 4 + 3] != 0 {
            (target + column * 4).update(from: source + column * 4, count: 4)
        }
    }
}
