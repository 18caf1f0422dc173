import CallshadeCore

/// Where the wallpaper's colour centres are: on segment `segment` of the
/// eight anchors, a fraction of the way along it (chat, section 1.4). Colour
/// k sits at lerp(P[(segment + 2k) mod 8], P[(segment + 2k + 1) mod 8],
/// fraction); a fraction outside 0...1 extrapolates along the segment (the
/// keyframes' overshoot, section 1.6).
public struct WallpaperPose: Hashable, Sendable {
    public let segment: Int
    public let fraction: Double

    public init(segment: Int, fraction: Double) {
        self.segment = segment
        self.fraction = fraction
    }

    /// The pose at phase `phase` (any real): segment floor(phase), the rest as the fraction.
    public init(phase: Double) {
        let floored = phase.rounded(.down)
        self.init(segment: Int(floored), fraction: phase - floored)
    }

    /// The centres of `count` colours (unit square, y up: the anchors as the
    /// call screen's gradient has them, which is c = (x, 1 - y) in the
    /// chat's rows-down raster).
    public func centres(count: Int) -> [Vec2] {
        let anchors = GradientMotion.anchors
        func anchor(_ index: Int) -> Vec2 { anchors[((index % 8) + 8) % 8] }
        return (0..<count).map { k in
            let from = anchor(segment + 2 * k), to = anchor(segment + 2 * k + 1)
            return from + (to - from) * fraction
        }
    }
}
