import CallshadeCore

/// The object eraser's contact (`drawing-tools.md` section 1, rules 4 and
/// 5): the first instant at which the eraser's position, linear between its
/// samples, lies within a distance ((We + Ws) / 2) of a target's path (its
/// raw samples joined by straight lines), and the target's fade from then:
/// its coverage times 1 - (T - tau) / 0.2, gone from tau + 0.2.
public enum ObjectEraserContact {
    /// How long a touched stroke takes to fade out, seconds.
    public static let fadeSeconds = 0.2

    /// The contact instant, or nil when the eraser never comes within `distance` of `path`.
    public static func instant(eraser: [StrokeSample], path: [Vec2], distance: Double) -> Double? {
        Target(path).contact(eraser: eraser, distance: distance)
    }

    /// A target's path made ready once for every eraser: its segments in
    /// runs of 32, each run's box, and the whole path's box. An eraser
    /// segment tests only the segments of runs whose box, grown by the
    /// distance, its own box meets (the answer is the same as testing every pair).
    public struct Target: Sendable {
        let segments: [(Vec2, Vec2)]
        let runs: [(box: Extent, range: Range<Int>)]
        let box: Extent

        public init(_ path: [Vec2]) {
            segments = path.count == 1 ? [(path[0], path[0])] : Array(zip(path, path.dropFirst()))
            let segments = segments
            runs = stride(from: 0, to: segments.count, by: runLength).map { start in
                let range = start..<min(start + runLength, segments.count)
                return (Extent(segments[range].flatMap { [$0.0, $0.1] }), range)
            }
            box = Extent(runs.map(\.box))
        }

        /// Whether an eraser whose samples lie in `eraserBox` can come within `distance` of it.
        public func mayMeet(_ eraserBox: Extent, distance: Double) -> Bool {
            !segments.isEmpty && box.grown(by: distance).meets(eraserBox)
        }

        /// The contact instant of `eraser` at `distance`, or nil.
        public func contact(eraser: [StrokeSample], distance: Double) -> Double? {
            guard let first = eraser.first, !segments.isEmpty, distance >= 0 else { return nil }
            func near(_ box: Extent) -> [(Vec2, Vec2)] {
                guard self.box.grown(by: distance).meets(box) else { return [] }
                return runs.filter { $0.box.grown(by: distance).meets(box) }.flatMap { segments[$0.range] }
            }
            if near(Extent([first.position])).contains(where: { ObjectEraserContact.distance(from: first.position, to: $0) <= distance }) {
                return first.time
            }
            for (from, to) in zip(eraser, eraser.dropFirst()) {
                let entries = near(Extent([from.position, to.position])).compactMap {
                    entry(from: from.position, to: to.position, capsule: $0, radius: distance)
                }
                if let s = entries.min() { return from.time + s * (to.time - from.time) }
            }
            return nil
        }
    }

    /// How many of a path's segments share one box.
    static let runLength = 32

    /// An axis-aligned box of points.
    public struct Extent: Sendable {
        var low = Vec2(.infinity, .infinity), high = Vec2(-.infinity, -.infinity)

        public init(_ points: [Vec2]) {
            for point in points {
                low = Vec2(min(low.x, point.x), min(low.y, point.y))
                high = Vec2(max(high.x, point.x), max(high.y, point.y))
            }
        }

        init(_ boxes: [Extent]) { self.init(boxes.flatMap { [$0.low, $0.high] }) }

        func grown(by amount: Double) -> Extent {
            var grown = self
            grown.low = low - Vec2(amount, amount)
            grown.high = high + Vec2(amount, amount)
            return grown
        }

        func meets(_ other: Extent) -> Bool {
            low.x <= other.high.x && other.low.x <= high.x && low.y <= other.high.y && other.low.y <= high.y
        }
    }

    /// The target's opacity at `time` once touched at `tau`: 1 before it, then linear down to 0 at tau + 0.2.
    public static func opacity(at time: Double, touched tau: Double) -> Double {
        min(max(1 - (time - tau) / fadeSeconds, 0), 1)
    }

    /// The distance from `point` to the segment.
    static func distance(from point: Vec2, to segment: (Vec2, Vec2)) -> Double {
        let (a, b) = segment, ab = b - a, lengthSquared = ab.x * ab.x + ab.y * ab.y
        guard lengthSquared > 0 else { return (point - a).length }
        let u = min(max(((point - a).x * ab.x + (point - a).y * ab.y) / lengthSquared, 0), 1)
        return (point - (a + ab * u)).length
    }

    /// The least s in 0...1 at which from + s (to - from) lies within
    /// `radius` of the segment (inside its capsule), or nil: the earliest of
    /// entering the band beside the segment and entering a disc at either end.
    static func entry(from: Vec2, to: Vec2, capsule segment: (Vec2, Vec2), radius: Double) -> Double? {
        var candidates: [Double] = []
        for centre in [segment.0, segment.1] {
            if let s = discEntry(from: from, to: to, centre: centre, radius: radius) { candidates.append(s) }
        }
        let (a, b) = segment, ab = b - a, length = ab.length
        if length > 0 {
            let direction = ab * (1 / length)
            // Signed distance from the line and the place along it, both linear in s.
            func across(_ p: Vec2) -> Double { (p - a).x * -direction.y + (p - a).y * direction.x }
            func along(_ p: Vec2) -> Double { (p - a).x * direction.x + (p - a).y * direction.y }
            var interval = (low: 0.0, high: 1.0)
            func keep(_ start: Double, _ end: Double, within bounds: ClosedRange<Double>) {
                // start + s (end - start) in bounds.
                let slope = end - start
                if slope == 0 {
                    if !bounds.contains(start) { interval = (1, 0) }
                    return
                }
                let (s1, s2) = ((bounds.lowerBound - start) / slope, (bounds.upperBound - start) / slope)
                interval = (max(interval.low, min(s1, s2)), min(interval.high, max(s1, s2)))
            }
            keep(across(from), across(to), within: -radius...radius)
            keep(along(from), along(to), within: 0...length)
            if interval.low <= interval.high { candidates.append(interval.low) }
        }
        return candidates.min()
    }

    /// The least s in 0...1 at which from + s (to - from) lies within `radius` of `centre`, or nil.
    static func discEntry(from: Vec2, to: Vec2, centre: Vec2, radius: Double) -> Double? {
        let d = to - from, f = from - centre
        let a = d.x * d.x + d.y * d.y, b = 2 * (f.x * d.x + f.y * d.y), c = f.x * f.x + f.y * f.y - radius * radius
        if c <= 0 { return 0 }
        guard a > 0 else { return nil }
        let discriminant = b * b - 4 * a * c
        guard discriminant >= 0 else { return nil }
        let s = (-b - discriminant.squareRoot()) / (2 * a)
        return s >= 0 && s <= 1 ? s : nil
    }
}
