import Foundation

/// An ellipse, in frame pixels (y down): semi-axes `a` along its own x axis
/// and `b` along its y axis, turned by `angle` radians (from the frame's x
/// axis towards its y axis, so clockwise on screen). The marker's chisel
/// stamp (`drawing.md` section 3). Its signed distance is the first-order
/// estimate (the field's value over its gradient's length), exact for a
/// circle and within a small fraction of a pixel of the true distance near
/// the edge, which is all the `EdgeCoverage` rule reads; `shapes.glsl` has
/// the same as `ellipseDistance`.
public struct Ellipse: Equatable, Sendable {
    public var centre: Vec2
    public var a: Double
    public var b: Double
    public var angle: Double { didSet { (cosine, sine) = Self.turn(angle) } }
    /// cos and sin of `angle`, worked out once (a stamp's coverage asks them at every pixel).
    private var cosine: Double, sine: Double

    public init(centre: Vec2, a: Double, b: Double, angle: Double) {
        self.centre = centre
        self.a = a
        self.b = b
        self.angle = angle
        (cosine, sine) = Self.turn(angle)
    }

    /// Unturned (the shapes' own frame), cos and sin are exactly 1 and 0.
    private static func turn(_ angle: Double) -> (Double, Double) {
        angle == 0 ? (1, 0) : (cos(angle), sin(angle))
    }

    /// The signed distance at `point`, negative inside: with q the point in
    /// the ellipse's frame, k0 = |q / r| and k1 = |q / r^2|, k0 (k0 - 1) / k1;
    /// minus the smaller semi-axis at the centre.
    public func signedDistance(_ point: Vec2) -> Double {
        let d = point - centre, c = cosine, s = sine
        let q = Vec2(d.x * c + d.y * s, -d.x * s + d.y * c)
        let k0 = Vec2(q.x / a, q.y / b).length, k1 = Vec2(q.x / (a * a), q.y / (b * b)).length
        guard k1 > 0 else { return -min(a, b) }
        return k0 * (k0 - 1) / k1
    }

    /// `EdgeCoverage` of the signed distance: 1 inside, a 1 px anti-aliased edge.
    public func coverage(at point: Vec2) -> Double {
        EdgeCoverage.coverage(signedDistance: signedDistance(point))
    }
}
