/// Resamples the centred square crop of an RGBA image to `side` x `side`
/// premultiplied pixels with the separable filter of `Resampling`, streaming
/// the crop one source row at a time: each row is premultiplied and resampled
/// horizontally once, into a small rolling window that holds only the rows
/// the vertical taps of one output row reach (the filter's span: about
/// crop / side + 2 rows when shrinking, 2 when enlarging).
///
/// Memory besides the image and the output: one crop row of doubles
/// (32 bytes a pixel of the crop's width) and the window (32 bytes x side a
/// row), whatever the crop's size.
///
/// Each output value is the sum of the same products, added in the same
/// order, as resampling the whole crop horizontally and then vertically, so
/// the bytes are those of that two-pass resampling.
struct CropResampler {
    private let image: RGBAImage
    private let crop: Int
    private let left: Int
    private let top: Int
    private let side: Int
    /// The filter, the same along both axes (the crop is square).
    private let weights: [[(Int, Double)]]
    /// The premultiplied channels of the source row being resampled (crop x 4).
    private var sourceRow: [Double]
    /// Horizontally resampled rows (side x 4 doubles each); source row r lives in slot r % slotCount.
    private var window: [Double]
    private let slotCount: Int
    /// The source row each slot holds (-1: none yet).
    private var held: [Int]

    /// Nil when the image or the side is empty.
    init?(image: RGBAImage, side: Int) {
        guard side > 0, image.width > 0, image.height > 0 else { return nil }
        self.image = image
        crop = min(image.width, image.height)
        left = (image.width - crop) / 2
        top = (image.height - crop) / 2
        self.side = side
        weights = Resampling.weights(from: crop, to: side)
        // The window must hold every row one output row's taps reach at once.
        slotCount = max(1, weights.map { taps in
            guard let low = taps.map(\.0).min(), let high = taps.map(\.0).max() else { return 0 }
            return high - low + 1
        }.max() ?? 1)
        sourceRow = [Double](repeating: 0, count: crop * 4)
        window = [Double](repeating: 0, count: slotCount * side * 4)
        held = [Int](repeating: -1, count: slotCount)
    }

    /// The resampled crop: side x side x 4 bytes, premultiplied RGBA, rows top to bottom.
    mutating func run() -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        for (y, taps) in weights.enumerated() {
            // The taps span at most slotCount rows, so loading one never evicts another.
            for (index, _) in taps { load(row: index) }
            for x in 0..<side {
                var sum = (0.0, 0.0, 0.0, 0.0)
                for (index, weight) in taps {
                    let at = ((index % slotCount) * side + x) * 4
                    sum = (sum.0 + window[at] * weight, sum.1 + window[at + 1] * weight,
                           sum.2 + window[at + 2] * weight, sum.3 + window[at + 3] * weight)
                }
                let at = (y * side + x) * 4
                pixels[at] = Quantize.byte(sum.0)
                pixels[at + 1] = Quantize.byte(sum.1)
                pixels[at + 2] = Quantize.byte(sum.2)
                pixels[at + 3] = Quantize.byte(sum.3)
            }
        }
        return pixels
    }

    /// Puts source row `row` of the crop, resampled horizontally, in its slot
    /// unless it is there already. The taps move forward, so each row is
    /// normally resampled once.
    private mutating func load(row: Int) {
        let slot = row % slotCount
        guard held[slot] != row else { return }
        premultiply(row: row)
        for (x, taps) in weights.enumerated() {
            var sum = (0.0, 0.0, 0.0, 0.0)
            for (index, weight) in taps {
                let at = index * 4
                sum = (sum.0 + sourceRow[at] * weight, sum.1 + sourceRow[at + 1] * weight,
                       sum.2 + sourceRow[at + 2] * weight, sum.3 + sourceRow[at + 3] * weight)
            }
            let at = (slot * side + x) * 4
            (window[at], window[at + 1], window[at + 2], window[at + 3]) = sum
        }
        held[slot] = row
    }

    /// Fills `sourceRow` with row `row` of the crop as premultiplied doubles.
    private mutating func premultiply(row: Int) {
        let start = ((top + row) * image.width + left) * 4
        let crop = crop
        image.pixels.withUnsafeBufferPointer { pixels in
            sourceRow.withUnsafeMutableBufferPointer { target in
                for x in 0..<crop {
                    let from = start + x * 4
                    let alpha = Double(pixels[from + 3]) / 255
                    for channel in 0..<3 { target[x * 4 + channel] = Double(pixels[from + channel]) / 255 * alpha }
                    target[x * 4 + 3] = alpha
                }
            }
        }
    }
}
