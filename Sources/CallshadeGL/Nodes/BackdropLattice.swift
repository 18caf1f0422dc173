import CallshadeCore
import Foundation

/// What glass shows, ready for `glass.frag`: the toned background on a
/// lattice over the pixel centres of a region of the frame, blurred by a
/// separable Gaussian whose samples beyond the frame repeat its edge, as a
/// half-float texture that it reads bilinearly. On the host route the host
/// makes it from its grid and blurs it (`values`, which the host draws
/// from, uploaded when the GPU needs them); on the GPU passes the gradient
/// pass draws it and `BackdropBlurPass` blurs it, nothing read back. The
/// region is the glass grown by the blur's reach, so what lies beyond it
/// never reaches the glass.
final class BackdropLattice {
    /// What the lattice depends on: the frame, the region it covers, the
    /// background, the tone, the blur and the video glass shows over.
    struct Key: Equatable {
        let size: FrameSize
        let region: PixelRect
        /// The gradient and the glass's tone; nil over a video at full
        /// alpha, where the gradient is mixed in at weight 0 (`RGB.mix` of
        /// it and the video's copy at 1 is the copy, exactly), so that a
        /// lattice made for one frame serves the next while the picture stays.
        let backdrop: GradientParameters?
        let tone: Tone?
        let blur: Double
        let video: GlassVideo?
        let wallpaper: WallpaperNode?

        /// The key of `glass` in a frame of `size`: a region that holds it and every point its blur reads.
        init(_ glass: GlassNode, size: FrameSize) {
            self.size = size
            let reach = 4 * max(glass.blur, 0) + 2 * BackdropLattice.largestSpacing + 2
            let frame = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
            let left = min(max((glass.x - reach).rounded(.down), 0), Double(size.width))
            let top = min(max((glass.y - reach).rounded(.down), 0), Double(size.height))
            let right = min(max((glass.x + glass.width + reach).rounded(.up), 0), Double(size.width))
            let bottom = min(max((glass.y + glass.height + reach).rounded(.up), 0), Double(size.height))
            let region = PixelRect(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top)).intersection(frame)
            self.region = region.isEmpty ? PixelRect(x: 0, y: 0, width: min(size.width, 1), height: min(size.height, 1)) : region
            let videoHidesBackdrop = glass.wallpaper == nil && (glass.video?.alpha ?? 0) >= 1
            backdrop = videoHidesBackdrop ? nil : glass.backdrop
            tone = videoHidesBackdrop ? nil : glass.tone
            blur = glass.blur
            video = glass.video
            wallpaper = glass.wallpaper
        }
    }

    let key: Key
    private let context: GLContext
    /// The texture, once the GPU has needed it (the host draws from `values`
    /// alone); until then, a texture of an older lattice to reuse if its size fits.
    private(set) var uploaded: Texture?
    private var spare: Texture?
    /// The blurred toned values (RGBA floats, `columns` x `rows`), as
    /// uploaded; empty for a lattice made and blurred on the GPU.
    private let values: [Float]
    private let columns: Int
    private let rows: Int

    /// The values and where they lie, to sample on any thread.
    struct Samples: Sendable {
        let values: [Float]
        let columns: Int
        let rows: Int
        let first: Vec2
        let spacing: Vec2

        /// Where frame row (or column) `y` (pixels) falls between lattice
        /// rows: the one above and the weight of the one below, edges clamped,
        /// as the GPU's bilinear filter reads the texture.
        func row(at y: Double) -> (index: Int, weight: Float) {
            Self.place(y, first: first.y, spacing: spacing.y, count: rows)
        }

        func column(at x: Double) -> (index: Int, weight: Float) {
            Self.place(x, first: first.x, spacing: spacing.x, count: columns)
        }

        private static func place(_ value: Double, first: Double, spacing: Double, count: Int) -> (index: Int, weight: Float) {
            let t = min(max((value - first) / spacing, 0), Double(count - 1))
            let index = min(Int(t), count - 2)
            return (index, Float(t - Double(index)))
        }
    }

    /// Whether the host made it (and so has its values to draw from).
    var hasHostValues: Bool { !values.isEmpty }

    /// Its values to sample on the host: nil for a lattice made on the GPU.
    var samples: Samples? {
        values.isEmpty ? nil : Samples(values: values, columns: columns, rows: rows, first: first, spacing: spacing)
    }
    /// The frame pixel of lattice point (0, 0), and the spacing in x and y.
    let first: Vec2
    let spacing: Vec2

    /// The widest spacing, in pixels: points are half the blur's deviation
    /// apart (the blurred field is far smoother than that), at most 16 pixels.
    static let largestSpacing = 16.0

    /// Whether what glass shows has edges far sharper than its blur (a
    /// video's copy and bars, the wallpaper's pattern): then the background
    /// is sampled densely for the blur's sums.
    private static func sharpBelow(_ key: Key) -> Bool { key.video != nil || key.wallpaper != nil }

    /// Every how many sampled points, along each axis, the blurred values are
    /// kept: 4 where the background is sampled an eighth of the blur apart,
    /// so that the kept lattice is half the blur apart, as over the gradient
    /// (the blurred field is smooth on that scale: read bilinearly it is
    /// within a few hundredths of a level of the dense one over the chat's
    /// bars). The sums are made only at the kept points.
    static func decimation(_ key: Key) -> Int { sharpBelow(key) ? 4 : 1 }

    /// The lattice's points across and down, its first point and its spacing,
    /// for `key`: half the blur apart over the gradient; over a video (whose
    /// copy and bars' edges are far less smooth than the gradient) or the
    /// chat's wallpaper (its pattern's edges) the background is sampled an
    /// eighth of the blur apart, as the reference's, and the blur is kept at
    /// every `Self.decimation(key)`-th of those points.
    private static func geometry(_ key: Key) -> (columns: Int, rows: Int, first: Vec2, spacing: Vec2) {
        let region = key.region
        let step = min(Self.largestSpacing, max(1, key.blur / (Self.sharpBelow(key) ? 8 : 2)))
        // A whole number of kept intervals, so that the last kept point is the region's last pixel centre.
        let stride = Self.decimation(key)
        func points(_ extent: Int) -> Int {
            let intervals = Int((Double(max(extent - 1, 0)) / (step * Double(stride))).rounded(.up))
            return max(1, intervals) * stride + 1
        }
        let columns = points(region.width), rows = points(region.height)
        return (columns, rows, Vec2(Double(region.x) + 0.5, Double(region.y) + 0.5),
                Vec2(Double(max(region.width - 1, 1)) / Double(columns - 1), Double(max(region.height - 1, 1)) / Double(rows - 1)))
    }

    /// The lattice with the toned background made on the host from
    /// `background` (the colour at a frame point, from the low-resolution
    /// grid the host has read back already): no pass, no wait for the GPU.
    /// `spare`, a texture of the frame before, is reused when its size fits.
    convenience init(_ key: Key, context: GLContext, background: @escaping @Sendable (Vec2) -> RGB, copy: VideoBlurredCopy?, reusing spare: Texture?, cores: Int) throws {
        self.init(Self.values(key, background: background, copy: copy, cores: cores), context: context, reusing: spare)
    }

    /// The toned, blurred values of `key`'s lattice from `background`: pure
    /// work, on any thread (several lattices of a frame are made at once).
    struct Values: Sendable {
        let key: Key
        let values: [Float]
        let columns: Int
        let rows: Int
        let first: Vec2
        let spacing: Vec2
    }

    /// The lattice made from values made already.
    init(_ made: Values, context: GLContext, reusing spare: Texture?) {
        key = made.key
        first = made.first
        spacing = made.spacing
        values = made.values
        columns = made.columns
        rows = made.rows
        self.context = context
        self.spare = spare
    }

    /// Over a video (`key.video`), `copy` is its blurred copy (`VideoBlurredCopy`);
    /// over the chat's wallpaper (`key.wallpaper`), `background` is not read.
    /// A large blur is split over `cores` (the renderer's count, asked of the system once).
    static func values(_ key: Key, background: @escaping @Sendable (Vec2) -> RGB, copy: VideoBlurredCopy?, cores: Int) -> Values {
        let (columns, rows, first, spacing) = Self.geometry(key)
        var values = [Float](repeating: 1, count: columns * rows * 4)
        // Taken out of the key once, not copied (with their pictures' references) at every point.
        let (tone, wallpaper, video, size) = (key.tone, key.wallpaper, key.video, key.size)
        let xs = (0..<columns).map { first.x + Double($0) * spacing.x }
        // Over the chat's wallpaper, the wallpaper itself (the frame has no gradient), found along rows.
        let sampler = wallpaper.map { WallpaperNode.RowSampler($0, xs: xs, size: size) }
        values.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let output = SendablePointer(address: base)
            // Made once: unwrapping the video, or making its node, at each point would copy it (and its picture's references) there.
            let over = copy.flatMap { copy in video.map { (shown: $0.shownAtPoints, copy: copy) } }
            // The copy's texels each column's x gives, found once (a row's y gives the others).
            let columnPairs = over.map { over in xs.map(over.shown.pair(atX:)) } ?? []
            // Bands of rows side by side on the cores: each point is the same, whoever works it out.
            let bands = columns * rows < Self.smallestParallelLattice ? 1 : max(1, min(rows, 2 * max(cores, 1)))
            let band = { @Sendable (band: Int) in
                for row in band * rows / bands..<(band + 1) * rows / bands {
                    let y = first.y + Double(row) * spacing.y
                    // `sure`: the row's span that the video's frame surely covers wholly (its coverage there is 1, not worked out).
                    let sure = over?.shown.surelyCovered(atRow: y), rowPair = over?.shown.pair(atY: y)
                    let line = output.address + row * columns * 4
                    func store(_ toned: RGB, column: Int) {
                        var toned = toned
                        if let (shown, copy) = over {
                            let point = Vec2(xs[column], y)
                            toned = shown(over: toned, column: columnPairs[column], row: rowPair, at: point, copy: copy,
                                          surelyCovered: sure?.contains(point.x) ?? false)
                        }
                        let at = line + column * 4
                        (at[0], at[1], at[2]) = (Float(toned.r), Float(toned.g), Float(toned.b))
                    }
                    if let sampler {
                        sampler.forEachColor(y: y) { column, color in store(tone.map { $0.apply(to: color) } ?? color, column: column) }
                    } else if let tone {
                        for column in 0..<columns { store(tone.apply(to: background(Vec2(xs[column], y))), column: column) }
                    } else {
                        // Over a video at full alpha: the gradient is not seen.
                        for column in 0..<columns { store(.black, column: column) }
                    }
                }
            }
            if bands == 1 { band(0) } else { DispatchQueue.concurrentPerform(iterations: bands, execute: band) }
        }
        let stride = Self.decimation(key)
        let kept = (columns: (columns - 1) / stride + 1, rows: (rows - 1) / stride + 1)
        values = Self.blurred(values, columns: columns, rows: rows, sigma: (key.blur / spacing.x, key.blur / spacing.y), stride: stride, cores: cores)
        return Values(key: key, values: values, columns: kept.columns, rows: kept.rows, first: first,
                      spacing: Vec2(spacing.x * Double(stride), spacing.y * Double(stride)))
    }

    /// The values as a half-float texture for `glass.frag`, uploaded the first time it is asked for.
    func texture() throws -> Texture {
        if let uploaded { return uploaded }
        let made: Texture
        if let spare, spare.width == columns, spare.height == rows, spare.format == .rgba16f {
            made = spare
        } else {
            made = try Texture(context: context, width: columns, height: rows, format: .rgba16f)
        }
        try made.upload(floats: values)
        uploaded = made
        spare = nil
        return made
    }

    /// The lattice with the toned background evaluated by the gradient pass
    /// and blurred by `blur`, all on the GPU: nothing is read back, and the
    /// host (which draws from values) has none.
    init(_ key: Key, context: GLContext, gradient: GradientPass, blur: BackdropBlurPass) throws {
        self.key = key
        let size = key.size
        let (columns, rows, first, spacing) = Self.geometry(key)
        self.first = first
        self.spacing = spacing
        // Point (i, j) is the fragment (i + 0.5, j + 0.5) of the lattice's target.
        let width = Double(size.width), height = Double(size.height)
        let mapping = ScreenMapping(x: spacing.x / width, xOffset: (first.x - 0.5 * spacing.x) / width,
                                    y: -spacing.y / height, yOffset: 1 - (first.y - 0.5 * spacing.y) / height)
        guard var toned = key.backdrop, let tone = key.tone else { throw SceneRenderError.unsupportedNode("a lattice over a video is made on the host") }
        toned.tone = tone
        let target = try Framebuffer(color: try Texture(context: context, width: columns, height: rows, format: .rgba16f))
        try gradient.draw(toned, mapping: mapping, into: target)
        let blurred = try Framebuffer(color: try Texture(context: context, width: columns, height: rows, format: .rgba16f))
        try blur.blur(target.color, sigma: (key.blur / spacing.x, key.blur / spacing.y), into: blurred)
        uploaded = blurred.color
        values = []
        self.columns = columns
        self.rows = rows
        self.context = context
    }

    /// `values` (RGBA floats, `columns` x `rows`) convolved with a Gaussian
    /// of deviation `sigma` lattice points along each axis, indices beyond
    /// the edges clamped to them, kept at every `stride`-th point along each
    /// axis from the first: `(columns - 1) / stride + 1` across and
    /// `(rows - 1) / stride + 1` down.
    /// A large one is split over `cores` (the same sums, whoever makes them).
    static func blurred(_ values: [Float], columns: Int, rows: Int, sigma: (x: Double, y: Double), stride: Int = 1, cores: Int = 1) -> [Float] {
        let keptColumns = (columns - 1) / stride + 1
        let horizontal = convolved(values, columns: columns, rows: rows, kernel: kernel(sigma.x), step: (1, 0), stride: stride, cores: cores)
        return convolved(horizontal, columns: keptColumns, rows: rows, kernel: kernel(sigma.y), step: (0, 1), stride: stride, cores: cores)
    }

    /// The sampled Gaussian of deviation `sigma` (lattice points), reaching
    /// 4 sigma each side, its taps summing to 1 (odd length, centred).
    static func kernel(_ sigma: Double) -> [Float] {
        guard sigma > 1e-6 else { return [1] }
        let taps = Int((4 * sigma).rounded(.up))
        let raw = (-taps...taps).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = raw.reduce(0, +)
        return raw.map { Float($0 / total) }
    }

    /// The fewest products (points x taps) a convolution splits over the cores for.
    static let smallestParallelConvolution = 1 << 16
    /// The fewest points a lattice's background is worked out for on the cores, not on this thread.
    static let smallestParallelLattice = 1 << 14

    /// `values` convolved with `kernel` (odd length, centred) along one
    /// axis: `step` (1, 0) along rows, (0, 1) along columns; indices beyond
    /// the edges clamped to them; kept at every `stride`-th position along
    /// that axis (the other is whole). Alpha comes out 1.
    private static func convolved(_ values: [Float], columns: Int, rows: Int, kernel: [Float], step: (x: Int, y: Int), stride: Int, cores: Int) -> [Float] {
        let length = step.x == 1 ? columns : rows
        let kept = length > 0 ? (length - 1) / stride + 1 : 0
        // What comes out: `kept` along the axis.
        let (outColumns, outRows) = step.x == 1 ? (kept, rows) : (columns, kept)
        var result = [Float](repeating: 0, count: outColumns * outRows * 4)
        guard values.count == columns * rows * 4, columns > 0, rows > 0 else { return result }
        let reach = kernel.count / 2
        // Along the axis, the point each tap of each kept position reads (clamped), found once.
        let sources = (0..<kept).flatMap { position in kernel.indices.map { min(max(position * stride + $0 - reach, 0), length - 1) } }
        values.withUnsafeBufferPointer { values in
            result.withUnsafeMutableBufferPointer { result in
                kernel.withUnsafeBufferPointer { kernel in
                    sources.withUnsafeBufferPointer { sources in
                        guard let valuesBase = values.baseAddress, let resultBase = result.baseAddress,
                              let kernelBase = kernel.baseAddress, let sourcesBase = sources.baseAddress else { return }
                        // Read only but `result`, whose rows each band writes apart.
                        let (values, result) = (SendablePointer(address: UnsafeMutablePointer(mutating: valuesBase)), SendablePointer(address: resultBase))
                        let (kernel, sources) = (SendablePointer(address: UnsafeMutablePointer(mutating: kernelBase)),
                                                 SendablePointer(address: UnsafeMutablePointer(mutating: sourcesBase)))
                        let taps = reach * 2 + 1
                        // Bands of rows side by side on the cores: each point is the same sum, in the same order, whoever makes it.
                        // A small lattice (the call's glass) is one band on this thread: waking the cores would cost more than its sums.
                        let bands = outColumns * outRows * taps < Self.smallestParallelConvolution
                            ? 1 : max(1, min(outRows, 2 * max(cores, 1)))
                        let band = { @Sendable (band: Int) in
                          let (values, result, kernel, sources) = (values.address, result.address, kernel.address, sources.address)
                          for row in band * outRows / bands..<(band + 1) * outRows / bands {
                            for column in 0..<outColumns {
                                let position = step.x == 1 ? column : row
                                let start = position * stride - reach
                                // A point's four channels at once (the same products and sums, lane by lane).
                                var sum = SIMD4<Float>()
                                if start >= 0, start + taps <= length {
                                    // Every tap within the lattice: the reads are evenly spaced, no clamped index to look up.
                                    var read = UnsafeRawPointer(values + (step.x == 1 ? row * columns + start : start * columns + column) * 4)
                                    let spacing = (step.x == 1 ? 1 : columns) * 4 * MemoryLayout<Float>.stride
                                    for tap in 0..<taps {
                                        sum += read.loadUnaligned(as: SIMD4<Float>.self) * kernel[tap]
                                        read += spacing
                                    }
                                } else {
                                    let reads = sources + position * taps
                                    for tap in 0..<taps {
                                        let source = (step.x == 1 ? row * columns + reads[tap] : reads[tap] * columns + column) * 4
                                        sum += UnsafeRawPointer(values + source).loadUnaligned(as: SIMD4<Float>.self) * kernel[tap]
                                    }
                                }
                                sum[3] = 1
                                UnsafeMutableRawPointer(result + (row * outColumns + column) * 4).storeBytes(of: sum, as: SIMD4<Float>.self)
                            }
                          }
                        }
                        if bands == 1 { band(0) } else { DispatchQueue.concurrentPerform(iterations: bands, execute: band) }
                    }
                }
            }
        }
        return result
    }
}
