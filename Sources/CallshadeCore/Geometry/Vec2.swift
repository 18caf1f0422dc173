/// A point or vector in the plane. Its meaning depends on where it is used,
/// and each use says which:
/// - the gradient's screen (`GradientParameters.centres`, `GradientMotion`,
///   `ReferenceGradient.color(atScreen:)`): the unit square, origin
///   bottom-left, y up (the GL convention);
/// - the call layout and the foreground (`CallLayout.centre`,
///   `AvatarWavesNode.centre`, offsets from it, `WaveShape.balls`): pixels, or
///   units of a wave's square, with y down (image coordinates, row 0 at the top).
public struct Vec2: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public var length: Double { (x * x + y * y).squareRoot() }
    public var description: String { "(\(x), \(y))" }

    public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    public static func * (a: Vec2, s: Double) -> Vec2 { Vec2(a.x * s, a.y * s) }

    /// Linear interpolation from `a` (t = 0) to `b` (t = 1).
    public static func lerp(_ a: Vec2, _ b: Vec2, _ t: Double) -> Vec2 { a + (b - a) * t }
}
