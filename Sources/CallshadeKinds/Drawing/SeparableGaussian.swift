import CallshadeCore
import Foundation

/// A Gaussian of a standard deviation in pixels, as the drawing's neon glow
/// and blur take it (`drawing.md` section 4): taps exp(-i^2 / 2 sigma^2)
/// for i within ceil(3 sigma) either side, normalised to sum 1 (ours),
/// applied along rows, then along columns.
public struct SeparableGaussian: Equatable, Sendable {
    /// The taps, from -reach to +reach.
    public let taps: [Double]

    public init(sigma: Double) {
        let reach = sigma > 0 && sigma.isFinite ? Int(min((3 * sigma).rounded(.up), 4096)) : 0
        let raw = (-reach...reach).map { sigma > 0 ? exp(-Double($0 * $0) / (2 * sigma * sigma)) : 1 }
        let sum = raw.reduce(0, +)
        taps = raw.map { $0 / sum }
    }

    /// How many pixels either side a value spreads to.
    public var reach: Int { taps.count / 2 }

    /// `values` (`width` x `height`, `channels` interleaved a pixel, row
    /// 0 first) convolved along rows then columns; a pixel beyond the edge
    /// takes the edge's value (`clampsAtEdges`) or 0.
    public func blurred(_ values: [Double], width: Int, height: Int, channels: Int, clampsAtEdges: Bool) -> [Double] {
        let across = pass(values, count: width, lines: height, step: channels, lineStride: width * channels, channels: channels,
                          clampsAtEdges: clampsAtEdges)
        return pass(across, count: height, lines: width, step: width * channels, lineStride: channels, channels: channels,
                    clampsAtEdges: clampsAtEdges)
    }

    /// One direction: each of `lines` lines of `count` values (`step` apart, lines `lineStride` apart).
    private func pass(_ values: [Double], count: Int, lines: Int, step: Int, lineStride: Int, channels: Int, clampsAtEdges: Bool) -> [Double] {
        var result = [Double](repeating: 0, count: values.count)
        let reach = self.reach
        values.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { out in
                for line in 0..<lines {
                    let base = line * lineStride
                    for index in 0..<count {
                        for channel in 0..<channels {
                            var sum = 0.0
                            for (tap, weight) in taps.enumerated() {
                                var at = index + tap - reach
                                if at < 0 || at >= count {
                                    guard clampsAtEdges else { continue }
                                    at = min(max(at, 0), count - 1)
                                }
                                sum += source[base + at * step + channel] * weight
                            }
                            out[base + index * step + channel] = sum
                        }
                    }
                }
            }
        }
        return result
    }
}
