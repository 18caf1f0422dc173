/// A disc, in frame pixels (y down): the avatar, a button's ring's hole.
/// The one definition of its signed distance, its coverage, the runs of a
/// row it surely covers and the span it may touch, and its tile
/// classification; `shapes.glsl` has the same as `discDistance` and
/// `discCoverage`.
public struct Disc: AntiAliasedShape, Equatable, Sendable {
    public var centre: Vec2
    public var radius: Double

    public init(centre: Vec2, radius: Double) {
        self.centre = centre
        self.radius = radius
    }

    /// The signed distance at `point`: |point - centre| - radius, negative inside.
    @inlinable
    public func signedDistance(_ point: Vec2) -> Double {
        (point - centre).length - radius
    }

    /// The avatar's coverage at `centreDistance` from the centre:
    /// clamp(r - |p - c| + 1/2, 0, 1), in the arithmetic of `T`. The same
    /// rule as `coverage(at:)`, added up in another order (the radius
    /// first), so not to the bit the same: the avatar (its reference,
    /// `avatar.glsl` and the host's rows) keeps the order it was drawn in.
    @inlinable @inline(__always)
    public static func coverage<T: BinaryFloatingPoint>(radius: T, centreDistance: T) -> T {
        min(max(radius - centreDistance + 0.5, 0), 1)
    }

    /// The same in eight Float lanes, from `outerEdge` (the radius plus 1/2,
    /// rounded to Float once): clamp(outerEdge - |p - c|, 0, 1), as the
    /// host's placeholder rows add it up.
    @inlinable @inline(__always)
    public static func coverage(outerEdge: SIMD8<Float>, centreDistance: SIMD8<Float>) -> SIMD8<Float> {
        let reach = outerEdge - centreDistance
        // Clamped by masks (the generic pointwise min and max are slow).
        return reach.replacing(with: 0, where: reach .< 0).replacing(with: 1, where: reach .> 1)
    }

    /// Slack for the GPU's float arithmetic in the tile classification, in pixels.
    public static let slack = 0.01

    /// Its coverage over the tile whose pixel centres span `box`: from the
    /// nearest and the farthest distance of the box to the centre.
    public func tileCoverage(_ box: CentreBox) -> PartCoverage {
        // The box from the centre (as `SceneTiles.centreBox` gives it about an origin).
        let across = (box.x.lowerBound - centre.x)...(box.x.upperBound - centre.x)
        let down = (box.y.lowerBound - centre.y)...(box.y.upperBound - centre.y)
        func nearest(_ range: ClosedRange<Double>) -> Double { range.contains(0) ? 0 : min(abs(range.lowerBound), abs(range.upperBound)) }
        func farthest(_ range: ClosedRange<Double>) -> Double { max(abs(range.lowerBound), abs(range.upperBound)) }
        let near = (nearest(across) * nearest(across) + nearest(down) * nearest(down)).squareRoot()
        let far = (farthest(across) * farthest(across) + farthest(down) * farthest(down)).squareRoot()
        if far <= radius - 0.5 - Self.slack { return .inside }
        if near >= radius + 0.5 + Self.slack { return .outside }
        return .edge
    }

    /// Along the row of pixel centres at `centreY`, the centres' x where
    /// the coverage is surely 1 (by either order of `coverage`): within the
    /// disc shrunk by half a pixel and `RowSpan.margin` more; nil for none.
    public func surelyCoveredRun(atRow centreY: Double) -> ClosedRange<Double>? {
        let inner = radius - 0.5 - RowSpan.margin, dy = abs(centreY - centre.y)
        guard inner > 0, dy < inner, centre.x.isFinite else { return nil }
        let half = (inner * inner - dy * dy).squareRoot()
        return (centre.x - half)...(centre.x + half)
    }

    /// Along the row of pixel centres at `centreY`, the centres' x outside
    /// which the coverage is surely 0: the chord of the disc grown by half
    /// a pixel, widened by `RowSpan.margin` each side; `RowSpan.none` where
    /// the row misses it, nil where no bound can be given (not finite).
    public func touchedSpan(atRow centreY: Double) -> ClosedRange<Double>? {
        let outer = radius + 0.5, dy = abs(centreY - centre.y)
        guard dy.isFinite, centre.x.isFinite, outer.isFinite else { return nil }
        guard dy < outer + RowSpan.margin else { return RowSpan.none }
        let half = max(outer * outer - dy * dy, 0).squareRoot()
        return (centre.x - half - RowSpan.margin)...(centre.x + half + RowSpan.margin)
    }
}
