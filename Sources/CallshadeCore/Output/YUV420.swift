import Dispatch
import Foundation

/// Conversion of RGBA frames to planar YUV 4:2:0 (I420), BT.709 matrix,
/// limited range (Y 16...235, Cb and Cr 16...240): what players assume for
/// HD video tagged bt709. Chroma is the average of each 2x2 block.
public enum YUV420 {
    public struct OddSize: Error, Equatable, CustomStringConvertible {
        public let width: Int
        public let height: Int
        public var description: String {
            "yuv420p needs an even width and height, and \(width)x\(height) is not; "
                + "use --size \(width + width % 2)x\(height + height % 2) (or \(width - width % 2)x\(height - height % 2))"
        }
    }

    /// Bytes per frame: a full-size Y plane and two quarter-size chroma planes.
    public static func frameBytes(width: Int, height: Int) -> Int { width * height * 3 / 2 }

    public static func checkSize(width: Int, height: Int) throws {
        guard width % 2 == 0, height % 2 == 0 else { throw OddSize(width: width, height: height) }
    }

    // BT.709: Y = 0.2126 R + 0.7152 G + 0.0722 B; Cb = (B - Y) / 1.8556; Cr = (R - Y) / 1.5748.
    static let kr = 0.2126
    static let kb = 0.0722

    /// Y, Cb, Cr (0...1, Cb and Cr centred on 0) of an sRGB-encoded colour.
    public static func ycbcr(r: Double, g: Double, b: Double) -> (y: Double, cb: Double, cr: Double) {
        let y = kr * r + (1 - kr - kb) * g + kb * b
        return (y, (b - y) / (2 * (1 - kb)), (r - y) / (2 * (1 - kr)))
    }

    /// The sRGB-encoded colour (R, G, B, not clamped) of levels `y`, `cb`
    /// and `cr` (limited range, 16...235 and 16...240): the inverse of
    /// `ycbcr` and the levels' scaling.
    public static func rgb(levels y: Double, _ cb: Double, _ cr: Double) -> (r: Double, g: Double, b: Double) {
        let luma = (y - 16) / 219, blue = (cb - 128) / 224, red = (cr - 128) / 224
        let r = luma + 2 * (1 - kr) * red, b = luma + 2 * (1 - kb) * blue
        return (r, (luma - kr * r - kb * b) / (1 - kr - kb), b)
    }

    /// Converts one frame (opaque RGBA, even size) into `output`, which must
    /// hold `frameBytes` bytes: Y plane, then Cb, then Cr.
    public static func convert(_ image: RGBAImage, into output: inout [UInt8]) throws {
        let (width, height) = try sized(&output, for: image)
        let chromaWidth = width / 2
        let cbStart = width * height
        let crStart = cbStart + chromaWidth * (height / 2)
        image.pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for row in stride(from: 0, to: height, by: 2) {
                    for column in stride(from: 0, to: width, by: 2) {
                        var cbSum = 0.0
                        var crSum = 0.0
                        // The block's four pixels: top left, top right, bottom left, bottom right.
                        for corner in 0..<4 {
                            let (dy, dx) = (corner >> 1, corner & 1)
                            let at = ((row + dy) * width + column + dx) * 4
                            let value = ycbcr(r: Double(source[at]) / 255, g: Double(source[at + 1]) / 255,
                                              b: Double(source[at + 2]) / 255)
                            target[(row + dy) * width + column + dx] = level(16 + 219 * value.y)
                            cbSum += value.cb
                            crSum += value.cr
                        }
                        let chroma = (row / 2) * chromaWidth + column / 2
                        target[cbStart + chroma] = level(128 + 224 * cbSum / 4)
                        target[crStart + chroma] = level(128 + 224 * crSum / 4)
                    }
                }
            }
        }
    }

    /// Checks that `image` can be I420 and makes `output` hold its planes; its width and height.
    private static func sized(_ output: inout [UInt8], for image: RGBAImage) throws -> (width: Int, height: Int) {
        try checkSize(width: image.width, height: image.height)
        let count = frameBytes(width: image.width, height: image.height)
        if output.count != count { output = [UInt8](repeating: 0, count: count) }
        return (image.width, image.height)
    }

    /// The same conversion in 16-bit fixed point, rows split over `cores`
    /// cores (its caller asks the system once: the question reads the CPU
    /// quota from files): several times faster, within one level of
    /// `convert` (the tests hold it to that), the same bytes whatever `cores`.
    public static func convertFast(_ image: RGBAImage, into output: inout [UInt8], cores: Int) throws {
        let (width, height) = try sized(&output, for: image)
        let rowPairs = height / 2
        guard rowPairs > 0 else { return }
        let bands = min(rowPairs, max(1, cores) * 4)
        let coefficients = FixedPointYCbCr()
        image.pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                guard let source = source.baseAddress, let target = target.baseAddress else { return }
                let input = SendablePointer(address: UnsafeMutablePointer(mutating: source))
                let planes = SendablePointer(address: target)
                DispatchQueue.concurrentPerform(iterations: bands) { band in
                    let rows = band * rowPairs / bands * 2 ..< (band + 1) * rowPairs / bands * 2
                    coefficients.convert(input.address + rows.lowerBound * width * 4, rowLength: width,
                                         block: PixelRect(x: 0, y: rows.lowerBound, width: width, height: rows.count),
                                         into: planes.address, width: width, height: height)
                }
            }
        }
    }

    /// BT.709 limited range on 8-bit R, G, B, in 16-bit fixed point.
    public struct FixedPointYCbCr: Sendable {
        let yr, yg, yb, yOffset: Int32
        let cbr, cbg, cbb, crr, crg, crb, cOffset: Int32

        public init() {
            let scale = Double(1 << 16)
            let kg = 1 - kr - kb
            // Y = 16 + 219/255 (kr R + kg G + kb B).
            yr = Int32((219.0 / 255 * kr * scale).rounded())
            yg = Int32((219.0 / 255 * kg * scale).rounded())
            yb = Int32((219.0 / 255 * kb * scale).rounded())
            yOffset = Int32(16 * scale + scale / 2)
            // Cb, Cr = 128 + 224/255 mean((B - Y) / 1.8556), mean((R - Y) / 1.5748), on sums over 2x2 pixels.
            let cbScale = 224.0 / 255 / 4 / (2 * (1 - kb)) * scale
            let crScale = 224.0 / 255 / 4 / (2 * (1 - kr)) * scale
            cbr = Int32((-kr * cbScale).rounded())
            cbg = Int32((-kg * cbScale).rounded())
            cbb = Int32(((1 - kb) * cbScale).rounded())
            crr = Int32(((1 - kr) * crScale).rounded())
            crg = Int32((-kg * crScale).rounded())
            crb = Int32((-kb * crScale).rounded())
            cOffset = Int32(128 * scale + scale / 2)
        }

        @inline(__always) public func luma(_ r: Int32, _ g: Int32, _ b: Int32) -> UInt8 {
            UInt8(clamping: (yr &* r &+ yg &* g &+ yb &* b &+ yOffset) >> 16)
        }

        /// Cb and Cr of the sums of four pixels' channels.
        @inline(__always) public func chroma(_ r: Int32, _ g: Int32, _ b: Int32) -> (UInt8, UInt8) {
            // No overflow: every product stays under 2^24.
            (UInt8(clamping: (cbr &* r &+ cbg &* g &+ cbb &* b &+ cOffset) >> 16),
             UInt8(clamping: (crr &* r &+ crg &* g &+ crb &* b &+ cOffset) >> 16))
        }

        /// The same arithmetic as `luma` and `chroma` on 2 x 16 pixels at once.
        @inline(__always)
        private func convertSixteen(_ upper: UnsafePointer<UInt8>, _ lower: UnsafePointer<UInt8>,
                                    _ upperLuma: UnsafeMutablePointer<UInt8>, _ lowerLuma: UnsafeMutablePointer<UInt8>,
                                    cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>) {
            // Little-endian RGBA8: red in the lowest byte of each 32-bit pixel.
            let mask = SIMD16<Int32>(repeating: 0xFF)
            func luma(_ row: UnsafePointer<UInt8>) -> SIMD16<UInt8> {
                let pixels = SIMD16<Int32>(truncatingIfNeeded: UnsafeRawPointer(row).loadUnaligned(as: SIMD16<UInt32>.self))
                let value = yr &* (pixels & mask) &+ yg &* ((pixels &>> 8) & mask) &+ yb &* ((pixels &>> 16) & mask) &+ yOffset
                return SIMD16<UInt8>(truncatingIfNeeded: (value &>> 16).clamped(lowerBound: .zero, upperBound: mask))
            }
            UnsafeMutableRawPointer(upperLuma).storeBytes(of: luma(upper), as: SIMD16<UInt8>.self)
            UnsafeMutableRawPointer(lowerLuma).storeBytes(of: luma(lower), as: SIMD16<UInt8>.self)
            // Two neighbouring pixels a 64-bit lane: each channel summed over the 2x2 block.
            let byte = SIMD8<UInt64>(repeating: 0xFF)
            let top = UnsafeRawPointer(upper).loadUnaligned(as: SIMD8<UInt64>.self)
            let bottom = UnsafeRawPointer(lower).loadUnaligned(as: SIMD8<UInt64>.self)
            func sum(_ shift: UInt64) -> SIMD8<Int32> {
                SIMD8<Int32>(truncatingIfNeeded: ((top &>> shift) & byte) &+ ((top &>> (shift + 32)) & byte)
                                                 &+ ((bottom &>> shift) & byte) &+ ((bottom &>> (shift + 32)) & byte))
            }
            let (r, g, b) = (sum(0), sum(8), sum(16))
            let limit = SIMD8<Int32>(repeating: 0xFF)
            let blue = ((cbr &* r &+ cbg &* g &+ cbb &* b &+ cOffset) &>> 16).clamped(lowerBound: .zero, upperBound: limit)
            let red = ((crr &* r &+ crg &* g &+ crb &* b &+ cOffset) &>> 16).clamped(lowerBound: .zero, upperBound: limit)
            UnsafeMutableRawPointer(cb).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: blue), as: SIMD8<UInt8>.self)
            UnsafeMutableRawPointer(cr).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: red), as: SIMD8<UInt8>.self)
        }

        /// Converts `block` of a frame (even corner and size) into the
        /// frame's I420 planes (`width` x `height`, Y then Cb then Cr) from
        /// RGBA8 pixels whose block's top-left pixel is at `pixels`, rows
        /// `rowLength` pixels apart. Alpha is ignored.
        public func convert(_ pixels: UnsafePointer<UInt8>, rowLength: Int, block: PixelRect,
                            into planes: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
            let chromaWidth = width / 2
            let cbStart = width * height
            let crStart = cbStart + chromaWidth * (height / 2)
            for pair in 0..<block.height / 2 {
                let upper = pixels + pair * 2 * rowLength * 4
                let lower = upper + rowLength * 4
                let y = block.y + pair * 2
                let upperLuma = planes + y * width + block.x
                let lowerLuma = upperLuma + width
                let chromaRow = planes + (y / 2) * chromaWidth + block.x / 2
                // Sixteen pixels (eight blocks) at a time, then one block at a time.
                var column = 0
                while column + 16 <= block.width {
                    convertSixteen(upper + column * 4, lower + column * 4, upperLuma + column, lowerLuma + column,
                                   cb: chromaRow + cbStart + column / 2, cr: chromaRow + crStart + column / 2)
                    column += 16
                }
                for column in stride(from: column, to: block.width - 1, by: 2) {
                    let at = column * 4
                    let r0 = Int32(upper[at]), g0 = Int32(upper[at + 1]), b0 = Int32(upper[at + 2])
                    let r1 = Int32(upper[at + 4]), g1 = Int32(upper[at + 5]), b1 = Int32(upper[at + 6])
                    let r2 = Int32(lower[at]), g2 = Int32(lower[at + 1]), b2 = Int32(lower[at + 2])
                    let r3 = Int32(lower[at + 4]), g3 = Int32(lower[at + 5]), b3 = Int32(lower[at + 6])
                    upperLuma[column] = luma(r0, g0, b0)
                    upperLuma[column + 1] = luma(r1, g1, b1)
                    lowerLuma[column] = luma(r2, g2, b2)
                    lowerLuma[column + 1] = luma(r3, g3, b3)
                    (chromaRow[cbStart + column / 2], chromaRow[crStart + column / 2]) =
                        chroma(r0 + r1 + r2 + r3, g0 + g1 + g2 + g3, b0 + b1 + b2 + b3)
                }
            }
        }
    }

    @inline(__always)
    static func level(_ value: Double) -> UInt8 {
        UInt8(min(max(value.rounded(), 0), 255))
    }
}
