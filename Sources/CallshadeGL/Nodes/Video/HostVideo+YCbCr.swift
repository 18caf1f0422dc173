import CallshadeCore

/// A video's pixels written straight into I420 planes where its opaque
/// picture surely covers them (`HostVideoDrawing`): the same samples and
/// the same arithmetic as `HostVideo` shading them and `HostShadedDrawing`
/// mixing them at amount 1, eight pixels at a time in registers.
extension HostVideo {
    /// Whether `writeYCbCr` applies: a video's planes, not turned, at full opacity.
    var writesYCbCr: Bool { Self.writesYCbCr(node, sampling: sampling) }

    /// The same for `node` sampled as `sampling` says, without making its shader.
    static func writesYCbCr(_ node: VideoNode, sampling: VideoSampling) -> Bool {
        guard !sampling.isEmpty, !sampling.turned, node.opacity >= 1, case .ycbcr = node.picture else { return false }
        return true
    }

    /// Writes rows `y` and `y + 1` (`y` even) over `columns` (even edges)
    /// of the I420 `planes` of a frame of `size` (even): each pixel's codes
    /// sampled bilinearly, converted to R'G'B' by the picture's matrix and
    /// range and clamped, then to BT.709 limited-range luma (rounded) and
    /// chroma, each chroma sample the mean of its 2x2 pixels'. `memory` is
    /// the run's own (rows of at least `columns.count` + 8 floats).
    func writeYCbCr(rowPair y: Int, columns: Range<Int>, into planes: UnsafeMutablePointer<UInt8>, size: FrameSize,
                    memory: InterpolatedRows) {
        guard writesYCbCr, case .ycbcr(let frame) = node.picture, let codes, !columns.isEmpty else { return }
        let (width, count, first) = (size.width, columns.count, columns.lowerBound)
        let chromaWidth = width / 2
        let cbPlane = planes + width * size.height, crPlane = cbPlane + chromaWidth * (size.height / 2)
        let blocks = count / 2, spare = blocks + 8
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * spare) { sums in
            guard let cbSums = sums.baseAddress else { return }
            let crSums = cbSums + spare
            cbSums.initialize(repeating: 0, count: 2 * spare)
            frame.withPlanes { luma, cb, cr in
                columnLuma.withPointers { lumaColumns in
                    columnChroma.withPointers { chromaColumns in
                        for row in y..<y + 2 {
                            let lumaRow = (rowLuma.first[row] * Int32(frame.width), rowLuma.second[row] * Int32(frame.width), rowLuma.weight[row])
                            let chromaRow = (rowChroma.first[row] * Int32(frame.chromaWidth), rowChroma.second[row] * Int32(frame.chromaWidth),
                                             rowChroma.weight[row])
                            let (lumaTop, lumaBottom, cbTop, cbBottom, crTop, crBottom) = Self.acrossRows(
                                from: first, count: count, planes: (luma, cb, cr), columns: (lumaColumns, chromaColumns),
                                rows: (lumaRow, chromaRow), memory: memory)
                            let (lumaDown, chromaDown) = (lumaRow.2, chromaRow.2)
                            let line = planes + row * width + first
                            // Three passes over the row, each with fewer values held at once (registers, not the
                            // stack): the codes down the picture, then to R'G'B' (in place), then to the frame's levels.
                            let (reds, greens, blues) = memory.colours
                            for group in stride(from: 0, to: count, by: 8) {
                                @inline(__always)
                                func lerp(_ top: UnsafeMutablePointer<Float>, _ bottom: UnsafeMutablePointer<Float>, _ weight: Float) -> SIMD8<Float> {
                                    let upper = Self.load(top + group)
                                    return upper + (Self.load(bottom + group) - upper) * weight
                                }
                                Self.store(lerp(lumaTop, lumaBottom, lumaDown), reds + group)
                                Self.store(lerp(cbTop, cbBottom, chromaDown), greens + group)
                                Self.store(lerp(crTop, crBottom, chromaDown), blues + group)
                            }
                            for group in stride(from: 0, to: count, by: 8) {
                                let (red, green, blue) = codes.colours(luma: Self.load(reds + group), cb: Self.load(greens + group),
                                                                       cr: Self.load(blues + group))
                                Self.store(red, reds + group)
                                Self.store(green, greens + group)
                                Self.store(blue, blues + group)
                            }
                            for group in stride(from: 0, to: count, by: 8) {
                                let (level, cbValue, crValue) = codes.levels(red: Self.load(reds + group), green: Self.load(greens + group),
                                                                             blue: Self.load(blues + group))
                                Self.store(Self.roundedBits(level), into: line + group, count: min(8, count - group))
                                // The lanes past the run add into spare sums, never read.
                                let block = group / 2
                                Self.store(Self.load4(cbSums + block) + cbValue.evenHalf + cbValue.oddHalf, cbSums + block)
                                Self.store(Self.load4(crSums + block) + crValue.evenHalf + crValue.oddHalf, crSums + block)
                            }
                        }
                    }
                }
            }
            let chromaAt = (y / 2) * chromaWidth + first / 2
            /// Each block's mean of its four pixels' levels.
            func means(_ sums: UnsafeMutablePointer<Float>, into row: UnsafeMutablePointer<UInt8>) {
                for group in stride(from: 0, to: blocks, by: 8) {
                    Self.store(Self.roundedBits(Self.load(sums + group) * 0.25), into: row + group, count: min(8, blocks - group))
                }
            }
            means(cbSums, into: cbPlane + chromaAt)
            means(crSums, into: crPlane + chromaAt)
        }
    }

    /// The low bytes of `count` (at most 8) of `bits`' lanes, stored from
    /// `bytes`: eight at once by halving the lanes twice (shuffles), else lane by lane.
    @inline(__always)
    private static func store(_ bits: SIMD8<UInt32>, into bytes: UnsafeMutablePointer<UInt8>, count: Int) {
        let low = unsafeBitCast(unsafeBitCast(bits, to: SIMD16<UInt16>.self).evenHalf, to: SIMD16<UInt8>.self).evenHalf
        if count == 8 {
            UnsafeMutableRawPointer(bytes).storeBytes(of: low, as: SIMD8<UInt8>.self)
        } else {
            for lane in 0..<count { bytes[lane] = low[lane] }
        }
    }

    /// Levels in 0...255 rounded to the nearest whole number (a half to
    /// the even one), in the low byte of each lane's bits: a float of 1.5 x
    /// 2^23 has units in its last place, so adding it rounds (no
    /// conversion that checks its range, lane by lane). Chroma's mean of
    /// four R'G'B' colours in 0...1 stays within 16...240.
    @inline(__always)
    private static func roundedBits(_ levels: SIMD8<Float>) -> SIMD8<UInt32> {
        let shifted = levels + 12_582_912
        return unsafeBitCast(shifted, to: SIMD8<UInt32>.self)
    }
}

/// A picture's codes (its matrix and range) to the frame's BT.709
/// limited-range codes, through R'G'B' clamped to 0...1 (as the CPU
/// reference shows it), each step an affine map with its divisions folded
/// into the coefficients: `HostVideo.Conversion`'s and `HostShadedDrawing`'s
/// arithmetic but for the last bits of a float.
struct CodeConversion {
    /// Codes to Y' (0...1) and Pb, Pr (centred on 0).
    private let lumaScale: Float, lumaOffset: Float, chromaScale: Float, chromaOffset: Float
    /// Pr to red, Pb to blue, Pb and Pr to green (added to Y').
    private let redFromPr: Float, blueFromPb: Float, greenFromPb: Float, greenFromPr: Float
    /// R'G'B' to the frame's luma level plus one half, and to its Cb and Cr levels.
    private let luma: SIMD3<Float>, cb: SIMD3<Float>, cr: SIMD3<Float>

    init(matrix: VideoMatrix, range: VideoRange) {
        let weights = matrix.lumaWeights
        let (kr, kb) = (Float(weights.red), Float(weights.blue))
        let (black, lumaSpan, chromaSpan): (Float, Float, Float) = range == .limited ? (16, 219, 224) : (0, 255, 255)
        (lumaScale, lumaOffset) = (1 / lumaSpan, -black / lumaSpan)
        (chromaScale, chromaOffset) = (1 / chromaSpan, -128 / chromaSpan)
        redFromPr = 2 * (1 - kr)
        blueFromPb = 2 * (1 - kb)
        greenFromPb = -kb * blueFromPb / (1 - kr - kb)
        greenFromPr = -kr * redFromPr / (1 - kr - kb)
        // The frame: BT.709, Y 16...235, Cb and Cr 16...240.
        let (fr, fb) = (Float(0.2126), Float(0.0722))
        let fg = 1 - fr - fb
        luma = 219 * SIMD3(fr, fg, fb)
        cb = 224 / (2 * (1 - fb)) * SIMD3(-fr, -fg, 1 - fb)
        cr = 224 / (2 * (1 - fr)) * SIMD3(1 - fr, -fg, -fb)
    }

    /// Eight pixels' codes to R'G'B', each clamped to 0...1.
    @inline(__always)
    func colours(luma lumaCodes: SIMD8<Float>, cb cbCodes: SIMD8<Float>, cr crCodes: SIMD8<Float>)
        -> (red: SIMD8<Float>, green: SIMD8<Float>, blue: SIMD8<Float>) {
        let y = lumaCodes * lumaScale + lumaOffset, pb = cbCodes * chromaScale + chromaOffset, pr = crCodes * chromaScale + chromaOffset
        @inline(__always)
        func unit(_ value: SIMD8<Float>) -> SIMD8<Float> { value.replacing(with: 0, where: value .< 0).replacing(with: 1, where: value .> 1) }
        return (unit(y + redFromPr * pr), unit(y + greenFromPb * pb + greenFromPr * pr), unit(y + blueFromPb * pb))
    }

    /// Eight pixels' R'G'B' (0...1) to the frame's luma, Cb and Cr levels
    /// (R'G'B' in 0...1 keeps luma's level in 16...235).
    @inline(__always)
    func levels(red: SIMD8<Float>, green: SIMD8<Float>, blue: SIMD8<Float>) -> (luma: SIMD8<Float>, cb: SIMD8<Float>, cr: SIMD8<Float>) {
        (16 + luma.x * red + luma.y * green + luma.z * blue, 128 + cb.x * red + cb.y * green + cb.z * blue,
         128 + cr.x * red + cr.y * green + cr.z * blue)
    }
}
