import CallshadeCore

/// What the host-side composition keeps from frame to frame: the gradient
/// read back as floats, the foreground's square, and the interpolation tables.
struct HostBuffers {
    private var gridValues: [Float] = []
    private var gridSize = (width: 0, height: 0)
    private var overlay: [UInt8] = []
    private var overlayRect: PixelRect?
    private var upscaler: GridUpscaler?

    /// Reads the low-resolution gradient (bound, half-float) as 32-bit floats;
    /// a new frame begins, with nothing to paste until `readOverlay`.
    mutating func readGrid(_ target: Framebuffer) throws {
        let count = target.width * target.height * 4
        if gridValues.count != count { gridValues = [Float](repeating: 0, count: count) }
        gridSize = (target.width, target.height)
        try gridValues.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            try GLCalls.readPixels(target.bounds, as: .rgba32f, into: base)
        }
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

    /// The background of a frame as RGBA8 pixels, interpolated from the grid read last.
    mutating func backgroundRGBA(size: FrameSize, grid: LowResolutionGrid, dither: Bool) -> [UInt8] {
        let upscaler = upscaler(size: size, grid: grid)
        let planes = GridPlanes.rgb(gridValues, width: gridSize.width, height: gridSize.height)
        let count = size.pixelCount * 4
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialised in
            guard let output = buffer.baseAddress else { return }
            upscaler.fillRGBA(output, from: planes, dither: dither)
            initialised = count
        }
    }

    /// Pastes the overlay read last over an RGBA frame `width` pixels wide.
    mutating func pasteOverlay(into pixels: inout [UInt8], width: Int) {
        guard let rect = overlayRect else { return }
        overlay.withUnsafeMutableBufferPointer { overlay in
            pixels.withUnsafeMutableBufferPointer { pixels in
                guard let source = overlay.baseAddress, let target = pixels.baseAddress else { return }
                GridUpscaler.paste(GridUpscaler.Overlay(rect: rect, pixels: SendablePointer(address: source)),
                                   into: target, frameWidth: width)
            }
        }
    }

    /// The background of a frame as I420 planes (even size, no dither):
    /// luma and chroma interpolated from the grid's Y, Cb and Cr.
    mutating func backgroundYUV420(size: FrameSize, grid: LowResolutionGrid, into output: inout [UInt8]) {
        let upscaler = upscaler(size: size, grid: grid)
        let count = YUV420.frameBytes(width: size.width, height: size.height)
        if output.count != count { output = [UInt8](repeating: 0, count: count) }
        let ycbcr = GridPlanes.ycbcr(gridValues, width: gridSize.width, height: gridSize.height)
        output.withUnsafeMutableBufferPointer { planes in
            guard let planes = planes.baseAddress else { return }
            upscaler.fillYUV420(planes, from: ycbcr)
        }
    }

    /// Pastes the overlay read last over I420 planes: every 2x2 block with
    /// an overlay pixel is converted again from its four pixels, the
    /// background's (as the RGBA path computes it) where the overlay has none.
    mutating func pasteOverlayYUV420(size: FrameSize, grid: LowResolutionGrid, into output: inout [UInt8]) {
        guard let rect = overlayRect, output.count == YUV420.frameBytes(width: size.width, height: size.height) else { return }
        let upscaler = upscaler(size: size, grid: grid)
        let rgb = GridPlanes.rgb(gridValues, width: gridSize.width, height: gridSize.height)
        let converter = YUV420.FixedPointYCbCr()
        let width = size.width
        let chromaWidth = width / 2
        let cbStart = width * size.height
        let crStart = cbStart + chromaWidth * (size.height / 2)
        // The overlay's rectangle grown to even edges, in 2x2 blocks.
        let firstBlockRow = rect.y / 2
        let blockRows = (min(rect.y + rect.height + 1, size.height) / 2) - firstBlockRow
        let firstBlockColumn = rect.x / 2
        let lastBlockColumn = min(rect.x + rect.width + 1, width) / 2
        overlay.withUnsafeMutableBufferPointer { overlay in
            output.withUnsafeMutableBufferPointer { planes in
                guard let source = overlay.baseAddress, let target = planes.baseAddress else { return }
                let pixels = SendablePointer(address: source)
                let frame = SendablePointer(address: target)
                GridUpscaler.inBands(rows: blockRows) { band in
                    for blockRow in band {
                        let y = (firstBlockRow + blockRow) * 2
                        for blockColumn in firstBlockColumn..<lastBlockColumn {
                            let x = blockColumn * 2
                            // The overlay's pixel at frame (px, py), or nil where it has none.
                            func pasted(_ px: Int, _ py: Int) -> (Int32, Int32, Int32)? {
                                let ox = px - rect.x
                                let oy = py - rect.y
                                guard ox >= 0, ox < rect.width, oy >= 0, oy < rect.height else { return nil }
                                let at = (oy * rect.width + ox) * 4
                                guard pixels[at + 3] != 0 else { return nil }
                                return (Int32(pixels[at]), Int32(pixels[at + 1]), Int32(pixels[at + 2]))
                            }
                            let corners = (pasted(x, y), pasted(x + 1, y), pasted(x, y + 1), pasted(x + 1, y + 1))
                            guard corners.0 != nil || corners.1 != nil || corners.2 != nil || corners.3 != nil else { continue }
                            let topLeft = corners.0 ?? upscaler.backgroundPixel(x: x, y: y, from: rgb)
                            let topRight = corners.1 ?? upscaler.backgroundPixel(x: x + 1, y: y, from: rgb)
                            let bottomLeft = corners.2 ?? upscaler.backgroundPixel(x: x, y: y + 1, from: rgb)
                            let bottomRight = corners.3 ?? upscaler.backgroundPixel(x: x + 1, y: y + 1, from: rgb)
                            frame[y * width + x] = converter.luma(topLeft.0, topLeft.1, topLeft.2)
                            frame[y * width + x + 1] = converter.luma(topRight.0, topRight.1, topRight.2)
                            frame[(y + 1) * width + x] = converter.luma(bottomLeft.0, bottomLeft.1, bottomLeft.2)
                            frame[(y + 1) * width + x + 1] = converter.luma(bottomRight.0, bottomRight.1, bottomRight.2)
                            let sum = (topLeft.0 + topRight.0 + bottomLeft.0 + bottomRight.0,
                                       topLeft.1 + topRight.1 + bottomLeft.1 + bottomRight.1,
                                       topLeft.2 + topRight.2 + bottomLeft.2 + bottomRight.2)
                            let chroma = (y / 2) * chromaWidth + blockColumn
                            (frame[cbStart + chroma], frame[crStart + chroma]) = converter.chroma(sum.0, sum.1, sum.2)
                        }
                    }
                }
            }
        }
    }
}
