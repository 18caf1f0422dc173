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
}
