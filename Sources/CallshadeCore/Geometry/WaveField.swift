import Foundation

/// A wave shape's metaball field: f(p) = sum_j exp(-|p - q_j|^2 / sigma^2)
/// for p in units of the shape's side from its centre, inside where it
/// reaches `WaveGeometry.threshold`. The one definition of its signed
/// distance, (threshold - f) / |grad f| in pixels (negative inside), and
/// of its coverage by the `EdgeCoverage` rule; `waves.glsl` evaluates the
/// same per pixel, the host's `FactoredWaveField` from factors, and
/// `AvatarWavesNode.tileKinds` bounds it over tiles.
extension WaveShape {
    /// The field and its gradient at `offset` pixels from the centre (with a side that is not positive, nothing).
    public func field(atOffset offset: Vec2) -> (value: Double, slope: Vec2) {
        let p = offset * (1 / side)
        let inverseSigmaSquared = 1 / (WaveGeometry.sigma * WaveGeometry.sigma)
        var field = 0.0
        var slope = Vec2(0, 0)
        for ball in balls {
            let d = p - ball
            let term = exp(-(d.x * d.x + d.y * d.y) * inverseSigmaSquared)
            field += term
            slope = slope - d * (2 * inverseSigmaSquared * term)
        }
        return (field, slope)
    }

    /// The signed distance in pixels at `offset` pixels from the centre, negative inside.
    public func signedDistance(atOffset offset: Vec2) -> Double {
        let field = field(atOffset: offset)
        return Self.signedDistance(field: field.value, slopeLength: field.slope.length, threshold: WaveGeometry.threshold, side: side)
    }

    /// Its coverage of the pixel whose centre is `offset` pixels from the
    /// centre (0 for a shape of no side).
    public func coverage(atOffset offset: Vec2) -> Double {
        guard side > 0 else { return 0 }
        return EdgeCoverage.coverage(signedDistance: signedDistance(atOffset: offset))
    }

    /// The signed distance in pixels from the field's value, its gradient's
    /// length (per unit of the side) and the side, in the arithmetic of `T`:
    /// (threshold - field) / max(|slope|, 1e-9) x side. (Its coverage,
    /// clamp(1/2 - d, 0, 1), is clamp((field - threshold) / |slope| x side
    /// + 1/2, 0, 1) to the bit: negation is exact.)
    @inlinable @inline(__always)
    public static func signedDistance<T: BinaryFloatingPoint>(field: T, slopeLength: T, threshold: T, side: T) -> T {
        (threshold - field) / max(slopeLength, 1e-9) * side
    }

    /// The same in eight Float lanes.
    @inlinable @inline(__always)
    public static func signedDistance(field: SIMD8<Float>, slopeLength: SIMD8<Float>, threshold: SIMD8<Float>, side: SIMD8<Float>) -> SIMD8<Float> {
        (threshold - field) / slopeLength.replacing(with: 1e-9, where: slopeLength .< 1e-9) * side
    }
}
