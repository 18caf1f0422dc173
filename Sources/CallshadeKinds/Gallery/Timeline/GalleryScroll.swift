import CallshadeCore
import Foundation

/// The grid's offset at any instant (`gallery.md` section 0): where it
/// starts, then each scroll event from the offset it meets: its drag moves
/// the offset by the samples' change from the first (linear between them),
/// clamped to the range; on release the fling, UIScrollView's normal rate
/// (0.998 a millisecond): o(τ) = o0 + (v / k)(1 - e^(-kτ)), k = 1000 ln(1 /
/// 0.998), until the distance left falls under half a pixel (then it is on
/// o0 + v / k) or it meets an end of the range (no bounce). Closed form in
/// time; offsets in pixels, drawn rounded to whole ones.
public enum GalleryScroll {
    /// The fling's rate, per second: 1000 ln(1 / 0.998) = 2.002003.
    public static let rate = 1000 * log(1 / 0.998)

    /// One scroll as it runs from its instant: its start offset and its gesture (pixels).
    public struct Segment: Sendable {
        let at: Double
        let from: Double
        let samples: [GalleryScrollGesture.Sample]
        /// Pixels a second at release.
        let velocity: Double
        let release: Double
        /// The offset at release (clamped).
        let released: Double
        /// Seconds the fling runs after release.
        let flingDuration: Double

        /// `gesture` at `at` s from `offset` (pixels) over a grid laid out as `layout`.
        init(at: Double, from offset: Double, gesture: GalleryScrollGesture, layout: GalleryLayout) {
            let scale = layout.scale
            samples = gesture.samples.map { GalleryScrollGesture.Sample(time: $0.time, offset: $0.offset * scale) }
            released = samples.isEmpty ? offset : layout.clamped(offset + samples[samples.count - 1].offset - samples[0].offset)
            velocity = gesture.velocity * scale
            release = gesture.dragDuration
            flingDuration = GalleryScroll.flingDuration(velocity: velocity)
            self.at = at
            from = offset
        }

        /// When it comes to rest: its fling's end, or where it meets an end of the range.
        func settles(layout: GalleryLayout) -> Double { at + release + GalleryScroll.flingTime(self, layout: layout) }
    }

    /// Seconds a fling at `velocity` pixels a second runs before the distance
    /// left, |v| e^(-kτ) / k, is under half a pixel: ln(2 |v| / k) / k (0 when it already is).
    public static func flingDuration(velocity: Double) -> Double {
        let ratio = 2 * abs(velocity) / rate
        return ratio > 1 ? log(ratio) / rate : 0
    }

    /// Seconds `segment`'s fling runs: to its natural end, or to where it meets an end of the range.
    static func flingTime(_ segment: Segment, layout: GalleryLayout) -> Double {
        let v = segment.velocity, k = rate
        guard v != 0 else { return 0 }
        let bound = v > 0 ? Double(layout.maximumOffset) : 0
        // o_r + (v / k)(1 - e^(-kτ)) = bound, for τ.
        let share = 1 - k * (bound - segment.released) / v
        guard share > 0, share < 1 else { return share >= 1 ? 0 : segment.flingDuration }
        return min(segment.flingDuration, -log(share) / k)
    }

    static func offset(_ segment: Segment, at time: Double, layout: GalleryLayout) -> Double {
        let local = time - segment.at
        if local < segment.release {
            return layout.clamped(segment.from + dragged(segment.samples, at: local) - segment.samples[0].offset)
        }
        let tau = local - segment.release, v = segment.velocity, k = rate
        let glide = tau >= segment.flingDuration ? v / k : (v / k) * (1 - exp(-k * tau))
        return layout.clamped(segment.released + glide)
    }

    /// The samples' offset at `time` (from 0, within them): linear between neighbours.
    static func dragged(_ samples: [GalleryScrollGesture.Sample], at time: Double) -> Double {
        guard let after = samples.firstIndex(where: { $0.time > time }) else { return samples[samples.count - 1].offset }
        guard after > 0 else { return samples[0].offset }
        let a = samples[after - 1], b = samples[after]
        return a.offset + (b.offset - a.offset) * (time - a.time) / (b.time - a.time)
    }
}
