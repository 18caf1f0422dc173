import CallshadeCore

/// The lasso's geometry (`drawing-tools.md` section 2, rules 2 to 4): which
/// strokes its polygon selects, the selected outline (the convex hull of
/// their samples grown by the widest selected width), and its dashes.
public enum LassoGeometry {
    /// The dash and the gap, points: a period of 17.5 pt.
    public static let dashPoints = 5.0
    public static let gapPoints = 12.5
    public static var periodPoints: Double { dashPoints + gapPoints }

    /// A duplicate's shift along x and y, canvas pixels: 0.04 times the canvas's shorter side (rule 6).
    public static func duplicateShift(canvas: FrameSize) -> Double { 0.04 * Double(min(canvas.width, canvas.height)) }

    /// Whether `point` is inside `polygon` (closed, last point to first) by the even-odd rule; a point on an edge is outside.
    public static func isInside(_ point: Vec2, polygon: [Vec2]) -> Bool {
        guard polygon.count >= 3 else { return false }
        var inside = false
        var previous = polygon[polygon.count - 1]
        for b in polygon {
            let a = previous
            previous = b
            // On the edge: within its box and on its line.
            if point.y >= min(a.y, b.y), point.y <= max(a.y, b.y), point.x >= min(a.x, b.x), point.x <= max(a.x, b.x),
               (b.x - a.x) * (point.y - a.y) == (b.y - a.y) * (point.x - a.x) { return false }
            if (a.y > point.y) != (b.y > point.y) {
                let x = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x)
                if point.x < x { inside.toggle() }
            }
        }
        return inside
    }

    /// The most point-in-polygon edge tests a lasso's selection makes (ours:
    /// about half a second here): a lasso past it is refused.
    public static let testBudget = 100_000_000
    /// The most strokes the lasso's events of a session act on, counted
    /// once an event (ours): what their offsets keep grows with it.
    public static let workLimit = 1_000_000

    /// A lasso's polygon made ready: its box, outside which every point is outside.
    public struct Polygon {
        public let points: [Vec2]
        let low: Vec2, high: Vec2

        public init(_ points: [Vec2]) {
            self.points = points
            low = Vec2(points.map(\.x).min() ?? 0, points.map(\.y).min() ?? 0)
            high = Vec2(points.map(\.x).max() ?? 0, points.map(\.y).max() ?? 0)
        }

        func inBox(_ point: Vec2) -> Bool { point.x >= low.x && point.x <= high.x && point.y >= low.y && point.y <= high.y }

        /// The edge tests `selects` makes for `samples`: its edges for each sample in its box.
        public func tests(for samples: [Vec2]) -> Int { samples.reduce(0) { $0 + (inBox($1) ? points.count : 0) } }

        /// Whether at least half of `samples` lie inside (rule 2).
        public func selects(_ samples: [Vec2]) -> Bool {
            guard !samples.isEmpty else { return false }
            return 2 * samples.filter { inBox($0) && LassoGeometry.isInside($0, polygon: points) }.count >= samples.count
        }
    }

    /// Whether at least half of `samples` lie inside `polygon` (rule 2).
    public static func selects(_ samples: [Vec2], polygon: [Vec2]) -> Bool {
        Polygon(polygon).selects(samples)
    }

    /// The convex hull of `points`, clockwise on screen (y down), from the
    /// top-most (then left-most) point; collinear points left out.
    public static func hull(_ points: [Vec2]) -> [Vec2] {
        let sorted = points.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        guard sorted.count > 2 else { return sorted }
        func cross(_ o: Vec2, _ a: Vec2, _ b: Vec2) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var lower: [Vec2] = [], upper: [Vec2] = []
        for point in sorted {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], point) <= 0 { lower.removeLast() }
            lower.append(point)
        }
        for point in sorted.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], point) <= 0 { upper.removeLast() }
            upper.append(point)
        }
        // Counter-clockwise in y-up terms is clockwise on a y-down screen.
        let ring = Array(lower.dropLast() + upper.dropLast())
        guard let start = ring.indices.min(by: { (ring[$0].y, ring[$0].x) < (ring[$1].y, ring[$1].x) }) else { return ring }
        return Array(ring[start...] + ring[..<start])
    }

    /// The length of the hull grown by `width`: its edges pushed out by it, joined by arcs (a full turn of them in all).
    public static func grownPerimeter(_ hull: [Vec2], by width: Double) -> Double {
        let edges = hull.count < 2 ? 0 : zip(hull, hull.dropFirst() + hull.prefix(1)).reduce(0) { $0 + ($1.1 - $1.0).length }
        return edges + 2 * Double.pi * width
    }

    /// The dashes' phase at `time` (the lasso's first sample at `start`), points: 17.5 ((T - t0) / 0.45 mod 1).
    public static func phase(at time: Double, start: Double) -> Double {
        let turns = (time - start) / 0.45
        return periodPoints * (turns - turns.rounded(.down))
    }
}
