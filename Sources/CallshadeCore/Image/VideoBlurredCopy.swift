import Foundation

/// The blurred copy of a video that glass shows over it (video-call,
/// section 7): the picture reduced to 128 x 128 texels by an area average
/// (aspect ignored), then blurred by a Gaussian of standard deviation 2.1
/// texels with its samples clamped at the edges, read back bilinearly. It
/// is worked out in the picture's coded orientation: turning and mirroring
/// commute with an isotropic blur on a square grid, so whoever reads it
/// maps a point of the screen to the coded picture first.
public struct VideoBlurredCopy: Equatable, Sendable {
    public static let side = 128
    public static let sigma = 2.1

    /// `side` x `side` straight colours and their alphas (a video's are all 1), rows from the top.
    public let colors: [RGB]
    public let alphas: [Double]

    /// The copy of `picture`, its reduction split over `cores` cores (its
    /// owner asks the system once: the question reads the CPU quota from
    /// files); the same values whatever `cores`.
    public init(_ picture: SourcePicture, cores: Int) {
        let reduced = Self.reduced(picture, cores: cores)
        let blurred = Self.blurred(reduced.premultiplied.indices.map {
            let colour = reduced.premultiplied[$0]
            return SIMD4(colour.r, colour.g, colour.b, reduced.alphas[$0])
        }, cores: cores)
        let blurredColours = blurred.map { RGB($0.x, $0.y, $0.z) }
        let blurredAlphas = blurred.map(\.w)
        colors = zip(blurredColours, blurredAlphas).map { $1 > 0 ? $0 * (1 / $1) : .black }
        alphas = blurredAlphas
    }

    /// The colour and alpha at `point` of the coded picture (fractions of its width and height), bilinear.
    public func sample(at point: Vec2) -> (color: RGB, alpha: Double) {
        mean { ReferenceVideo.forEachTexel(width: Self.side, height: Self.side, at: point, $0) }
    }

    /// The same at the point whose texels along the picture's x and y are `across` and `down`.
    func sample(across: TexelPair, down: TexelPair) -> (color: RGB, alpha: Double) {
        mean { ReferenceVideo.forEachTexel(width: Self.side, across: across, down: down, $0) }
    }

    /// The straight colour and the alpha of the texels `texels` hands on with their weights.
    @inline(__always)
    private func mean(_ texels: ((_ index: Int, _ weight: Double) -> Void) -> Void) -> (color: RGB, alpha: Double) {
        var premultiplied = RGB.black, alpha = 0.0
        texels { index, weight in
            premultiplied = premultiplied + colors[index] * (alphas[index] * weight)
            alpha += alphas[index] * weight
        }
        return (alpha > 0 ? premultiplied * (1 / alpha) : .black, alpha)
    }

    /// Each texel's premultiplied colour and alpha: the mean over the part of the picture it covers.
    /// Each picture row a cell covers is summed across into the 128 cells,
    /// then added, times its share, into that cell row's sums, the rows in
    /// turn: the same sums in the same order as summing every row across
    /// first, without a buffer of all of them (5 MB for a 720x1280 picture).
    /// Bands of cell rows side by side on the cores (a picture row two bands
    /// share is summed by each, the same values).
    static func reduced(_ picture: SourcePicture, cores: Int) -> (premultiplied: [RGB], alphas: [Double]) {
        let width = picture.width, height = picture.height
        let side = side
        let columns = FlatCells(cells(count: width)), rows = FlatCells(cells(count: height))
        let codes: YCbCrConversion.CodeTable?
        if case .ycbcr(let frame) = picture { codes = YCbCrConversion.CodeTable(matrix: frame.matrix, range: frame.range) } else { codes = nil }
        // Planes of `side * side` sums: red, green, blue and alpha, cell row by cell row.
        let plane = side * side
        var sums = [Double](repeating: 0, count: 4 * plane)
        sums.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, width > 0, height > 0 else { return }
            let target = SendablePointer(address: base)
            let bands = max(1, min(side, 2 * max(cores, 1)))
            DispatchQueue.concurrentPerform(iterations: bands) { band in
                let row = UnsafeMutablePointer<Double>.allocate(capacity: 4 * width)
                row.initialize(repeating: 1, count: 4 * width)
                let across = UnsafeMutablePointer<Double>.allocate(capacity: 4 * side)
                across.initialize(repeating: 0, count: 4 * side)
                defer {
                    row.deallocate()
                    across.deallocate()
                }
                let (reds, greens, blues, alphas) = (row, row + width, row + 2 * width, row + 3 * width)
                // The picture row `across` holds (a row on two cells' boundary is summed once for both).
                var summed = -1
                columns.withPointers { starts, indices, weights in
                    rows.withPointers { rowStarts, rowIndices, rowWeights in
                        for cell in band * side / bands..<(band + 1) * side / bands {
                            let out = target.address + cell * side
                            for part in rowStarts[cell]..<rowStarts[cell + 1] {
                                let (y, share) = (rowIndices[part], rowWeights[part])
                                if y != summed {
                                    pixels(ofRow: y, of: picture, codes: codes, into: (reds, greens, blues, alphas))
                                    for column in 0..<side {
                                        var (red, green, blue, alpha) = (0.0, 0.0, 0.0, 0.0)
                                        for piece in starts[column]..<starts[column + 1] {
                                            let (x, weight) = (indices[piece], weights[piece])
                                            red += reds[x] * weight
                                            green += greens[x] * weight
                                            blue += blues[x] * weight
                                            alpha += alphas[x] * weight
                                        }
                                        (across[column], across[side + column], across[2 * side + column], across[3 * side + column]) = (red, green, blue, alpha)
                                    }
                                    summed = y
                                }
                                for column in 0..<side {
                                    out[column] += across[column] * share
                                    out[plane + column] += across[side + column] * share
                                    out[2 * plane + column] += across[2 * side + column] * share
                                    out[3 * plane + column] += across[3 * side + column] * share
                                }
                            }
                        }
                    }
                }
            }
        }
        let premultiplied = (0..<plane).map { RGB(sums[$0], sums[plane + $0], sums[2 * plane + $0]) }
        return (premultiplied, Array(sums[3 * plane..<4 * plane]))
    }

    /// Row `y` of the picture: each pixel's premultiplied colour and alpha
    /// (chroma from the sample covering it; a video's alphas are 1 and left
    /// as they are). `codes`: the picture's code table, when it has codes
    /// (made once a picture, not a row).
    private static func pixels(ofRow y: Int, of picture: SourcePicture, codes: YCbCrConversion.CodeTable?,
                               into row: (reds: UnsafeMutablePointer<Double>, greens: UnsafeMutablePointer<Double>,
                                          blues: UnsafeMutablePointer<Double>, alphas: UnsafeMutablePointer<Double>)) {
        let width = picture.width
        switch picture {
        case .ycbcr(let frame):
            let codes = codes ?? YCbCrConversion.CodeTable(matrix: frame.matrix, range: frame.range)
            frame.withPlanes { luma, cb, cr in
                let chromaRow = (y / 2) * frame.chromaWidth
                codes.row(luma: luma + y * width, cb: cb + chromaRow, cr: cr + chromaRow, count: width,
                          reds: row.reds, greens: row.greens, blues: row.blues)
            }
        case .rgba(let image):
            image.pixels.withUnsafeBufferPointer { pixels in
                for x in 0..<width {
                    let at = (y * width + x) * 4, alpha = Double(pixels[at + 3]) / 255
                    let colour = RGB(Double(pixels[at]), Double(pixels[at + 1]), Double(pixels[at + 2])) * (alpha / 255)
                    (row.reds[x], row.greens[x], row.blues[x], row.alphas[x]) = (colour.r, colour.g, colour.b, alpha)
                }
            }
        }
    }

    /// For each of `side` equal cells across `count` pixels, the pixels it
    /// overlaps and the fraction of the cell each covers (summing to 1).
    static func cells(count: Int) -> [[(index: Int, weight: Double)]] {
        let span = Double(count) / Double(side)
        return (0..<side).map { cell in
            let start = Double(cell) * span, end = start + span
            let first = Int(start.rounded(.down)), last = min(Int(end.rounded(.up)) - 1, count - 1)
            return (first...max(first, last)).map { index in
                let overlap = min(end, Double(index + 1)) - max(start, Double(index))
                return (index, max(overlap, 0) / span)
            }
        }
    }

    /// `cells(count:)` in three flat arrays: cell c's parts are `starts[c]..<starts[c + 1]`.
    private struct FlatCells {
        let starts: [Int]
        let indices: [Int]
        let weights: [Double]

        init(_ cells: [[(index: Int, weight: Double)]]) {
            starts = cells.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.count) }
            indices = cells.flatMap { $0.map(\.index) }
            weights = cells.flatMap { $0.map(\.weight) }
        }

        /// Runs `body` with pointers to the three arrays.
        func withPointers(_ body: (UnsafePointer<Int>, UnsafePointer<Int>, UnsafePointer<Double>) -> Void) {
            starts.withUnsafeBufferPointer { starts in
                indices.withUnsafeBufferPointer { indices in
                    weights.withUnsafeBufferPointer { weights in
                        guard let starts = starts.baseAddress, let indices = indices.baseAddress, let weights = weights.baseAddress else { return }
                        body(starts, indices, weights)
                    }
                }
            }
        }
    }

    /// The Gaussian's weights, first to last, and the texel each of position p's taps reads (`taps[p * count + k]`, clamped to the grid).
    private static func kernel() -> (weights: [Double], taps: [Int]) {
        let reach = Int((4 * sigma).rounded(.up))
        let kernel = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        let taps = (0..<side).flatMap { position in (0..<kernel.count).map { min(max(position + $0 - reach, 0), side - 1) } }
        return (kernel.map { $0 / total }, taps)
    }

    /// The separable Gaussian of `sigma` texels over the grid of
    /// (premultiplied red, green, blue, alpha), samples clamped to its edges:
    /// across the rows, then down, each sum taken in the kernel's order (each
    /// channel alone, as four sums of doubles); bands of rows side by side on
    /// `cores` cores (each value the same, whoever works it out).
    static func blurred(_ grid: [SIMD4<Double>], cores: Int = 1) -> [SIMD4<Double>] {
        let side = side, (weights, taps) = kernel(), count = weights.count
        let bands = max(1, min(side, 2 * max(cores, 1)))
        /// Each output row of `source` along `across` (rows) or down (columns), in bands on the cores.
        func pass(_ source: [SIMD4<Double>], across: Bool) -> [SIMD4<Double>] {
            var output = [SIMD4<Double>](repeating: .zero, count: side * side)
            output.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                let target = SendablePointer(address: base)
                source.withUnsafeBufferPointer { source in
                    guard let first = source.baseAddress else { return }
                    let read = SendablePointer(address: UnsafeMutablePointer(mutating: first))
                    let band = { @Sendable (band: Int) in
                        for y in band * side / bands..<(band + 1) * side / bands {
                            for x in 0..<side {
                                var sum = SIMD4<Double>.zero
                                for k in 0..<count {
                                    let at = across ? y * side + taps[x * count + k] : taps[y * count + k] * side + x
                                    sum = sum + read[at] * weights[k]
                                }
                                target[y * side + x] = sum
                            }
                        }
                    }
                    if bands == 1 { band(0) } else { DispatchQueue.concurrentPerform(iterations: bands, execute: band) }
                }
            }
            return output
        }
        return pass(pass(grid, across: true), across: false)
    }
}
