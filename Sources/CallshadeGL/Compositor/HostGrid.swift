import CallshadeCore

/// The low-resolution gradient of a host-composed frame, read back as
/// floats (`HostCompositor.readGrid`, the composition's first step): the
/// host interpolates the background from it, and the nodes it fills or
/// draws read it, and the grid's other outputs, through it.
struct HostGrid {
    let grid: LowResolutionGrid
    let size: FrameSize
    let upscaler: GridUpscaler
    /// RGBA float texels, `width` x `height` (the grid's texture, margin included).
    let values: [Float]
    let width: Int
    let height: Int
    /// The grid's target, whose other outputs `readOutput` reads.
    private let target: Framebuffer

    init(_ target: Framebuffer, values: [Float], grid: LowResolutionGrid, size: FrameSize, upscaler: GridUpscaler) {
        self.target = target
        self.values = values
        (width, height) = (target.width, target.height)
        self.grid = grid
        self.size = size
        self.upscaler = upscaler
    }

    /// The background at a frame point (pixels, y down), interpolated
    /// bilinearly from the grid as the lookup programs do (texel i of n
    /// inner ones at screen (i - 0.5) / n).
    /// The background as the host's nodes read it (`background`), with the grid it is read from.
    var hostBackground: HostBackground {
        HostBackground(evaluate: background, grid: HostBackground.Grid(innerWidth: grid.innerWidth, innerHeight: grid.innerHeight))
    }

    var background: @Sendable (Vec2) -> RGB {
        let (values, width, height, grid, size) = (values, width, height, grid, size)
        return { point in
            guard width > 1, height > 1, values.count == width * height * 4 else { return .black }
            let tx = min(max(point.x / Double(size.width) * Double(grid.innerWidth) + 0.5, 0), Double(width - 1))
            let ty = min(max(point.y / Double(size.height) * Double(grid.innerHeight) + 0.5, 0), Double(height - 1))
            let x0 = min(Int(tx), width - 2), y0 = min(Int(ty), height - 2)
            let fx = Float(tx - Double(x0)), fy = Float(ty - Double(y0))
            func channel(_ c: Int) -> Double {
                let top = values[(y0 * width + x0) * 4 + c] * (1 - fx) + values[(y0 * width + x0 + 1) * 4 + c] * fx
                let bottom = values[((y0 + 1) * width + x0) * 4 + c] * (1 - fx) + values[((y0 + 1) * width + x0 + 1) * 4 + c] * fx
                return Double(top * (1 - fy) + bottom * fy)
            }
            return RGB(channel(0), channel(1), channel(2))
        }
    }

    /// The texels of the grid that the pixels of `rect` interpolate between.
    func window(covering rect: PixelRect) -> PixelRect {
        upscaler.window(covering: rect)
    }

    /// Texels `window` of output `attachment` of the grid's target (one of
    /// the `GridOutputs` a node asked for) as RGBA floats, read into `spare`
    /// when it has the size.
    func readOutput(_ attachment: Int, window: PixelRect, reusing spare: [Float] = []) throws -> [Float] {
        let count = window.pixelCount * 4
        var values = spare
        if values.count != count { values = [Float](repeating: 0, count: count) }
        try target.bind()
        try values.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            try GLCalls.readPixels(window, attachment: attachment, as: .rgba32f, into: base)
        }
        return values
    }
}

/// The background a host-composed frame's nodes read (the glass's lattice),
/// and where it comes from: a host grid of a shape, or the gradient evaluated
/// exactly (no grid). Values made from it are kept by both.
struct HostBackground: Sendable {
    struct Grid: Hashable, Sendable {
        let innerWidth: Int
        let innerHeight: Int
    }

    /// The background at a frame point (pixels, y down).
    let evaluate: @Sendable (Vec2) -> RGB
    /// The grid it is interpolated from; nil: the gradient itself.
    let grid: Grid?
}
