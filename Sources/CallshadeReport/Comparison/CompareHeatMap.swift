import CallshadeCore

/// How `compare` draws its heat map of two frames' differences, shared
/// with the studio's difference view: the differences magnified so that
/// the largest is full red (at least 2 levels), with the scale written
/// under it in labels a 36th of the frame's width high.
package enum CompareHeatMap {
    /// Levels a channel may differ by before a pixel counts as over: `compare`'s default `--tolerance`.
    package static let tolerance = 1

    /// The heat map's scale for two frames with these metrics.
    package static func scale(for metrics: ImageMetrics) -> Int {
        max(2, metrics.largestDifference)
    }

    /// The labels' text renderer for frames `width` pixels wide.
    package static func label(width: Int) throws -> TextRenderer {
        try TextRenderer(pixelHeight: max(12, width / 36))
    }
}
