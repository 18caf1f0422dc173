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
}
