import CallshadeCore

/// What the host-side composition keeps from frame to frame: the gradient
/// read back as floats, the foreground square, and the interpolation tables.
struct HostBuffers {
    private var gridValues: [Float] = []
    private var overlay: [UInt8] = []
    private var upscaler: GridUpscaler?

    /// Reads the low-resolution gradient (bound, half-float) as 32-bit floats.
    mutating func readGrid(_ target: Framebuffer) throws {
        let count = target.width * target.height * 4
        if gridValues.count != count { gridValues = [Float](repeating: 0, count: count) }
        try gridValues.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            try GLCalls.readPixels(target.bounds, as: .rgba32f, into: base)
        }
    }

    /// Reads one rectangle of the bound full-size target as RGBA8.
    mutating func readOverlay(_ rect: PixelRect, of target: Framebuffer) throws {
        let count = rect.pixelCount * 4
        if overlay.count != count { overlay = [UInt8](repeating: 0, count: count) }
        try overlay.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            try GLCalls.readPixels(rect, into: base)
        }
    }

    /// The full frame: the interpolated background with the overlay read last pasted over it.
    mutating func compose(size: FrameSize, grid: LowResolutionGrid, dither: Bool, overlay square: PixelRect?) -> RGBAImage? {
        if upscaler?.size != size || upscaler?.grid != grid { upscaler = GridUpscaler(size: size, grid: grid) }
        guard let upscaler else { return nil }
        let count = size.pixelCount * 4
        let pixels = gridValues.withUnsafeBufferPointer { values in
            overlay.withUnsafeMutableBufferPointer { overlay in
                [UInt8](unsafeUninitializedCapacity: count) { buffer, initialised in
                    guard let output = buffer.baseAddress, let values = values.baseAddress, let overlay = overlay.baseAddress else { return }
                    upscaler.fill(output, from: values, dither: dither,
                                  overlay: square.map { GridUpscaler.Overlay(rect: $0, pixels: SendablePointer(address: overlay)) })
                    initialised = count
                }
            }
        }
        return RGBAImage(width: size.width, height: size.height, pixels: pixels)
    }
}
