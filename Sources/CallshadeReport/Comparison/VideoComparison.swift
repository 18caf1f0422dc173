import CallshadeCore
import CallshadeVideo
import Foundation

/// Two videos of the same frame rate compared on their luma, frame by frame,
/// B shifted by the offset that matches them best: `offset` frames means
/// B's frame k is A's frame k + offset (negative: A starts later). The
/// offset is the one, within `mostOffset` frames either way, whose frames
/// differ least on average (16x16 block means of the luma; the smaller shift
/// on a tie), among those where the two overlap by at least half the shorter
/// video. Then each overlapping pair gets its SSIM (8x8 windows of the luma)
/// and its largest luma difference; a pair whose largest difference is over
/// `tolerance` is changed. Videos are decoded by `VideoSource` (FFmpeg's
/// libraries), twice: once for the block means, once for the metrics.
package struct VideoComparison {
    package struct Pair: Equatable {
        package let a: Int
        package let b: Int
        package let ssim: Double
        package let largestDifference: Int
    }

    /// The largest shift between the two videos looked for, in seconds, unless told otherwise.
    package static let defaultMostOffset = 2.0
    /// The most worst pairs a report shows, and how far apart they are, in seconds at least.
    package static let worstShown = 6
    package static let worstSpacing = 0.5

    package let offset: Int
    /// Seconds a frame lasts (both videos).
    package let frameDuration: Double
    package let pairs: [Pair]
    package let tolerance: Int
    /// The videos' paths, and how many frames A has.
    package let first: String
    package let second: String
    package let framesA: Int

    /// The most frames a video compared may have.
    package static let mostFrames = 36_000
    /// The grid of block means the offset is found on.
    package static let grid = 16

    package init(_ first: String, _ second: String, mostOffset: Double, tolerance: Int) throws {
        let a = try Self.open(first)
        let b = try Self.open(second)
        guard a.width == b.width, a.height == b.height else {
            throw ComparisonError.sizesDiffer("\(first) is \(a.width)x\(a.height), \(second) is \(b.width)x\(b.height): compare needs the same size")
        }
        let durationA = Self.frameDuration(a), durationB = Self.frameDuration(b)
        guard abs(durationA - durationB) <= 1e-3 * durationA else {
            throw ComparisonError.video("\(first) is \(Self.rate(durationA)) fps, \(second) \(Self.rate(durationB)) fps: compare needs the same frame rate")
        }
        frameDuration = durationA
        self.tolerance = tolerance
        self.first = first
        self.second = second
        framesA = a.frameCount
        let blocksA = try (0..<a.frameCount).map { try Self.blockMeans(Self.luma(a, frame: $0, frameDuration: durationA), width: a.width, height: a.height) }
        let blocksB = try (0..<b.frameCount).map { try Self.blockMeans(Self.luma(b, frame: $0, frameDuration: durationA), width: b.width, height: b.height) }
        let found = try Self.bestOffset(blocksA, blocksB, most: Int(min(mostOffset / durationA, Double(Self.mostFrames)).rounded()))
        offset = found
        var pairs: [Pair] = []
        for frameA in max(0, found)..<min(a.frameCount, b.frameCount + found) {
            let lumaA = try Self.luma(a, frame: frameA, frameDuration: durationA)
            let lumaB = try Self.luma(b, frame: frameA - found, frameDuration: durationA)
            pairs.append(Pair(a: frameA, b: frameA - found, ssim: Self.ssim(lumaA, lumaB, width: a.width, height: a.height),
                              largestDifference: Self.largestDifference(lumaA, lumaB)))
        }
        self.pairs = pairs
    }

    /// A's frames whose pair is changed, as contiguous ranges.
    package var changedRanges: [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        for pair in pairs where pair.largestDifference > tolerance {
            if let last = ranges.last, last.upperBound == pair.a - 1 {
                ranges[ranges.count - 1] = last.lowerBound...pair.a
            } else {
                ranges.append(pair.a...pair.a)
            }
        }
        return ranges
    }

    /// The pair with the lowest SSIM (the first of equals).
    package var worst: Pair? { pairs.min { $0.ssim < $1.ssim } }

    /// The pairs that differ at all, lowest SSIM first (the earlier of
    /// equals), at most `count`, no two less than `spacing` of A's frames
    /// apart (so that one long change does not fill the list).
    package func worstPairs(count: Int, spacing: Int) -> [Pair] {
        var chosen: [Pair] = []
        for pair in pairs.filter({ $0.largestDifference > 0 }).sorted(by: { ($0.ssim, $0.a) < ($1.ssim, $1.a) }) {
            guard chosen.count < count else { break }
            if chosen.allSatisfy({ abs($0.a - pair.a) >= spacing }) { chosen.append(pair) }
        }
        return chosen
    }

    /// The pictures of `pair`, A's frame and B's, decoded again and turned
    /// into RGB with each file's matrix and range (the chroma of the 2x2 block a pixel is in).
    package func pictures(_ pair: Pair) throws -> (RGBAImage, RGBAImage) {
        (try Self.picture(Self.open(first), frame: pair.a, frameDuration: frameDuration),
         try Self.picture(Self.open(second), frame: pair.b, frameDuration: frameDuration))
    }

    /// Frame `frame` of `source` (opened by `open`) as RGB, as `pictures` gives it.
    package static func picture(_ source: VideoSource, frame: Int, frameDuration: Double) throws -> RGBAImage {
        let picture: SourcePicture
        do { picture = try source.picture(at: (Double(frame) + 0.5) * frameDuration) } catch { throw ComparisonError.video(error.description) }
        guard case .ycbcr(let decoded) = picture else { throw ComparisonError.video("\(source.path): frame \(frame) is not a video picture") }
        var image = RGBAImage(width: decoded.width, height: decoded.height, fill: (0, 0, 0, 255))
        for y in 0..<decoded.height {
            for x in 0..<decoded.width {
                let chroma = (y / 2) * decoded.chromaWidth + x / 2
                let colour = YCbCrConversion.rgb(luma: Double(decoded.luma[y * decoded.width + x]), cb: Double(decoded.cb[chroma]),
                                                 cr: Double(decoded.cr[chroma]), matrix: decoded.matrix, range: decoded.range)
                image.setPixel(x: x, y: y, (Quantize.byte(colour.r), Quantize.byte(colour.g), Quantize.byte(colour.b), 255))
            }
        }
        return image
    }

    /// The video at `path`, checked as compare needs it (a video, not too long).
    package static func open(_ path: String) throws -> VideoSource {
        let source: VideoSource
        do { source = try VideoSource(path: path) } catch { throw ComparisonError.video(error.description) }
        guard source.loopDuration != nil else { throw ComparisonError.video("\(path): is a still picture, not a video (two PNGs are compared as pictures)") }
        guard source.frameCount <= mostFrames else {
            throw ComparisonError.video("\(path): has \(source.frameCount) frames; compare takes videos of at most \(mostFrames)")
        }
        return source
    }

    private static func frameDuration(_ source: VideoSource) -> Double {
        (source.loopDuration ?? 0) / Double(max(1, source.frameCount))
    }

    private static func rate(_ frameDuration: Double) -> String { String(format: "%.3f", 1 / frameDuration) }

    /// Frame k's luma: the picture shown halfway through its time.
    private static func luma(_ source: VideoSource, frame: Int, frameDuration: Double) throws -> [UInt8] {
        let picture: SourcePicture
        do { picture = try source.picture(at: (Double(frame) + 0.5) * frameDuration) } catch { throw ComparisonError.video(error.description) }
        guard case .ycbcr(let decoded) = picture else { throw ComparisonError.video("\(source.path): frame \(frame) is not a video picture") }
        return decoded.luma
    }

    /// The luma's mean in each cell of a `grid` x `grid` division of the picture.
    package static func blockMeans(_ luma: [UInt8], width: Int, height: Int) -> [Double] {
        var sums = [Double](repeating: 0, count: grid * grid)
        var counts = [Double](repeating: 0, count: grid * grid)
        for y in 0..<height {
            let row = y * grid / height
            for x in 0..<width {
                let cell = row * grid + x * grid / width
                sums[cell] += Double(luma[y * width + x])
                counts[cell] += 1
            }
        }
        return zip(sums, counts).map { $1 > 0 ? $0 / $1 : 0 }
    }

    /// The offset (A's frame = B's frame + offset) within `most` either way
    /// with the least mean block difference over an overlap of at least half the shorter video.
    package static func bestOffset(_ a: [[Double]], _ b: [[Double]], most: Int) throws -> Int {
        let needed = max(1, min(a.count, b.count) / 2)
        var best: (offset: Int, cost: Double)?
        // A shift beyond either video's length leaves no overlap.
        for magnitude in 0...max(0, min(most, max(a.count, b.count))) {
            for offset in magnitude == 0 ? [0] : [-magnitude, magnitude] {
                let first = max(0, offset), end = min(a.count, b.count + offset)
                guard end - first >= needed else { continue }
                var total = 0.0
                for frame in first..<end {
                    total += zip(a[frame], b[frame - offset]).reduce(0) { $0 + abs($1.0 - $1.1) }
                }
                let cost = total / Double(end - first)
                if cost < (best?.cost ?? .infinity) { best = (offset, cost) }
            }
        }
        guard let best else {
            throw ComparisonError.video("the videos overlap by less than half the shorter one at every offset up to \(most) frames")
        }
        return best.offset
    }

    package static func largestDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var largest = 0
        for (p, q) in zip(a, b) { largest = max(largest, abs(Int(p) - Int(q))) }
        return largest
    }

    /// The mean SSIM of the luma over 8x8 windows (the last partial ones left out; a picture under 8 a side is one window).
    package static func ssim(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> Double {
        let side = min(8, width, height)
        let c1: Double = (0.01 * 255) * (0.01 * 255), c2: Double = (0.03 * 255) * (0.03 * 255)
        var total = 0.0
        var windows = 0
        for top in stride(from: 0, through: height - side, by: side) {
            for left in stride(from: 0, through: width - side, by: side) {
                var sumA = 0.0, sumB = 0.0, squaresA = 0.0, squaresB = 0.0, products = 0.0
                for y in top..<(top + side) {
                    for x in left..<(left + side) {
                        let p = Double(a[y * width + x]), q = Double(b[y * width + x])
                        sumA += p; sumB += q; squaresA += p * p; squaresB += q * q; products += p * q
                    }
                }
                let n = Double(side * side)
                let meanA = sumA / n, meanB = sumB / n
                let varianceA = squaresA / n - meanA * meanA, varianceB = squaresB / n - meanB * meanB
                let covariance = products / n - meanA * meanB
                total += ((2 * meanA * meanB + c1) * (2 * covariance + c2)) / ((meanA * meanA + meanB * meanB + c1) * (varianceA + varianceB + c2))
                windows += 1
            }
        }
        return windows > 0 ? total / Double(windows) : 1
    }
}

/// Why two videos cannot be compared: the command line's `Diagnostic` gives each its identifier.
package enum ComparisonError: Error, Equatable, CustomStringConvertible {
    /// Two sizes.
    case sizesDiffer(String)
    /// A video that cannot be read, or two that do not line up.
    case video(String)

    package var description: String {
        switch self {
        case .sizesDiffer(let text), .video(let text): return text
        }
    }
}
