import CallshadeCore
import Foundation

/// Shape on hold (`drawing-tools.md` section 3, rules 1 to 3): a stroke
/// whose finger is held still for 0.85 s turns into the shape its samples
/// so far resemble, by the $1 recogniser over this project's templates.
public enum HoldToShape {
    /// How long the finger is held, seconds (rule 1).
    public static let holdSeconds = 0.85
    /// How far it may stray while held, points (rule 1).
    public static let stillPoints = 10.0
    /// The least score that converts (rule 2).
    public static let threshold = 0.5

    /// The templates of rule 3 (ours), y down, each also reversed: the
    /// rectangle, the circle of 33 points, the pentagram and the arrow.
    public static let recogniser = UnistrokeRecognizer([
        ("rectangle", [Vec2(-100, -100), Vec2(100, -100), Vec2(100, 100), Vec2(-100, 100), Vec2(-100, -100)]),
        ("circle", (0...32).map { k in
            let angle = (-90 + 11.25 * Double(k)) * Double.pi / 180
            return Vec2(100 * cos(angle), 100 * sin(angle))
        }),
        ("star", (0...5).map { k in
            let angle = (-90 + 144 * Double(k)) * Double.pi / 180
            return Vec2(100 * cos(angle), 100 * sin(angle))
        }),
        ("arrow", [Vec2(-100, 0), Vec2(100, 0), Vec2(60, -40), Vec2(100, 0), Vec2(60, 40)]),
    ])

    /// How long the stroke fades out and the shape in, seconds (rule 5, ours).
    public static let crossFadeSeconds = 0.2
    /// The most sample distances the hold test measures for one stroke
    /// (ours): past them it stops and the stroke is not converted. A stroke
    /// sampled at 240 Hz holds about 200 samples in 0.85 s, so a real one
    /// needs about 200 a sample; this bounds a hostile file's cost.
    public static let measureBudget = 10_000_000

    /// Where a stroke is held (rule 1): the first sample j whose th = t_j +
    /// 0.85 has every sample from t_j to th within 10 pt of sample j (under
    /// it: `pointPixels` canvas pixels a point) and the last sample at or
    /// after th; nil when none is, or when the test passes `measureBudget`.
    public static func hold(_ samples: [StrokeSample], pointPixels: Double) -> (sample: Int, at: Double)? {
        guard let last = samples.last else { return nil }
        let reach = stillPoints * pointPixels
        var measured = 0
        for (index, sample) in samples.enumerated() {
            let held = sample.time + holdSeconds
            guard last.time >= held else { return nil }
            var still = true
            for later in samples[index...] {
                guard later.time <= held else { break }
                measured += 1
                if measured > measureBudget { return nil }
                if (later.position - sample.position).length >= reach {
                    still = false
                    break
                }
            }
            if still { return (index, held) }
        }
        return nil
    }

    /// What the stroke turns into (rules 1 and 2): the held sample, its
    /// instant and the best template for samples 0...j scoring at least 0.5; nil when it is not held or nothing is recognised.
    public static func conversion(_ samples: [StrokeSample], pointPixels: Double) -> (sample: Int, at: Double, match: UnistrokeRecognizer.Match)? {
        guard let held = hold(samples, pointPixels: pointPixels),
              let match = recogniser.recognise(samples[...held.sample].map(\.position), threshold: threshold) else { return nil }
        return (held.sample, held.at, match)
    }

    /// The shape a recognised stroke becomes (rule 4, ours): from the box B
    /// of its samples 0...j, a rectangle in B, an ellipse in B, or a star
    /// about B's centre (outer radius min(w, h) / 2); an arrow from sample 0
    /// to the sample farthest from it, turned to its angle. Stroked at the
    /// stroke's width W in its colour and alpha, one key at `at` (the hold's
    /// instant), unturned but the arrow. Nil for an unknown name.
    public static func shape(_ name: String, samples: [StrokeSample], width: Double, colour: StrokeColour, at: Double) -> ShapeEntity? {
        let points = samples.map(\.position)
        guard let first = points.first else { return nil }
        let xs = points.map(\.x), ys = points.map(\.y)
        let (left, right, top, bottom) = (xs.min() ?? first.x, xs.max() ?? first.x, ys.min() ?? first.y, ys.max() ?? first.y)
        let box = (w: right - left, h: bottom - top, centre: Vec2((left + right) / 2, (top + bottom) / 2))
        func boxed(_ kind: ShapeEntity.Kind) -> ShapeEntity {
            ShapeEntity(kind: kind, fill: false, colour: colour, width: width, w: box.w, h: box.h,
                        keys: [EntityKey(at: at, x: box.centre.x, y: box.centre.y)])
        }
        switch name {
        case "rectangle": return boxed(.rectangle)
        case "circle": return boxed(.ellipse)
        case "star": return boxed(.star)
        case "arrow":
            guard let far = points.max(by: { ($0 - first).length < ($1 - first).length }) else { return nil }
            let middle = (first + far) * 0.5, along = far - first
            return ShapeEntity(kind: .arrow, fill: false, colour: colour, width: width, w: along.length, h: along.length,
                               keys: [EntityKey(at: at, x: middle.x, y: middle.y, rotation: atan2(along.y, along.x) * 180 / Double.pi)])
        default: return nil
        }
    }
}
