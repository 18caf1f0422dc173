import CallshadeCore

/// What the host-side composition keeps from frame to frame: the gradient
/// read back as floats, the foreground's square, and the interpolation tables.
struct HostBuffers {
    private var gridValues: [Float] = []
    private var gridSize = (width: 0, height: 0)
    private var overlay: [UInt8] = []
    private var overlayRect: PixelRect?
    private var square: [UInt8] = []
    private var upscaler: GridUpscaler?

    /// Reads the low-resolution gradient (bound, half-float) as 32-bit floats.
    mutating func readGrid(_ target: Framebuffer) throws {
        let count = target.width * target.height * 4
        if gridValues.count != count { gridValues = [Float](repeating: 0, count: count) }
        gridSize = (target.width, target.height)
        try gridValues.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            try GLCalls.readPixels(target.bounds, as: .rgba32f, into: base)
        }
    }

    /// Nothing to paste over the next frame (until `readOverlay`).
    mutating func forgetOverlay() {
        overlayRect = nil
    }

    /// Reads the foreground to paste over `rect` of the frame from the bound
    /// target's bottom-left (row 0) rect.width x rect.height pixels, as RGBA8.
    mutating func readOverlay(_ rect: PixelRect) throws {
        let count = rect.pixelCount * 4
        if overlay.count != count { overlay = [UInt8](repeating: 0, count: count) }
        try overlay.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            try GLCalls.readPixels(PixelRect(x: 0, y: 0, width: rect.width, height: rect.height), into: base)
        }
        overlayRect = rect
    }

    private mutating func upscaler(size: FrameSize, grid: LowResolutionGrid) -> GridUpscaler {
        if let upscaler, upscaler.size == size, upscaler.grid == grid { return upscaler }
        let made = GridUpscaler(size: size, grid: grid)
        upscaler = made
        return made
    }

    /// The frame as RGBA: the interpolated background, the overlay read last pasted over it.
    mutating func composeRGBA(size: FrameSize, grid: LowResolutionGrid, dither: Bool) -> RGBAImage? {
        let upscaler = upscaler(size: size, grid: grid)
        let planes = GridPlanes.rgb(gridValues, width: gridSize.width, height: gridSize.height)
        let count = size.pixelCount * 4
        let rect = overlayRect
        let pixels = overlay.withUnsafeMutableBufferPointer { overlay in
            [UInt8](unsafeUninitializedCapacity: count) { buffer, initialised in
                guard let output = buffer.baseAddress else { return }
                var pasted: GridUpscaler.Overlay?
                if let rect, let overlay = overlay.baseAddress {
                    pasted = GridUpscaler.Overlay(rect: rect, pixels: SendablePointer(address: overlay))
                }
                upscaler.fillRGBA(output, rect: PixelRect(x: 0, y: 0, width: size.width, height: size.height), from: planes,
                                  dither: dither, overlay: pasted)
                initialised = count
            }
        }
        return RGBAImage(width: size.width, height: size.height, pixels: pixels)
    }

    /// The frame as I420 planes (even size, no dither): luma and chroma
    /// interpolated from the gradient's Y, Cb and Cr; around the overlay, a
    /// square composed as RGBA and converted like any RGBA frame.
    mutating func composeYUV420(size: FrameSize, grid: LowResolutionGrid, into output: inout [UInt8]) {
        let upscaler = upscaler(size: size, grid: grid)
        let count = YUV420.frameBytes(width: size.width, height: size.height)
        if output.count != count { output = [UInt8](repeating: 0, count: count) }
        let ycbcr = GridPlanes.ycbcr(gridValues, width: gridSize.width, height: gridSize.height)
        output.withUnsafeMutableBufferPointer { planes in
            guard let planes = planes.baseAddress else { return }
            upscaler.fillYUV420(planes, from: ycbcr)
            guard let rect = overlayRect else { return }
            // The overlay's rectangle grown to even edges, so it covers whole chroma blocks.
            let left = rect.x - rect.x % 2
            let top = rect.y - rect.y % 2
            let block = PixelRect(x: left, y: top, width: min(rect.x + rect.width + 1, size.width) / 2 * 2 - left,
                                  height: min(rect.y + rect.height + 1, size.height) / 2 * 2 - top)
            if square.count != block.pixelCount * 4 { square = [UInt8](repeating: 0, count: block.pixelCount * 4) }
            let rgb = GridPlanes.rgb(gridValues, width: gridSize.width, height: gridSize.height)
            square.withUnsafeMutableBufferPointer { square in
                overlay.withUnsafeMutableBufferPointer { overlay in
                    guard let square = square.baseAddress, let overlay = overlay.baseAddress else { return }
                    upscaler.fillRGBA(square, rect: block, from: rgb, dither: false,
                                      overlay: GridUpscaler.Overlay(rect: rect, pixels: SendablePointer(address: overlay)))
                    YUV420.convertFast(square, block, intoFrame: planes, width: size.width, height: size.height)
                }
            }
        }
    }
}
