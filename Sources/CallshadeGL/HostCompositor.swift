import CallshadeCore
import Foundation

/// The host compositor: composes a frame on the CPU from what the GPU drew
/// (the route `render` takes on a software rasteriser). It reads back the
/// low-resolution gradient as floats, fills the background by
/// interpolating it, has the nodes that fill tiles on the host fill theirs
/// (`HostFill`), pastes the tiles the GPU drew over that (read back from
/// the overlay), and has the nodes drawn on the host draw themselves over
/// the result, last (`HostDrawing`); as RGBA or as I420 planes. Its buffers
/// and interpolation tables are kept from frame to frame.
///
/// The host route always shows the background, so every tile the GPU
/// draws is opaque: pasting copies it whole.
///
/// Its steps come in one order, each taking the value the step before
/// returned: `readGrid` gives the frame's `HostGrid`, from which the nodes'
/// host fills are made; `fillRGBA` or `fillYUV420` fills the background and
/// them into a `FilledFrame`; its `pasting` reads the GPU's tiles back and
/// pastes them into a `PastedFrame`; its `drawing` draws the host's
/// drawings over that, last, and gives the pixels.
struct HostCompositor {
    /// Buffers of the frame before, to read into again.
    private var spareGrid: [Float] = []
    private var spareOverlays: [[UInt8]] = []
    private var upscaler: GridUpscaler?
    /// The cores to split work over, asked of the system once (the question reads the CPU quota from files).
    let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// Reads the low-resolution gradient (`target`, half-float) as 32-bit
    /// floats: a frame of `size` begins.
    mutating func readGrid(_ target: Framebuffer, grid: LowResolutionGrid, size: FrameSize) throws -> HostGrid {
        let count = target.width * target.height * 4
        var values: [Float] = []
        swap(&values, &spareGrid)
        if values.count != count { values = [Float](repeating: 0, count: count) }
        try target.bind()
        try values.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            try GLCalls.readPixels(target.bounds, as: .rgba32f, into: base)
        }
        return HostGrid(target, values: values, grid: grid, size: size, upscaler: upscaler(size: size, grid: grid))
    }

    private mutating func upscaler(size: FrameSize, grid: LowResolutionGrid) -> GridUpscaler {
        if let upscaler, upscaler.size == size, upscaler.grid == grid { return upscaler }
        let made = GridUpscaler(size: size, grid: grid, cores: cores)
        upscaler = made
        return made
    }

    /// The frame as RGBA8 pixels: the background interpolated from `grid`, then `fills`.
    mutating func fillRGBA(_ grid: HostGrid, fills: [PlacedHostFill], dither: Bool) -> FilledFrame {
        let upscaler = grid.upscaler
        let planes = GridPlanes.rgb(grid.values, width: grid.width, height: grid.height)
        let count = grid.size.pixelCount * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialised in
            guard let output = buffer.baseAddress else { return }
            upscaler.fillRGBA(output, from: planes, dither: dither)
            for placed in fills { placed.fill.fillRGBA(from: planes, upscaler: upscaler, dither: dither, into: output) }
            initialised = count
        }
        spareGrid = grid.values
        return FilledFrame(pixels: pixels, format: .rgba, size: grid.size, cores: upscaler.cores)
    }

    /// The frame as I420 planes (even size, no dither), in `output`'s
    /// buffer: luma and chroma interpolated from the grid's Y, Cb and Cr,
    /// then `fills`. The region of the first fill is left to it (and to the
    /// GPU's tiles) but for its background tiles; `hidden` (which drawings
    /// write whole, `HostDrawing.writtenWhole`) is left as it is.
    mutating func fillYUV420(_ grid: HostGrid, fills: [PlacedHostFill], reusing output: consuming [UInt8],
                             hidden: [PixelRect] = []) -> FilledFrame {
        let upscaler = grid.upscaler
        let size = grid.size
        let count = YUV420.frameBytes(width: size.width, height: size.height)
        if output.count != count { output = [UInt8](repeating: 0, count: count) }
        let ycbcr = GridPlanes.ycbcr(grid.values, width: grid.width, height: grid.height)
        let hole = fills.first
        output.withUnsafeMutableBufferPointer { planes in
            guard let planes = planes.baseAddress else { return }
            upscaler.fillYUV420(planes, from: ycbcr, leaving: hole?.region, hidden: hidden)
            let target = SendablePointer(address: planes)
            if let rects = hole?.background {
                let allTexels = PixelRect(x: 0, y: 0, width: ycbcr.width, height: ycbcr.height)
                upscaler.inBands(rows: rects.count) { band in
                    for rect in rects[band] { upscaler.fillYUV420(rect, from: ycbcr, window: allTexels, into: target.address) }
                }
            }
            for placed in fills { placed.fill.fillYUV420(from: ycbcr, upscaler: upscaler, into: planes) }
        }
        spareGrid = grid.values
        return FilledFrame(pixels: output, format: .yuv420, size: size, cores: upscaler.cores)
    }

    /// A frame the host draws whole (no background; its lowest drawing is
    /// opaque over every pixel): nothing filled or pasted, its drawings come
    /// next. Its pixels are left as they were: the lowest drawing writes them all.
    func drawnWhole(size: FrameSize, format: HostFormat, reusing spare: consuming [UInt8] = []) -> PastedFrame {
        let count = format == .rgba ? size.pixelCount * 4 : YUV420.frameBytes(width: size.width, height: size.height)
        var pixels = spare
        if pixels.count != count { pixels = [UInt8](repeating: 0, count: count) }
        return PastedFrame(pixels: pixels, format: format, size: size, cores: cores)
    }

    /// Reads `box` of the frame back as RGBA8 from `target`, which holds
    /// `region` of the frame in its bottom-left (row 0) corner.
    fileprivate mutating func read(_ box: PixelRect, of region: PixelRect, from target: Framebuffer) throws -> [UInt8] {
        let inTarget = PixelRect(x: box.x - region.x, y: box.y - region.y, width: box.width, height: box.height)
        // A half-float overlay (a video call's frame) is rounded to 8 bits once, here.
        if target.color.format == .rgba16f { return try target.readRounded(inTarget) }
        let count = box.pixelCount * 4
        var pixels = spareOverlays.popLast() ?? []
        if pixels.count != count { pixels = [UInt8](repeating: 0, count: count) }
        try pixels.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            try GLCalls.readPixels(inTarget, into: base)
        }
        return pixels
    }

    /// Keeps the buffers of a frame's boxes for the next frame's.
    fileprivate mutating func keep(_ buffers: [[UInt8]]) {
        spareOverlays = Array((spareOverlays + buffers).suffix(8))
    }
}

/// How a host-composed frame's pixels are laid out.
enum HostFormat {
    /// RGBA8, rows top to bottom.
    case rgba
    /// I420 planes: Y, then Cb, then Cr (even size).
    case yuv420
}

/// The GPU's tiles of a host-composed frame, drawn into `target`, which
/// stands for `region` of the frame: disjoint boxes to read back, each with
/// the rectangles of it to paste (every one opaque: the host route always
/// shows the background).
struct DrawnOverlay {
    let target: Framebuffer
    let region: PixelRect
    let boxes: [(box: PixelRect, rects: [PixelRect])]
}

/// A host-composed frame with its background and the nodes' host fills:
/// the GPU's tiles come next. Not copyable: each step is taken once.
struct FilledFrame: ~Copyable {
    fileprivate var pixels: [UInt8]
    fileprivate let format: HostFormat
    fileprivate let size: FrameSize
    /// The cores to split the work over (the upscaler's count).
    fileprivate let cores: Int

    /// Waits for the GPU's tiles, reads them back and pastes them (as I420,
    /// by the fixed-point converter: tiles have even edges, so each 2x2 block
    /// is all one tile's or all the background's).
    consuming func pasting(_ overlay: DrawnOverlay?, with compositor: inout HostCompositor) throws -> PastedFrame {
        var pixels: [UInt8] = []
        swap(&pixels, &self.pixels)
        let (format, size, cores) = (self.format, self.size, self.cores)
        if let overlay {
            try overlay.target.bind(viewportWidth: overlay.region.width, viewportHeight: overlay.region.height)
            var read: [(box: PixelRect, pixels: [UInt8], rects: [PixelRect])] = []
            for (box, rects) in overlay.boxes {
                read.append((box, try compositor.read(box, of: overlay.region, from: overlay.target), rects))
            }
            pixels.withUnsafeMutableBufferPointer { frame in
                guard let base = frame.baseAddress else { return }
                let frame = SendablePointer(address: base)
                let converter = YUV420.FixedPointYCbCr()
                for index in read.indices {
                    let (box, rects) = (read[index].box, read[index].rects)
                    read[index].pixels.withUnsafeMutableBufferPointer { tiles in
                        guard let tiles = tiles.baseAddress else { return }
                        let source = SendablePointer(address: tiles)
                        GridUpscaler.inBands(rows: rects.count, cores: cores) { band in
                            for rect in rects[band] {
                                let start = source.address + ((rect.y - box.y) * box.width + rect.x - box.x) * 4
                                switch format {
                                case .rgba:
                                    for row in 0..<rect.height {
                                        (frame.address + ((rect.y + row) * size.width + rect.x) * 4)
                                            .update(from: start + row * box.width * 4, count: rect.width * 4)
                                    }
                                case .yuv420:
                                    converter.convert(start, rowLength: box.width, block: rect, into: frame.address, width: size.width,
                                                      height: size.height)
                                }
                            }
                        }
                    }
                }
            }
            compositor.keep(read.map(\.pixels))
        }
        return PastedFrame(pixels: pixels, format: format, size: size, cores: cores)
    }
}

/// A host-composed frame with the GPU's tiles pasted: the host's drawings come last.
struct PastedFrame: ~Copyable {
    fileprivate var pixels: [UInt8]
    fileprivate let format: HostFormat
    fileprivate let size: FrameSize
    fileprivate let cores: Int

    /// Draws `drawings` (bottom to top; nothing the GPU draws lies above
    /// them) over the frame, in bands of rows over the cores, each band
    /// every drawing in order; gives the frame's pixels. A drawing that
    /// reads the frame below it (`belowReader`) splits them: those below it
    /// are drawn in every band first, then it reads the frame.
    consuming func drawing(_ drawings: [any HostDrawing]) -> [UInt8] {
        var pixels: [UInt8] = []
        swap(&pixels, &self.pixels)
        let (format, size, cores) = (self.format, self.size, self.cores)
        guard !drawings.isEmpty else { return pixels }
        pixels.withUnsafeMutableBufferPointer { pixels in
            guard let base = pixels.baseAddress else { return }
            let target = SendablePointer(address: base)
            func draw(_ stage: ArraySlice<any HostDrawing>) {
                guard !stage.isEmpty else { return }
                HostBands(Array(stage), height: size.height, cores: cores).run { band in
                    for drawing in stage {
                        switch format {
                        case .rgba: drawing.draw(into: target.address, rows: band)
                        case .yuv420: drawing.drawYUV420(into: target.address, rows: band)
                        }
                    }
                }
            }
            var start = 0
            for (index, drawing) in drawings.enumerated() {
                guard let reader = drawing.belowReader else { continue }
                draw(drawings[start..<index])
                reader.read(target.address, format: format)
                start = index
            }
            draw(drawings[start...])
        }
        return pixels
    }
}
