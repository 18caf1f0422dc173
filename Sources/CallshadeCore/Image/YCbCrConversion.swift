/// Y'CbCr to R'G'B' (video-call, section 2: "decoded YUV converted with the
/// file's matrix and range"), from ITU-R BT.601, BT.709 and BT.2020's
/// definitions: a picture's 8-bit codes are normalised by its range to Y'
/// in 0...1 and Pb, Pr in -0.5...0.5, then
/// R' = Y' + 2 (1 - Kr) Pr, B' = Y' + 2 (1 - Kb) Pb,
/// G' = (Y' - Kr R' - Kb B') / (1 - Kr - Kb), each clamped to 0...1.
public enum YCbCrConversion {
    /// The colour of the codes `luma`, `cb` and `cr` (8-bit code values,
    /// fractional where they were interpolated), in `matrix` and `range`.
    public static func rgb(luma: Double, cb: Double, cr: Double, matrix: VideoMatrix, range: VideoRange) -> RGB {
        let (y, pb, pr) = range.normalised(luma: luma, cb: cb, cr: cr)
        let (kr, kb) = matrix.lumaWeights
        let red = y + 2 * (1 - kr) * pr
        let blue = y + 2 * (1 - kb) * pb
        let green = (y - kr * red - kb * blue) / (1 - kr - kb)
        return RGB(min(max(red, 0), 1), min(max(green, 0), 1), min(max(blue, 0), 1))
    }
}

extension VideoMatrix {
    /// The weights of red and blue in luma (Kr, Kb); green's is 1 - Kr - Kb.
    public var lumaWeights: (red: Double, blue: Double) {
        switch self {
        case .bt601: return (0.299, 0.114)
        case .bt709: return (0.2126, 0.0722)
        case .bt2020: return (0.2627, 0.0593)
        }
    }
}

extension VideoRange {
    /// Y' (0...1) and Pb, Pr (-0.5...0.5) of 8-bit codes: limited range
    /// puts black at 16 and white at 235, chroma's 0 at 128 and its span
    /// over 224 codes; full range spans all 255.
    public func normalised(luma: Double, cb: Double, cr: Double) -> (y: Double, pb: Double, pr: Double) {
        switch self {
        case .limited: return ((luma - 16) / 219, (cb - 128) / 224, (cr - 128) / 224)
        case .full: return (luma / 255, (cb - 128) / 255, (cr - 128) / 255)
        }
    }
}

extension YCbCrConversion {
    /// `rgb(luma:cb:cr:matrix:range:)` of whole 8-bit codes, its terms that
    /// hang on one code alone worked out once for all 256 (the normalised
    /// Y', and Pr's and Pb's shares of red and blue): the same operations on
    /// the same values, so the same colour to the bit, without three
    /// divisions and the range's and matrix's switches at each pixel.
    public struct CodeTable: Sendable {
        private let lumas: [Double]
        private let redFromCr: [Double]
        private let blueFromCb: [Double]
        private let kr: Double
        private let kb: Double
        private let greenShare: Double

        public init(matrix: VideoMatrix, range: VideoRange) {
            (kr, kb) = matrix.lumaWeights
            greenShare = 1 - kr - kb
            let normalised = (0..<256).map { range.normalised(luma: Double($0), cb: Double($0), cr: Double($0)) }
            lumas = normalised.map(\.y)
            redFromCr = normalised.map { [kr] in 2 * (1 - kr) * $0.pr }
            blueFromCb = normalised.map { [kb] in 2 * (1 - kb) * $0.pb }
        }

        /// The colours of a row of `count` pixels: pixel x's luma code
        /// `luma[x]`, its chroma codes `cb[x / 2]` and `cr[x / 2]` (a
        /// sample covers two pixels across), written to `reds`, `greens`
        /// and `blues`: each the same operations on the same values as
        /// `rgb(luma:cb:cr:matrix:range:)`, so the same colour to the bit.
        /// Its clamps are `Swift.max(v, 0)` then `Swift.min(v, 1)` (a -0
        /// raised to +0), written as the comparisons a processor's own
        /// maximum and minimum make (the values are never NaN).
        public func row(luma: UnsafePointer<UInt8>, cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>, count: Int,
                        reds: UnsafeMutablePointer<Double>, greens: UnsafeMutablePointer<Double>, blues: UnsafeMutablePointer<Double>) {
            lumas.withUnsafeBufferPointer { lumas in
                redFromCr.withUnsafeBufferPointer { redFromCr in
                    blueFromCb.withUnsafeBufferPointer { blueFromCb in
                        guard let lumas = lumas.baseAddress, let redFromCr = redFromCr.baseAddress, let blueFromCb = blueFromCb.baseAddress else { return }
                        @inline(__always)
                        func unit(_ value: Double) -> Double {
                            let raised = value > 0 ? value : 0
                            return raised < 1 ? raised : 1
                        }
                        for x in 0..<count {
                            let sample = x / 2
                            let y = lumas[Int(luma[x])]
                            let red = y + redFromCr[Int(cr[sample])]
                            let blue = y + blueFromCb[Int(cb[sample])]
                            let green = (y - kr * red - kb * blue) / greenShare
                            reds[x] = unit(red)
                            greens[x] = unit(green)
                            blues[x] = unit(blue)
                        }
                    }
                }
            }
        }
    }
}
