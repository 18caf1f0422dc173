/// A stroke segment: the points within `radius` of the segment from `start`
/// to `end` (a disc where they meet), in frame pixels (y down). The one
/// definition of its signed distance, its coverage (the `EdgeCoverage`
/// rule), the runs of a row it surely covers and the span it may touch,
/// and its tile classification; `shapes.glsl` has the same distance as
/// `capsuleDistance`.
public struct Capsule: ConvexShape, Equatable, Sendable {
    public var start: Vec2
    public var end: Vec2
    public var radius: Double

    public init(from start: Vec2, to end: Vec2, radius: Double) {
        self.start = start
        self.end = end
        self.radius = radius
    }

    /// The signed distance at `point`: its distance to the segment less the radius, negative inside.
    @inlinable
    public func signedDistance(_ point: Vec2) -> Double {
        let along = end - start, from = point - start
        let lengthSquared = along.x * along.x + along.y * along.y
        // Where the nearest point of the segment lies along it, 0...1 (its start when it is a point).
        let t = lengthSquared > 0 ? min(max((from.x * along.x + from.y * along.y) / lengthSquared, 0), 1) : 0
        return (from - along * t).length - radius
    }

    /// Along the row of pixel centres at `centreY`, the centres' x where
    /// the coverage is surely 1: within the capsule of radius r - 1/2 -
    /// `RowSpan.margin` about the same segment; nil for none.
    public func surelyCoveredRun(atRow centreY: Double) -> ClosedRange<Double>? {
        guard let span = span(atRow: centreY, radius: radius - 0.5 - RowSpan.margin) else { return nil }
        return span == RowSpan.none ? nil : span
    }

    /// Along the row of pixel centres at `centreY`, the centres' x outside
    /// which the coverage is surely 0: the capsule of radius r + 1/2 +
    /// `RowSpan.margin`; `RowSpan.none` where the row misses it, nil where
    /// no bound can be given (not finite).
    public func touchedSpan(atRow centreY: Double) -> ClosedRange<Double>? {
        span(atRow: centreY, radius: radius + 0.5 + RowSpan.margin)
    }

    /// The x where the row at `y` meets the capsule of radius `reach` about
    /// the segment (one interval: it is convex): the union of the chords of
    /// the two end discs and of the band between them. `RowSpan.none` where
    /// it misses, nil where something is not finite.
    private func span(atRow y: Double, radius reach: Double) -> ClosedRange<Double>? {
        guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite, reach.isFinite, y.isFinite else { return nil }
        guard reach > 0 else { return RowSpan.none }
        var low = Double.infinity, high = -Double.infinity
        // Each end's disc (no array of the two: this runs for every row of every segment the host draws).
        func disc(_ point: Vec2) {
            let dy = y - point.y
            guard abs(dy) < reach else { return }
            let half = (reach * reach - dy * dy).squareRoot()
            (low, high) = (min(low, point.x - half), max(high, point.x + half))
        }
        disc(start)
        disc(end)
        let along = end - start, length = along.length
        if length > 0 {
            // Along the unit direction u and the normal n: 0 <= u.(p - start) <= length and |n.(p - start)| <= reach,
            // each linear in x along the row.
            let u = along * (1 / length), n = Vec2(-u.y, u.x)
            var band = -Double.infinity...Double.infinity
            func narrow(_ direction: Vec2, _ lower: Double, _ upper: Double) {
                // direction.x * (x - start.x) + direction.y * (y - start.y) within lower...upper.
                let offset = direction.y * (y - start.y)
                if direction.x == 0 {
                    if offset < lower || offset > upper { band = RowSpan.none }
                    return
                }
                let a = start.x + (lower - offset) / direction.x, b = start.x + (upper - offset) / direction.x
                let bounds = min(a, b)...max(a, b)
                guard band != RowSpan.none, bounds.overlaps(band) else {
                    band = RowSpan.none
                    return
                }
                band = max(band.lowerBound, bounds.lowerBound)...min(band.upperBound, bounds.upperBound)
            }
            narrow(u, 0, length)
            narrow(n, -reach, reach)
            if band != RowSpan.none { (low, high) = (min(low, band.lowerBound), max(high, band.upperBound)) }
        }
        return low <= high ? low...high : RowSpan.none
    }
}
