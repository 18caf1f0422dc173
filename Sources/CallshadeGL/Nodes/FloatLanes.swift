/// Unaligned loads and stores of a row's Float values, eight (or four)
/// lanes at a time: what the host's row loops share (`HostShadedDrawing`,
/// `HostVideo`, `HostWallpaper`).
protocol FloatLanes {}

extension FloatLanes {
    @inline(__always)
    static func load(_ pointer: UnsafeMutablePointer<Float>) -> SIMD8<Float> {
        UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Float>.self)
    }

    @inline(__always)
    static func load(_ pointer: UnsafePointer<Float>) -> SIMD8<Float> {
        UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Float>.self)
    }

    @inline(__always)
    static func load4(_ pointer: UnsafeMutablePointer<Float>) -> SIMD4<Float> {
        UnsafeRawPointer(pointer).loadUnaligned(as: SIMD4<Float>.self)
    }

    @inline(__always)
    static func store(_ value: SIMD8<Float>, _ pointer: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: SIMD8<Float>.self)
    }

    @inline(__always)
    static func store(_ value: SIMD4<Float>, _ pointer: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: SIMD4<Float>.self)
    }

    /// `value` clamped to `low...high` as the processor's own maximum and
    /// then minimum compare (SSE's `maxps` and `minps`, one instruction
    /// each, where a clamp by masks takes several): the same floats but
    /// for a -0, raised to +0 (no frame's byte depends on a zero's sign
    /// here: it is added to a level or a sum, or scaled into one), and a NaN
    /// (no code or level is one).
    @inline(__always)
    static func clamped(_ value: SIMD8<Float>, _ low: Float, _ high: Float) -> SIMD8<Float> {
        let raised = value.replacing(with: low, where: .!(value .> low))
        return raised.replacing(with: high, where: .!(raised .< high))
    }
}
