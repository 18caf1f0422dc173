import Foundation

/// An avatar picture made ready to draw: cropped to a centred square,
/// resampled to `side` pixels with an area filter (so a large photo shrinks
/// without aliasing), and premultiplied by its alpha. Both renderers sample
/// this same image bilinearly.
public struct AvatarImage: Equatable, Sendable {
    public let side: Int
    /// side x side x 4 bytes: premultiplied RGBA, rows top to bottom.
    public let premultiplied: [UInt8]
    /// Whether every pixel's alpha is 255: then nothing below the avatar's disc shows through it.
    public let isOpaque: Bool

    public init?(side: Int, premultiplied: [UInt8]) {
        guard side > 0, premultiplied.count == side * side * 4 else { return nil }
        self.side = side
        self.premultiplied = premultiplied
        isOpaque = stride(from: 3, to: premultiplied.count, by: 4).allSatisfy { premultiplied[$0] == 255 }
    }

    /// The side to prepare for a layout: the avatar's largest diameter
    /// (level 5 enlarges it by a quarter) plus a pixel.
    public static func side(for layout: CallLayout) -> Int {
        max(1, Int((layout.avatarDiameter * (1 + WaveGeometry.extra(level: 5))).rounded(.up)) + 1)
    }

    /// Crops `image` to its centred square and resamples it to `side` pixels.
    public static func prepare(_ image: RGBAImage, side: Int) -> AvatarImage? {
        guard side > 0, image.width > 0, image.height > 0 else { return nil }
        let crop = min(image.width, image.height)
        let left = (image.width - crop) / 2
        let top = (image.height - crop) / 2
        // Premultiplied channels of the crop, as doubles.
        var source = [Double](repeating: 0, count: crop * crop * 4)
        for y in 0..<crop {
            for x in 0..<crop {
                let from = ((top + y) * image.width + left + x) * 4
                let to = (y * crop + x) * 4
                let alpha = Double(image.pixels[from + 3]) / 255
                for channel in 0..<3 { source[to + channel] = Double(image.pixels[from + channel]) / 255 * alpha }
                source[to + 3] = alpha
            }
        }
        let weights = Resampling.weights(from: crop, to: side)
        // Horizontal pass: crop rows x side columns; then vertical: side x side.
        var horizontal = [Double](repeating: 0, count: crop * side * 4)
        for y in 0..<crop {
            for (x, taps) in weights.enumerated() {
                var sum = (0.0, 0.0, 0.0, 0.0)
                for (index, weight) in taps {
                    let at = (y * crop + index) * 4
                    sum = (sum.0 + source[at] * weight, sum.1 + source[at + 1] * weight,
                           sum.2 + source[at + 2] * weight, sum.3 + source[at + 3] * weight)
                }
                let at = (y * side + x) * 4
                (horizontal[at], horizontal[at + 1], horizontal[at + 2], horizontal[at + 3]) = sum
            }
        }
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        for (y, taps) in weights.enumerated() {
            for x in 0..<side {
                var sum = (0.0, 0.0, 0.0, 0.0)
                for (index, weight) in taps {
                    let at = (index * side + x) * 4
                    sum = (sum.0 + horizontal[at] * weight, sum.1 + horizontal[at + 1] * weight,
                           sum.2 + horizontal[at + 2] * weight, sum.3 + horizontal[at + 3] * weight)
                }
                let at = (y * side + x) * 4
                pixels[at] = Quantize.byte(sum.0)
                pixels[at + 1] = Quantize.byte(sum.1)
                pixels[at + 2] = Quantize.byte(sum.2)
                pixels[at + 3] = Quantize.byte(sum.3)
            }
        }
        return AvatarImage(side: side, premultiplied: pixels)
    }
}

/// One-dimensional resampling filters.
enum Resampling {
    /// For each output sample, the input samples and weights (summing to 1):
    /// an area (box) filter when shrinking, a tent (linear) filter when enlarging.
    static func weights(from inputCount: Int, to outputCount: Int) -> [[(Int, Double)]] {
        let ratio = Double(inputCount) / Double(outputCount)
        return (0..<outputCount).map { output in
            let centre = (Double(output) + 0.5) * ratio   // in input coordinates
            var taps: [(Int, Double)] = []
            if ratio > 1 {
                // Area: the share of each input pixel inside [centre - ratio/2, centre + ratio/2].
                let low = centre - ratio / 2
                let high = centre + ratio / 2
                for input in max(0, Int(low.rounded(.down)))..<min(inputCount, Int(high.rounded(.up))) {
                    let overlap = min(high, Double(input + 1)) - max(low, Double(input))
                    if overlap > 0 { taps.append((input, overlap)) }
                }
            } else {
                let position = centre - 0.5
                let left = Int(position.rounded(.down))
                let fraction = position - Double(left)
                taps = [(min(max(left, 0), inputCount - 1), 1 - fraction),
                        (min(max(left + 1, 0), inputCount - 1), fraction)]
            }
            let total = taps.reduce(0) { $0 + $1.1 }
            return taps.map { ($0.0, $0.1 / total) }
        }
    }
}
