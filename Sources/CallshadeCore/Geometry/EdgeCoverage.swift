/// The anti-aliasing rule every shape is drawn with: a pixel's coverage is
/// the shape's signed distance at its centre (pixels, negative inside)
/// taken over one pixel, clamp(1/2 - d, 0, 1). `shapes.glsl` has the same
/// rule as `edgeCoverage`.
public enum EdgeCoverage {
    /// clamp(1/2 - `signedDistance`, 0, 1), in the arithmetic of `T`
    /// (the reference's Double, the host's Float).
    @inlinable @inline(__always)
    public static func coverage<T: BinaryFloatingPoint>(signedDistance: T) -> T {
        min(max(0.5 - signedDistance, 0), 1)
    }

    /// The same in eight Float lanes (the host's rows), clamped by masks
    /// (the generic pointwise min and max are slow).
    @inlinable @inline(__always)
    public static func coverage(signedDistance: SIMD8<Float>) -> SIMD8<Float> {
        let coverage = 0.5 - signedDistance
        return coverage.replacing(with: 0, where: coverage .< 0).replacing(with: 1, where: coverage .> 1)
    }
}
