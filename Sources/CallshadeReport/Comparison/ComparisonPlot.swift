import Foundation

/// Two videos' comparison over time, as SVG: across, A's time from 0 to
/// `seconds`; up, each pair's SSIM (blue, `ssimFloor` at the bottom to 1 at
/// the top) and its largest luma difference (orange, 0 to 255),
/// the tolerance as a dashed orange line, and the changed ranges shaded red.
/// It has no text, so that it can be stretched to any width (the report's
/// figure, the studio's timeline row); the captions say what is what.
package enum ComparisonPlot {
    /// The plot's own units: 1000 across, 100 up.
    package static let width = 1000.0
    package static let height = 100.0

    /// The SSIM at the plot's bottom: the lowest SSIM rounded down to a
    /// twentieth, at most 0.9 (so that small changes show), at least 0.
    package static func ssimFloor(_ comparison: VideoComparison) -> Double {
        let lowest = comparison.pairs.map(\.ssim).min() ?? 1
        return max(0, min(0.9, (lowest * 20).rounded(.down) / 20))
    }

    package static func svg(_ comparison: VideoComparison, seconds: Double, pixelHeight: Int) -> String {
        let across = { (frame: Double) in String(format: "%.2f", width * frame * comparison.frameDuration / max(seconds, 1e-9)) }
        let up = { (share: Double) in String(format: "%.2f", height * (1 - min(max(share, 0), 1))) }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" preserveAspectRatio=\"none\" "
            + "width=\"100%\" height=\"\(pixelHeight)\" role=\"img\">"
        svg += "<rect width=\"\(Int(width))\" height=\"\(Int(height))\" fill=\"#f4f4f6\"/>"
        for range in comparison.changedRanges {
            let left = Double(range.lowerBound), right = Double(range.upperBound + 1)
            svg += "<rect class=\"changed\" x=\"\(across(left))\" y=\"0\" width=\"\(String(format: "%.2f", width * (right - left) * comparison.frameDuration / max(seconds, 1e-9)))\" "
                + "height=\"\(Int(height))\" fill=\"#f2b8b5\" data-from=\"\(range.lowerBound)\" data-to=\"\(range.upperBound)\"/>"
        }
        svg += "<line x1=\"0\" x2=\"\(Int(width))\" y1=\"\(up(Double(comparison.tolerance) / 255))\" y2=\"\(up(Double(comparison.tolerance) / 255))\" "
            + "stroke=\"#e8710a\" stroke-dasharray=\"6 4\" vector-effect=\"non-scaling-stroke\"/>"
        let line = { (colour: String, name: String, share: (VideoComparison.Pair) -> Double) in
            "<polyline class=\"\(name)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.5\" vector-effect=\"non-scaling-stroke\" points=\""
                + comparison.pairs.map { "\(across(Double($0.a) + 0.5)),\(up(share($0)))" }.joined(separator: " ") + "\"/>"
        }
        svg += line("#e8710a", "largest", { Double($0.largestDifference) / 255 })
        let floor = ssimFloor(comparison)
        svg += line("#1a73e8", "ssim", { ($0.ssim - floor) / (1 - floor) })
        return svg + "</svg>"
    }
}
