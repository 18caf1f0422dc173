/// A rectangle with rounded corners, in frame pixels (y down): glass,
/// marks' dots and bars, the buttons' discs (corners of half the shorter
/// side). The one definition of its signed distance, its coverage (the
/// `EdgeCoverage` rule), the runs of a row it surely covers and the span
/// it may touch, and its tile classification; `shapes.glsl` has the same
/// distance as `roundedRectangleDistance`.
public struct RoundedRectangle: ConvexShape, Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// The corner radius asked for: it is drawn within 0...half the shorter side (`radius`).
    public var cornerRadius: Double

    public init(x: Double, y: Double, width: Double, height: Double, cornerRadius: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.cornerRadius = cornerRadius
    }

    /// The corner radius drawn: `cornerRadius` within 0...half the shorter side.
    @inlinable
    public var radius: Double { Self.radius(cornerRadius, width: width, height: height) }

    /// `cornerRadius` within 0...half the shorter side of `width` x `height`.
    @inlinable
    public static func radius(_ cornerRadius: Double, width: Double, height: Double) -> Double {
        min(max(cornerRadius, 0), max(0, min(width, height) / 2))
    }

    /// How far a point at `pointX` lies beyond the straight parts of the
    /// edge along x: |x - the middle| - (half the width - radius). With
    /// `edgeOffset(y:)`, all the distance needs.
    @inlinable
    public func edgeOffset(x pointX: Double) -> Double {
        Self.edgeOffset(pointX, from: x, length: width, radius: radius)
    }

    /// The same along y.
    @inlinable
    public func edgeOffset(y pointY: Double) -> Double {
        Self.edgeOffset(pointY, from: y, length: height, radius: radius)
    }

    /// `point`'s offset beyond the straight part of the edge, along an axis
    /// where the rectangle runs from `start` for `length`, corners of `radius`.
    @inlinable @inline(__always)
    static func edgeOffset(_ point: Double, from start: Double, length: Double, radius: Double) -> Double {
        abs(point - (start + length / 2)) - (length / 2 - radius)
    }

    /// The signed distance from a point's offsets `qx` and `qy` (`edgeOffset`), in the arithmetic of `T` (the reference's Double, the host's
    /// Float): |max(q, 0)| + min(max(qx, qy), 0) - radius, negative inside.
    @inlinable @inline(__always)
    public static func signedDistance<T: BinaryFloatingPoint>(qx: T, qy: T, radius: T) -> T {
        let (outsideX, outsideY) = (max(qx, 0), max(qy, 0))
        return (outsideX * outsideX + outsideY * outsideY).squareRoot() + min(max(qx, qy), 0) - radius
    }

    /// `signedDistance(qx:qy:radius:)` where `qy` is at most 0 (beside the
    /// straight part of a vertical edge): the same value, to the bit (the
    /// square root of a number squared is that number again), without the
    /// square root.
    @inlinable @inline(__always)
    public static func signedDistanceBesideSide<T: BinaryFloatingPoint>(qx: T, qy: T, radius: T) -> T {
        max(qx, 0) + min(max(qx, qy), 0) - radius
    }

    /// The signed distance at `point`, negative inside.
    @inlinable
    public func signedDistance(_ point: Vec2) -> Double {
        let radius = radius
        return Self.signedDistance(qx: Self.edgeOffset(point.x, from: x, length: width, radius: radius),
                                   qy: Self.edgeOffset(point.y, from: y, length: height, radius: radius), radius: radius)
    }

    /// Its coverage over the tile whose pixel centres span `box`:
    /// `ConvexTiles.classify` of its distance, but a tile whose centres lie
    /// a pixel or more inside it and within one of its straight bands (beside
    /// no corner's arc) is inside at once. The distance there is at most -1,
    /// so the rule's -(1/2 + slack) holds whatever a float's last bits: the
    /// same answer, without its four distances (a full-screen video's frame
    /// and the phone's corners have thousands of such tiles a frame).
    public func tileCoverage(_ box: CentreBox) -> PartCoverage {
        let radius = radius
        let (left, right, top, bottom) = (box.x.lowerBound, box.x.upperBound, box.y.lowerBound, box.y.upperBound)
        if left >= x + 1, right <= x + width - 1, top >= y + 1, bottom <= y + height - 1,
           (left >= x + radius && right <= x + width - radius) || (top >= y + radius && bottom <= y + height - radius) {
            return .inside
        }
        return ConvexTiles.classify(box) { signedDistance($0) }
    }

    /// Along the row of pixel centres at `centreY`, the centres' x where
    /// the coverage is surely 1 (the distance at most -1/2: inside the shape
    /// shrunk by half a pixel, and `RowSpan.margin` more); nil for none.
    public func surelyCoveredRun(atRow centreY: Double) -> ClosedRange<Double>? {
        let margin = RowSpan.margin
        let halfHeight = height / 2 - 0.5, halfWidth = width / 2 - 0.5, radius = max(self.radius - 0.5, 0)
        let centre = Vec2(x + width / 2, y + height / 2)
        let dy = abs(centreY - centre.y)
        guard dy.isFinite, centre.x.isFinite, halfHeight > 0, halfWidth > 0, dy < halfHeight - margin else { return nil }
        let reach = Self.reach(halfWidth: halfWidth, halfHeight: halfHeight, radius: radius, dy: dy) - margin
        guard reach > 0 else { return nil }
        return (centre.x - reach)...(centre.x + reach)
    }

    /// Along the row of pixel centres at `centreY`, the centres' x outside
    /// which the coverage is surely 0 (the distance at least 1/2: outside
    /// the shape grown by half a pixel, and `RowSpan.margin` more);
    /// `RowSpan.none` where the row misses it, nil where no bound can be
    /// given (the row or the shape is not finite).
    public func touchedSpan(atRow centreY: Double) -> ClosedRange<Double>? {
        let margin = RowSpan.margin
        let halfHeight = height / 2 + 0.5, halfWidth = width / 2 + 0.5, radius = self.radius + 0.5
        let centre = Vec2(x + width / 2, y + height / 2)
        let dy = abs(centreY - centre.y)
        guard dy.isFinite, centre.x.isFinite else { return nil }
        guard dy < halfHeight + margin else { return RowSpan.none }
        let reach = Self.reach(halfWidth: halfWidth, halfHeight: halfHeight, radius: radius, dy: dy) + margin
        guard reach.isFinite else { return nil }
        return (centre.x - reach)...(centre.x + reach)
    }

    /// How far from the middle a rounded rectangle of these half sizes and
    /// corner radius reaches along x, `dy` (0...halfHeight) from the middle.
    private static func reach(halfWidth: Double, halfHeight: Double, radius: Double, dy: Double) -> Double {
        guard dy > halfHeight - radius else { return halfWidth }
        let into = dy - (halfHeight - radius)
        return halfWidth - radius + (max(radius * radius - into * into, 0)).squareRoot()
    }
}
