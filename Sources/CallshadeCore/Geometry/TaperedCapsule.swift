/// A stroke segment whose width changes along it (`drawing.md` section 1):
/// a disc of `startRadius` about `start`, one of `endRadius` about `end`,
/// and the quad between them offset by each end's radius along the
/// perpendicular, all in frame pixels (y down). Of equal radii it is a
/// `Capsule`; of no length, the larger disc. The one definition of its
/// signed distance and coverage (the `EdgeCoverage` rule); `shapes.glsl`
/// has the same distance as `taperedCapsuleDistance`.
public struct TaperedCapsule: AntiAliasedShape, Equatable, Sendable {
    public var start: Vec2
    public var end: Vec2
    public var startRadius: Double
    public var endRadius: Double

    public init(from start: Vec2, to end: Vec2, startRadius: Double, endRadius: Double) {
        self.start = start
        self.end = end
        self.startRadius = startRadius
        self.endRadius = endRadius
    }

    /// The signed distance at `point`, negative inside: the least of the
    /// two discs' and the quad's side's. Exact outside (the quad's ends lie
    /// within the discs, so its sides are the only part of it that can be
    /// nearest); inside it is at most the distance to the edge.
    @inlinable
    public func signedDistance(_ point: Vec2) -> Double {
        let discs = min((point - start).length - startRadius, (point - end).length - endRadius)
        let along = end - start, length = along.length
        guard length > 0 else { return discs }
        // The point in the segment's frame: u along it, w away from it (either side alike).
        let unit = along * (1 / length), from = point - start
        let u = from.x * unit.x + from.y * unit.y, w = abs(from.x * unit.y - from.y * unit.x)
        // The side from (0, startRadius) to (length, endRadius).
        let side = Vec2(length, endRadius - startRadius), toPoint = Vec2(u, w - startRadius)
        let t = min(max((toPoint.x * side.x + toPoint.y * side.y) / (side.x * side.x + side.y * side.y), 0), 1)
        let distance = (toPoint - side * t).length
        let inside = u >= 0 && u <= length && w <= startRadius + (endRadius - startRadius) * (u / length)
        return min(discs, inside ? -distance : distance)
    }

    /// The uniform capsule of its larger radius, which holds it.
    public var outerCapsule: Capsule { Capsule(from: start, to: end, radius: max(startRadius, endRadius)) }
    /// The uniform capsule of its smaller radius, which it holds.
    public var innerCapsule: Capsule { Capsule(from: start, to: end, radius: min(startRadius, endRadius)) }

    /// Inside where its inner capsule is, outside where its outer one is; an edge otherwise.
    public func tileCoverage(_ box: CentreBox) -> PartCoverage {
        if innerCapsule.tileCoverage(box) == .inside { return .inside }
        if outerCapsule.tileCoverage(box) == .outside { return .outside }
        return .edge
    }

    /// Its inner capsule's surely covered run.
    public func surelyCoveredRun(atRow centreY: Double) -> ClosedRange<Double>? {
        innerCapsule.surelyCoveredRun(atRow: centreY)
    }

    /// Its outer capsule's touched span.
    public func touchedSpan(atRow centreY: Double) -> ClosedRange<Double>? {
        outerCapsule.touchedSpan(atRow: centreY)
    }
}
