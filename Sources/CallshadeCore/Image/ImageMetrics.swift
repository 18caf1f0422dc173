import Foundation

/// How two images of one size differ: per channel the largest and the mean
/// absolute difference, PSNR over the colour channels, and how many pixels
/// have a channel off by more than a tolerance.
public struct ImageMetrics: Equatable, Sendable {
    /// R, G, B, A.
    public let maxDifference: [Int]
    public let meanDifference: [Double]
    /// Peak signal-to-noise ratio in dB over R, G and B; infinity for identical images.
    public let psnr: Double
    public let pixelsOverTolerance: Int
    public let pixelCount: Int
    public let tolerance: Int

    /// The tests' rule: at most 0.1 % of pixels over the tolerance, and no channel off by more than
    /// 16 (or the tolerance, if larger) anywhere: anti-aliased edges may differ that much.
    public static let edgeAllowance = 16
    public static let shareAllowed = 0.001

    public struct SizeMismatch: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public init(_ a: RGBAImage, _ b: RGBAImage, tolerance: Int = 1) throws {
        guard a.width == b.width, a.height == b.height else {
            throw SizeMismatch(description: "the images differ in size: \(a.width)x\(a.height) and \(b.width)x\(b.height)")
        }
        var maxima = [0, 0, 0, 0]
        var sums = [0, 0, 0, 0]
        var squares = 0.0
        var over = 0
        let count = a.width * a.height
        a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                for pixel in 0..<count {
                    var worst = 0
                    for channel in 0..<4 {
                        let difference = abs(Int(p[pixel * 4 + channel]) - Int(q[pixel * 4 + channel]))
                        maxima[channel] = max(maxima[channel], difference)
                        sums[channel] += difference
                        if channel < 3 { squares += Double(difference * difference) }
                        worst = max(worst, difference)
                    }
                    if worst > tolerance { over += 1 }
                }
            }
        }
        maxDifference = maxima
        meanDifference = sums.map { count > 0 ? Double($0) / Double(count) : 0 }
        let meanSquare = count > 0 ? squares / Double(count * 3) : 0
        psnr = meanSquare > 0 ? 10 * log10(255 * 255 / meanSquare) : .infinity
        pixelsOverTolerance = over
        pixelCount = count
        self.tolerance = tolerance
    }

    public var largestDifference: Int { maxDifference.max() ?? 0 }

    public var passes: Bool {
        largestDifference <= max(Self.edgeAllowance, tolerance)
            && Double(pixelsOverTolerance) <= Self.shareAllowed * Double(pixelCount)
    }
}
