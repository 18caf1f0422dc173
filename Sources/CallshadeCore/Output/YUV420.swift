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

    /// Converts one frame (opaque RGBA, even size) into `output`, which must
    /// hold `frameBytes` bytes: Y plane, then Cb, then Cr.
    public static func convert(_ image: RGBAImage, into output: inout [UInt8]) throws {
        try checkSize(width: image.width, height: image.height)
        let width = image.width
        let height = image.height
        let count = frameBytes(width: width, height: height)
        if output.count != count { output = [UInt8](repeating: 0, count: count) }
        let chromaWidth = width / 2
        let cbStart = width * height
        let crStart = cbStart + chromaWidth * (height / 2)
        image.pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for row in stride(from: 0, to: height, by: 2) {
                    for column in stride(from: 0, to: width, by: 2) {
                        var cbSum = 0.0
                        var crSum = 0.0
                        for (dy, dx) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
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

    /// The same conversion in 16-bit fixed point, rows split over the cores:
    /// several times faster, within one level of `convert` (the tests hold it to that).
    public static func convertFast(_ image: RGBAImage, into output: inout [UInt8]) throws {
        try checkSize(width: image.width, height: image.height)
        let width = image.width
        let height = image.height
        let count = frameBytes(width: width, height: height)
        if output.count != count { output = [UInt8](repeating: 0, count: count) }
        let scale = Double(1 << 16)
        let kg = 1 - kr - kb
        // Y = 16 + 219/255 (kr R + kg G + kb B), on 8-bit R, G, B.
        let yr = Int32((219.0 / 255 * kr * scale).rounded())
        let yg = Int32((219.0 / 255 * kg * scale).rounded())
        let yb = Int32((219.0 / 255 * kb * scale).rounded())
        let yOffset = Int32(16 * scale + scale / 2)
        // Cb, Cr = 128 + 224/255 mean((B - Y) / 1.8556), mean((R - Y) / 1.5748), on sums over 2x2 pixels.
        let cbScale = 224.0 / 255 / 4 / (2 * (1 - kb)) * scale
        let crScale = 224.0 / 255 / 4 / (2 * (1 - kr)) * scale
        let cbr = Int32((-kr * cbScale).rounded()), cbg = Int32((-kg * cbScale).rounded()), cbb = Int32(((1 - kb) * cbScale).rounded())
        let crr = Int32(((1 - kr) * crScale).rounded()), crg = Int32((-kg * crScale).rounded()), crb = Int32((-kb * crScale).rounded())
        let cOffset = Int32(128 * scale + scale / 2)
        let chromaWidth = width / 2
        let cbStart = width * height
        let crStart = cbStart + chromaWidth * (height / 2)
        let rowPairs = height / 2
        let bands = min(rowPairs, max(1, ProcessInfo.processInfo.activeProcessorCount) * 4)
        image.pixels.withUnsafeBufferPointer { sourceBuffer in
            output.withUnsafeMutableBufferPointer { targetBuffer in
                guard let source = sourceBuffer.baseAddress, let target = targetBuffer.baseAddress else { return }
                let input = SendablePointer(address: UnsafeMutablePointer(mutating: source))
                let planes = SendablePointer(address: target)
                DispatchQueue.concurrentPerform(iterations: bands) { band in
                    let first = band * rowPairs / bands
                    let last = (band + 1) * rowPairs / bands
                    for pair in first..<last {
                        let top = pair * 2
                        for column in stride(from: 0, to: width, by: 2) {
                            var sumR: Int32 = 0, sumG: Int32 = 0, sumB: Int32 = 0
                            for (dy, dx) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                                let index = (top + dy) * width + column + dx
                                let r = Int32(input[index * 4]), g = Int32(input[index * 4 + 1]), b = Int32(input[index * 4 + 2])
                                planes[index] = UInt8(clamping: (yr * r + yg * g + yb * b + yOffset) >> 16)
                                sumR += r
                                sumG += g
                                sumB += b
                            }
                            let chroma = pair * chromaWidth + column / 2
                            planes[cbStart + chroma] = UInt8(clamping: (cbr * sumR + cbg * sumG + cbb * sumB + cOffset) >> 16)
                            planes[crStart + chroma] = UInt8(clamping: (crr * sumR + crg * sumG + crb * sumB + cOffset) >> 16)
                        }
                    }
                }
            }
        }
    }

    @inline(__always)
    static func level(_ value: Double) -> UInt8 {
        UInt8(min(max(value.rounded(), 0), 255))
    }
}
