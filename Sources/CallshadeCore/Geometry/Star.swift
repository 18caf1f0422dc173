import Foundation

/// A five-pointed star about the origin (`drawing.md` section 6), y down:
/// its points at `outer` from the centre, the first straight up, the
/// corners between them at half that. Its signed distance is exact (the
/// ten-sided outline's, `PolygonDistance`); `shapes.glsl` has the same as
/// `starDistance`.
public struct Star: Equatable, Sendable {
    public var outer: Double
    /// The inner corners' radius over the points'.
    public static let innerRatio = 0.5

    public init(outer: Double) {
        self.outer = outer
    }

    /// Its ten corners, from the top point clockwise on screen.
    public var vertices: [Vec2] {
        (0..<10).map { index in
            let angle = -Double.pi / 2 + Double(index) * Double.pi / 5
            let radius = index % 2 == 0 ? outer : outer * Self.innerRatio
            return Vec2(radius * cos(angle), radius * sin(angle))
        }
    }

    public func signedDistance(_ point: Vec2) -> Double {
        PolygonDistance.signedDistance(point, vertices: vertices)
    }
}
