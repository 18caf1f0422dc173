/// A speech bubble about the origin (`drawing.md` section 6), y down: a
/// `width` x `height` rounded rectangle (corners of a quarter of the shorter
/// side) with a tail at its bottom left reaching 0.2 `height` below it (ours:
/// the triangle from (-0.32, 0.2) and (-0.08, 0.2) of the size, inside the
/// body, to its tip at (-0.4, 0.7)). Its signed distance is the smaller of
/// the body's and the tail's (exact outside; inside, where both are within a
/// pixel or so of their edges, only by the tail's two corners on the body's
/// edge); `shapes.glsl` has the same as `speechBubbleDistance`.
public struct SpeechBubble: Equatable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let cornerRatio = 0.25
    /// How far the tail reaches below the body, over the height.
    public static let tailLength = 0.2

    public var body: RoundedRectangle {
        RoundedRectangle(x: -width / 2, y: -height / 2, width: width, height: height, cornerRadius: Self.cornerRatio * min(width, height))
    }

    /// The tail's three corners: two inside the body, then its tip.
    public var tail: [Vec2] {
        [Vec2(-0.32 * width, 0.2 * height), Vec2(-0.08 * width, 0.2 * height), Vec2(-0.4 * width, (0.5 + Self.tailLength) * height)]
    }

    public func signedDistance(_ point: Vec2) -> Double {
        min(body.signedDistance(point), PolygonDistance.signedDistance(point, vertices: tail))
    }
}
