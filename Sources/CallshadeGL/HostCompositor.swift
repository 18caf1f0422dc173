import CallshadeCore

/// The host compositor: composes a frame on the CPU from what the GPU drew
/// (the route `render` takes on a software rasteriser). It reads back the
/// low-resolution gradient as floats and the foreground's square, fills the
/// background by interpolating the gradient, and pastes the foreground's
/// tiles over it, as RGBA or as I420 planes; its buffers and interpolation
/// tables are kept from frame to frame.
///
/// The host route always shows the background, so the foreground is opaque
/// wherever it draws: pasting copies its tiles whole, and leaves the rest
/// of the square (never drawn) alone. Tiles where only the waves show are
/// not drawn at all: the GPU draws the low-resolution gradient also as seen
/// through the waves, and the host interpolates that over them as it does
/// the background; where a wave's coverage changes within a tile, the host
/// works it out a pixel (`WaveEdgeWeights`) and mixes by it. Nodes nothing
/// the GPU draws lies above (glass, text) the host draws itself, last.
struct HostCompositor {
    private var gridValues: [Float] = []
    private var gridSize = (width: 0, height: 0)
    /// The boxes of the overlay read back (frame pixels), each with its pixels and the rectangles of it to paste.
    private var overlay: [(box: PixelRect, pixels: [UInt8], rects: [PixelRect])] = []
    /// Pixel buffers of the frame before's boxes, to read into again.
    private var spareOverlays: [[UInt8]] = []
    /// The gradient seen through the waves at each constant coverage, read
    /// back as floats, with the tiles it fills.
    private var wavesGrids: [(rects: [PixelRect], values: [Float], window: PixelRect)] = []
    /// The foreground's tiles the host composes (but those of waves alone at
    /// a constant coverage), each with its kind, with what composes them and
    /// the gradient seen through one wave (read back as floats) when the waves show.
    private var foreground: (tiles: [(rect: PixelRect, kind: AvatarWavesTile)], parts: HostForeground,
                             through: (values: [Float], window: PixelRect)?)?
    /// The foreground's square, which the background fill leaves to the
    /// foreground, with the tiles of it where the background shows after all.
    private var square: (region: PixelRect, background: [PixelRect])?
    /// Their buffers from the frame before, to read into again.
    private var spareValues: [[Float]] = []
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
        spareOverlays = Array((spareOverlays + overlay.map(\.pixels)).suffix(8))
        overlay.removeAll(keepingCapacity: true)
        spareValues += wavesGrids.map(\.values) + (foreground?.through.map { [$0.values] } ?? [])
        wavesGrids = []
        foreground = nil
        square = nil
    }

    /// The background at frame point `point` (pixels, y down) of a frame of
    /// `size`, interpolated bilinearly from the grid read last as the
    /// lookup programs do (texel i of n inner ones at screen (i - 0.5) / n).
    func background(at point: Vec2, size: FrameSize, grid: LowResolutionGrid) -> RGB {
        let width = gridSize.width, height = gridSize.height
        guard width > 1, height > 1, gridValues.count == width * height * 4 else { return .black }
        let tx = min(max(point.x / Double(size.width) * Double(grid.innerWidth) + 0.5, 0), Double(width - 1))
        let ty = min(max(point.y / Double(size.height) * Double(grid.innerHeight) + 0.5, 0), Double(height - 1))
        let x0 = min(Int(tx), width - 2), y0 = min(Int(ty), height - 2)
        let fx = Float(tx - Double(x0)), fy = Float(ty - Double(y0))
        func channel(_ c: Int) -> Double {
            let top = gridValues[(y0 * width + x0) * 4 + c] * (1 - fx) + gridValues[(y0 * width + x0 + 1) * 4 + c] * fx
            let bottom = gridValues[((y0 + 1) * width + x0) * 4 + c] * (1 - fx) + gridValues[((y0 + 1) * width + x0 + 1) * 4 + c] * fx
            return Double(top * (1 - fy) + bottom * fy)
        }
        return RGB(channel(0), channel(1), channel(2))
    }

    /// The texels of the grid that the pixels of `rect` interpolate between.
    mutating func gridWindow(covering rect: PixelRect, size: FrameSize, grid: LowResolutionGrid) -> PixelRect {
        upscaler(size: size, grid: grid).window(covering: rect)
    }

    /// Reads texels `window` of output `attachment` of the bound grid target
    /// (the gradient seen through waves of a constant coverage) as floats, to
    /// fill `rects` of the frame from.
    mutating func readWavesGrid(_ window: PixelRect, attachment: Int, for rects: [PixelRect]) throws {
        let count = window.pixelCount * 4
        var values = spareValues.popLast() ?? []
        if values.count != count { values = [Float](repeating: 0, count: count) }
        try values.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            try GLCalls.readPixels(window, attachment: attachment, as: .rgba32f, into: base)
        }
        wavesGrids.append((rects, values, window))
    }

    /// Leaves `region` (the foreground's square, even corner and size) out
    /// of the I420 background fill but for `background`, the tiles of it
    /// where the background shows: every other tile of it the foreground fills.
    mutating func leaveToForeground(_ region: PixelRect, but background: [PixelRect]) {
        square = (region, background)
    }

    /// Takes `tiles` of the foreground to compose with `parts`; with
    /// `window`, reads those texels of output 1 of the bound grid target (the
    /// gradient seen through one wave) as floats for them.
    mutating func composeForeground(_ tiles: [(rect: PixelRect, kind: AvatarWavesTile)], with parts: HostForeground,
                                    throughWavesAt window: PixelRect?) throws {
        var through: (values: [Float], window: PixelRect)?
        if let window {
            let count = window.pixelCount * 4
            var values = spareValues.popLast() ?? []
            if values.count != count { values = [Float](repeating: 0, count: count) }
            try values.withUnsafeMutableBytes { buffer in
                guard let base = buffer.baseAddress else { return }
                try GLCalls.readPixels(window, attachment: 1, as: .rgba32f, into: base)
            }
            through = (values, window)
        }
        foreground = (tiles, parts, through)
    }

    /// Reads `box` of the frame back as RGBA8 from the bound target, which
    /// holds `region` of the frame in its bottom-left (row 0) corner, to paste
    /// `rects` of it later. A frame's boxes are disjoint: only they are read,
    /// not all of `region`.
    mutating func readOverlay(_ box: PixelRect, of region: PixelRect, pasting rects: [PixelRect]) throws {
        let count = box.pixelCount * 4
        var pixels = spareOverlays.popLast() ?? []
        if pixels.count != count { pixels = [UInt8](repeating: 0, count: count) }
        try pixels.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            try GLCalls.readPixels(PixelRect(x: box.x - region.x, y: box.y - region.y, width: box.width, height: box.height), into: base)
        }
        overlay.append((box, pixels, rects))
    }

    /// Runs `body` on the tiles read last, split over the cores, with the
    /// address of each rectangle's top-left pixel in its box and the box's row length.
    private mutating func forEachTile(_ body: @escaping @Sendable (PixelRect, UnsafePointer<UInt8>, Int) -> Void) {
        for index in overlay.indices {
            let (box, rects) = (overlay[index].box, overlay[index].rects)
            overlay[index].pixels.withUnsafeMutableBufferPointer { overlay in
                guard let base = overlay.baseAddress else { return }
                let pixels = SendablePointer(address: base)
                GridUpscaler.inBands(rows: rects.count) { band in
                    for rect in rects[band] {
                        body(rect, pixels.address + ((rect.y - box.y) * box.width + rect.x - box.x) * 4, box.width)
                    }
                }
            }
        }
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
            let target = SendablePointer(address: output)
            for waves in wavesGrids {
                let planes = GridPlanes.rgb(waves.values, width: waves.window.width, height: waves.window.height)
                let rects = waves.rects
                GridUpscaler.inBands(rows: rects.count) { band in
                    for rect in rects[band] {
                        upscaler.fillRGBA(rect, from: planes, window: waves.window, dither: dither, into: target.address)
                    }
                }
            }
            if let foreground {
                let through = foreground.through.map { (GridPlanes.rgb($0.values, width: $0.window.width, height: $0.window.height), $0.window) }
                let (tiles, parts) = (foreground.tiles, foreground.parts)
                GridUpscaler.inBands(rows: tiles.count) { band in
                    for tile in tiles[band] {
                        upscaler.fillRGBA(tile.rect, kind: tile.kind, foreground: parts, base: planes, through: through, dither: dither,
                                          into: target.address)
                    }
                }
            }
            initialised = count
        }
    }

    /// Pastes the tiles read last over an RGBA frame `width` pixels wide.
    mutating func pasteOverlay(into pixels: inout [UInt8], width: Int) {
        pixels.withUnsafeMutableBufferPointer { pixels in
            guard let target = pixels.baseAddress else { return }
            let frame = SendablePointer(address: target)
            forEachTile { rect, source, rowLength in
                for row in 0..<rect.height {
                    (frame.address + ((rect.y + row) * width + rect.x) * 4).update(from: source + row * rowLength * 4, count: rect.width * 4)
                }
            }
        }
    }

    /// Draws `drawings` (bottom to top; nothing the GPU draws lies above
    /// them) over an RGBA frame composed already, in bands of rows over the
    /// cores, each band every drawing in order.
    func drawOnHost(_ drawings: [any HostDrawing], size: FrameSize, into pixels: inout [UInt8]) {
        guard !drawings.isEmpty, pixels.count == size.pixelCount * 4 else { return }
        pixels.withUnsafeMutableBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            let target = SendablePointer(address: base)
            HostBands(drawings, height: size.height).run { band in
                for drawing in drawings { drawing.draw(into: target.address, rows: band) }
            }
        }
    }

    /// The same over I420 planes composed already, straight into the planes.
    func drawOnHostYUV420(_ drawings: [any HostDrawing], size: FrameSize, into output: inout [UInt8]) {
        guard !drawings.isEmpty, output.count == YUV420.frameBytes(width: size.width, height: size.height) else { return }
        output.withUnsafeMutableBufferPointer { planes in
            guard let base = planes.baseAddress else { return }
            let target = SendablePointer(address: base)
            HostBands(drawings, height: size.height).run { band in
                for drawing in drawings { drawing.drawYUV420(into: target.address, rows: band) }
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
            upscaler.fillYUV420(planes, from: ycbcr, leaving: square?.region)
            let target = SendablePointer(address: planes)
            if let rects = square?.background {
                let allTexels = PixelRect(x: 0, y: 0, width: ycbcr.width, height: ycbcr.height)
                GridUpscaler.inBands(rows: rects.count) { band in
                    for rect in rects[band] { upscaler.fillYUV420(rect, from: ycbcr, window: allTexels, into: target.address) }
                }
            }
            for waves in wavesGrids {
                let ycbcr = GridPlanes.ycbcr(waves.values, width: waves.window.width, height: waves.window.height)
                let rects = waves.rects
                GridUpscaler.inBands(rows: rects.count) { band in
                    for rect in rects[band] { upscaler.fillYUV420(rect, from: ycbcr, window: waves.window, into: target.address) }
                }
            }
            if let foreground {
                let through = foreground.through.map { (GridPlanes.ycbcr($0.values, width: $0.window.width, height: $0.window.height), $0.window) }
                let (tiles, parts) = (foreground.tiles, foreground.parts)
                GridUpscaler.inBands(rows: tiles.count) { band in
                    for tile in tiles[band] {
                        upscaler.fillYUV420(tile.rect, kind: tile.kind, foreground: parts, base: ycbcr, through: through, into: target.address)
                    }
                }
            }
        }
    }

    /// Pastes the tiles read last over I420 planes of a frame of `size`
    /// (even), converted by the fixed-point converter: tiles have even edges,
    /// so each 2x2 block is all foreground or all background.
    mutating func pasteOverlayYUV420(size: FrameSize, into output: inout [UInt8]) {
        guard output.count == YUV420.frameBytes(width: size.width, height: size.height) else { return }
        let converter = YUV420.FixedPointYCbCr()
        output.withUnsafeMutableBufferPointer { planes in
            guard let target = planes.baseAddress else { return }
            let frame = SendablePointer(address: target)
            forEachTile { rect, source, rowLength in
                converter.convert(source, rowLength: rowLength, block: rect, into: frame.address, width: size.width, height: size.height)
            }
        }
    }
}

