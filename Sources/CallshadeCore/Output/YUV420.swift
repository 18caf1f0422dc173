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

    @inline(__always)
    static func level(_ value: Double) -> UInt8 {
        UInt8(min(max(value.rounded(), 0), 255))
    }
}
