/// What every primitive of Geometry gives, so that a node (and a test)
/// can work with any of them: its signed distance, its coverage by the
/// `EdgeCoverage` rule, the runs of a row it surely covers and the span it
/// may touch (the host's shortcuts past per-pixel work), and its coverage
/// over a tile (which program, or which shortcut, draws the tile).
public protocol AntiAliasedShape: Sendable {
    /// The signed distance at `point` (frame pixels), negative inside.
    func signedDistance(_ point: Vec2) -> Double
    /// Its coverage of the pixel whose centre is `point`: `EdgeCoverage` of the signed distance.
    func coverage(at point: Vec2) -> Double
    /// Its coverage over the tile whose pixel centres span `box`: inside
    /// only where the coverage is 1 at every centre, outside only where it is 0.
    func tileCoverage(_ box: CentreBox) -> PartCoverage
    /// Along the row of pixel centres at `centreY`, centres' x where the
    /// coverage is surely 1 (a little inside the exact run); nil for none.
    func surelyCoveredRun(atRow centreY: Double) -> ClosedRange<Double>?
    /// Along the row of pixel centres at `centreY`, the centres' x outside
    /// which the coverage is surely 0 (a little outside the exact span);
    /// `RowSpan.none` where the row misses it, nil where no bound can be given.
    func touchedSpan(atRow centreY: Double) -> ClosedRange<Double>?
}

extension AntiAliasedShape {
    /// `EdgeCoverage` of the signed distance at `point`: clamp(1/2 - d, 0, 1).
    @inlinable
    public func coverage(at point: Vec2) -> Double {
        EdgeCoverage.coverage(signedDistance: signedDistance(point))
    }
}

/// A shape whose signed distance is convex (a rounded rectangle, a
/// capsule): its tiles are classified by `ConvexTiles`.
public protocol ConvexShape: AntiAliasedShape {}

extension ConvexShape {
    public func tileCoverage(_ box: CentreBox) -> PartCoverage {
        ConvexTiles.classify(box) { signedDistance($0) }
    }
}
