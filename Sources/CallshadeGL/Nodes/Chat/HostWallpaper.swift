import CallshadeCore

/// The chat's wallpaper drawn by the host (`WallpaperRenderer.hostDrawing`),
/// straight into RGBA or I420, by the reference's rule (chat, sections 1.3
/// and 1.7) in Float: the raster (the dissolve's second one mixed in once a
/// frame: mixing commutes with the stretch) interpolated down the frame once
/// a row, then across it along runs of pixels between the same two texel
/// centres, where each channel is linear in x (eight pixels at a time); the
/// pattern's soft light in the same pass, only where its mask covers. Opaque:
/// it writes every pixel of its rows.
struct HostWallpaper: HostDrawing, FloatLanes {
    let size: FrameSize
    /// The raster's texels as R, G, B (0...1), the dissolve mixed in.
    private let texels: [Float]
    private let rasterWidth: Int
    private let rasterHeight: Int
    /// Each column's share of the right-hand texel of its run.
    private let shares: [Float]
    /// Runs of columns between the same two texel centres: first column, end, left texel, right texel.
    private let runs: [(start: Int, end: Int, left: Int, right: Int)]
    private let pattern: PatternOverlay?
    /// Whether RGBA is dithered (`OrderedDither`, as the reference); I420 is never dithered.
    private let dithers: Bool
    /// In I420, the columns drawn on each row of tiles (each edge on a multiple of 16 or the
    /// frame's width, in order, apart): nil where that is every column.
    private let shownColumns: [[Range<Int>]?]

    /// The wallpaper of `node`; in I420 only over the tiles `shown` (runs of tiles along rows, as the tile plan
    /// gives them): what lies beyond them is hidden by a node over it that writes every pixel there (the bars' glass).
    init(_ node: WallpaperNode, size: FrameSize, dither: Bool, shown: [PixelRect]? = nil) {
        self.size = size
        let raster = node.raster
        (rasterWidth, rasterHeight) = (raster.width, raster.height)
        let count = raster.width * raster.height
        var texels = [Float](repeating: 0, count: count * 3)
        let next = node.next.flatMap { $0.width == raster.width && $0.height == raster.height ? $0 : nil }
        let amount = Float(node.amount)
        for index in 0..<count {
            for channel in 0..<3 {
                var value = Float(raster.pixels[index * 4 + channel]) / 255
                if let next { value += (Float(next.pixels[index * 4 + channel]) / 255 - value) * amount }
                texels[index * 3 + channel] = value
            }
        }
        self.texels = texels
        var shares = [Float](repeating: 0, count: size.width)
        var runs: [(start: Int, end: Int, left: Int, right: Int)] = []
        for column in 0..<size.width {
            let (left, right, share) = Self.place(column, of: size.width, texels: raster.width)
            shares[column] = Float(share)
            if let last = runs.last, last.left == left, last.right == right {
                runs[runs.count - 1].end = column + 1
            } else {
                runs.append((column, column + 1, left, right))
            }
        }
        self.shares = shares
        self.runs = runs
        pattern = node.pattern.flatMap { $0.mask.width == size.width && $0.mask.height == size.height ? $0 : nil }
        dithers = dither
        shownColumns = Self.columns(shown, size: size)
    }

    /// For each row of tiles, the columns of `shown`'s runs on it, grown to multiples of 16 (so that a
    /// chroma row's eight blocks at a time read only shaded pixels) and merged; nil where that is all.
    private static func columns(_ shown: [PixelRect]?, size: FrameSize) -> [[Range<Int>]?] {
        let side = SceneTiles.side, tileRows = (size.height + side - 1) / side
        guard let shown else { return [[Range<Int>]?](repeating: nil, count: tileRows) }
        var spans = [[Range<Int>]](repeating: [], count: tileRows)
        for rect in shown where rect.width > 0 && rect.height > 0 {
            let left = max(rect.x, 0) / 16 * 16, right = min((rect.x + rect.width + 15) / 16 * 16, size.width)
            guard left < right else { continue }
            for tileRow in max(rect.y, 0) / side..<min((rect.y + rect.height + side - 1) / side, tileRows) { spans[tileRow].append(left..<right) }
        }
        return spans.map { row in
            var merged: [Range<Int>] = []
            for span in row.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let last = merged.last, span.lowerBound <= last.upperBound {
                    merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
                } else {
                    merged.append(span)
                }
            }
            return merged == [0..<size.width] ? nil : merged
        }
    }

    /// Where pixel `index` of `extent` falls on `texels` stretched over it
    /// (texel centres at (i + 1/2) extent / texels, edges clamped): its two
    /// texels and the second's share, as `ReferenceVideo.texels` has them.
    static func place(_ index: Int, of extent: Int, texels: Int) -> (Int, Int, Double) {
        let position = (Double(index) + 0.5) / Double(extent) * Double(texels) - 0.5
        let first = position.rounded(.down)
        func clamped(_ value: Double) -> Int { Int(min(max(value, 0), Double(texels - 1))) }
        return (clamped(first), clamped(first + 1), position - first)
    }

    var rows: Range<Int> { 0..<size.height }

    func draw(into pixels: UnsafeMutablePointer<UInt8>, rows band: Range<Int>) {
        let width = size.width
        withRowBuffers { row in
            for y in band.clamped(to: rows) {
                shade(row: y, into: row)
                let line = pixels + y * width * 4
                // The ordered dither's offsets along this row, eight columns a period.
                let offsets = dithers ? SIMD8<Float>((0..<8).map { Float(OrderedDither.offset(x: $0, y: y)) }) : .zero
                let alpha = SIMD8<Int32>(repeating: Int32(bitPattern: 0xFF00_0000))
                var x = 0
                while x < width {
                    let red = LevelBlend.levels((Self.load(row.red + x) + offsets) * 255)
                    let green = LevelBlend.levels((Self.load(row.green + x) + offsets) * 255)
                    let blue = LevelBlend.levels((Self.load(row.blue + x) + offsets) * 255)
                    let packed = red | green &<< 8 | blue &<< 16 | alpha
                    if x + 8 <= width {
                        UnsafeMutableRawPointer(line + x * 4).storeBytes(of: packed, as: SIMD8<Int32>.self)
                    } else {
                        for lane in 0..<width - x { UnsafeMutableRawPointer(line + (x + lane) * 4).storeBytes(of: packed[lane], as: Int32.self) }
                    }
                    x += 8
                }
            }
        }
    }

    func drawYUV420(into planes: UnsafeMutablePointer<UInt8>, rows band: Range<Int>) {
        let (width, height) = (size.width, size.height)
        let chromaWidth = width / 2
        let cbPlane = planes + width * height, crPlane = cbPlane + chromaWidth * (height / 2)
        withRowBuffers { upper in
            withRowBuffers { lower in
                var y = band.clamped(to: rows).lowerBound
                let end = band.clamped(to: rows).upperBound
                while y < end {
                    // A row pair lies in one row of tiles (their edges are even).
                    let spans = shownColumns[y / SceneTiles.side] ?? [0..<width]
                    for span in spans { shade(row: y, into: upper, luma: planes + y * width, columns: span) }
                    guard y + 1 < end, y / 2 < height / 2 else {
                        y += 1
                        continue
                    }
                    for span in spans {
                        shade(row: y + 1, into: lower, luma: planes + (y + 1) * width, columns: span)
                        let blocks = span.lowerBound / 2..<min(span.upperBound / 2, chromaWidth)
                        Self.chroma(upper, lower, blocks: blocks, cb: cbPlane + (y / 2) * chromaWidth, cr: crPlane + (y / 2) * chromaWidth)
                    }
                    y += 2
                }
            }
        }
    }

    /// Row `y`'s colours (0...1), the pattern over them, into `row`; with
    /// `luma`, that row of the Y plane too, in the same pass.
    /// Only `columns` (and at most seven past their end, as a run's last eight do) when given.
    private func shade(row y: Int, into row: WallpaperRow, luma: UnsafeMutablePointer<UInt8>? = nil, columns: Range<Int>? = nil) {
        let columns = columns ?? 0..<size.width
        let (top, bottom, share) = Self.place(y, of: size.height, texels: rasterHeight)
        let down = Float(share)
        let width = size.width
        let overlay = pattern.map(PatternChunks.init)
        texels.withUnsafeBufferPointer { texels in
            shares.withUnsafeBufferPointer { shares in
                (pattern?.mask.coverage ?? []).withUnsafeBufferPointer { mask in
                    guard let texels = texels.baseAddress, let shares = shares.baseAddress else { return }
                    let maskLine = mask.baseAddress.map { $0 + y * width }
                    let upper = texels + top * rasterWidth * 3, lower = texels + bottom * rasterWidth * 3
                    // A texel of this row: the raster's two rows mixed.
                    func texel(_ index: Int) -> SIMD3<Float> {
                        let a = SIMD3(upper[index * 3], upper[index * 3 + 1], upper[index * 3 + 2])
                        let b = SIMD3(lower[index * 3], lower[index * 3 + 1], lower[index * 3 + 2])
                        return a + (b - a) * down
                    }
                    // Runs left to right, each eight pixels at a time: a run's last
                    // eight may reach into the next run, which writes them again.
                    for run in runs where run.end > columns.lowerBound && run.start < columns.upperBound {
                        let left = texel(run.left), step = texel(run.right) - left
                        var x = max(run.start, columns.lowerBound)
                        while x < min(run.end, columns.upperBound) {
                            let share = Self.load(shares + x)
                            var colour = (left.x + share * step.x, left.y + share * step.y, left.z + share * step.z)
                            if let overlay, let maskLine { colour = overlay.apply(to: colour, mask: maskLine, at: x, width: width) }
                            Self.store(colour.0, row.red + x)
                            Self.store(colour.1, row.green + x)
                            Self.store(colour.2, row.blue + x)
                            if let luma {
                                let level = 16 + 219 * (Self.kr * colour.0 + (1 - Self.kr - Self.kb) * colour.1 + Self.kb * colour.2)
                                Self.store(Self.levels(level), luma + x, count: width - x)
                            }
                            x += 8
                        }
                    }
                }
            }
        }
    }

    /// BT.709's weights of red and blue in luma (the frames' I420).
    static var kr: Float { 0.2126 }
    static var kb: Float { 0.0722 }

    /// W3C soft light of `source` (one channel's, the same for every lane) over `backdrop`, as `PatternOverlay.softLight`.
    @inline(__always)
    static func softLight(_ backdrop: SIMD8<Float>, _ source: Float) -> SIMD8<Float> {
        if source <= 0.5 { return backdrop - (1 - 2 * source) * backdrop * (1 - backdrop) }
        let polynomial = ((16 * backdrop - 12) * backdrop + 4) * backdrop
        let root = backdrop.replacing(with: 0, where: backdrop .< 0).squareRoot()
        let d = root.replacing(with: polynomial, where: backdrop .<= 0.25)
        return backdrop + (2 * source - 1) * (d - backdrop)
    }

    /// A row pair's chroma samples, each from the mean colour of its 2x2 pixels.
    /// Only `blocks` of the row (at most seven past their end written too, from pixels shaded or not).
    private static func chroma(_ upper: WallpaperRow, _ lower: WallpaperRow, blocks shown: Range<Int>,
                               cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>) {
        let blocks = shown.upperBound
        var block = shown.lowerBound
        while block < blocks {
            // Eight blocks: sixteen pixels of each row.
            func mean(_ a: UnsafeMutablePointer<Float>, _ b: UnsafeMutablePointer<Float>) -> SIMD8<Float> {
                let first = load(a + 2 * block) + load(b + 2 * block), second = load(a + 2 * block + 8) + load(b + 2 * block + 8)
                return SIMD8(lowHalf: first.evenHalf + first.oddHalf, highHalf: second.evenHalf + second.oddHalf) * 0.25
            }
            let red = mean(upper.red, lower.red), green = mean(upper.green, lower.green), blue = mean(upper.blue, lower.blue)
            let luma = kr * red + (1 - kr - kb) * green + kb * blue
            let blueDifference = 128 + 224 * (blue - luma) / (2 * (1 - kb)), redDifference = 128 + 224 * (red - luma) / (2 * (1 - kr))
            store(levels(blueDifference), cb + block, count: blocks - block)
            store(levels(redDifference), cr + block, count: blocks - block)
            block += 8
        }
    }

    /// Runs `body` with a row of R, G, B for the frame's width (and sixteen spare, for loops that overrun).
    private func withRowBuffers(_ body: (WallpaperRow) -> Void) {
        let stride = size.width + 16
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 3 * stride) { buffer in
            guard let base = buffer.baseAddress else { return }
            base.initialize(repeating: 0, count: 3 * stride)
            body(WallpaperRow(red: base, green: base + stride, blue: base + 2 * stride))
        }
    }

    /// Eight 8-bit levels, rounded and clamped (`LevelBlend.levels`).
    @inline(__always)
    private static func levels(_ values: SIMD8<Float>) -> SIMD8<UInt8> {
        SIMD8<UInt8>(truncatingIfNeeded: LevelBlend.levels(values))
    }

    /// Stores the first `count` (all eight when at least eight) of `values` at `pointer`.
    @inline(__always)
    private static func store(_ values: SIMD8<UInt8>, _ pointer: UnsafeMutablePointer<UInt8>, count: Int) {
        if count >= 8 {
            UnsafeMutableRawPointer(pointer).storeBytes(of: values, as: SIMD8<UInt8>.self)
        } else {
            for lane in 0..<max(count, 0) { pointer[lane] = values[lane] }
        }
    }
}

/// The pattern over eight pixels of a row at a time (chat, section 1.7):
/// pixels its mask leaves bare keep the wallpaper (but in the inverted mode).
private struct PatternChunks {
    private let mode: PatternOverlay.Mode
    /// The opacity over 255: a mask level times it is the amount.
    private let scale: Float
    private let shape: SIMD3<Float>
    private let inverted: Bool

    init(_ pattern: PatternOverlay) {
        mode = pattern.mode
        switch pattern.mode {
        case .softLight(let shape, let opacity), .normal(let shape, let opacity):
            (scale, self.shape, inverted) = (Float(opacity / 255), SIMD3(Float(shape.r), Float(shape.g), Float(shape.b)), false)
        case .inverted(let opacity):
            (scale, shape, inverted) = (Float(opacity / 255), .zero, true)
        }
    }

    typealias Colour = (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>)

    /// `colour` of pixels `x` ..< `x` + 8 with the pattern over it, from row `mask` (`width` levels).
    @inline(__always)
    func apply(to colour: Colour, mask: UnsafePointer<UInt8>, at x: Int, width: Int) -> Colour {
        let covered: SIMD8<Float>
        if x + 8 <= width {
            // Eight bare pixels at once: the wallpaper stays (but for the inverted mode).
            if !inverted, UnsafeRawPointer(mask + x).loadUnaligned(as: UInt64.self) == 0 { return colour }
            let at = mask + x
            covered = SIMD8(Float(at[0]), Float(at[1]), Float(at[2]), Float(at[3]), Float(at[4]), Float(at[5]), Float(at[6]), Float(at[7]))
        } else {
            var lanes = SIMD8<Float>(repeating: 0)
            for lane in 0..<max(width - x, 0) { lanes[lane] = Float(mask[x + lane]) }
            covered = lanes
        }
        let amount = covered * scale
        let (red, green, blue) = colour
        switch mode {
        case .softLight:
            return (red + amount * (HostWallpaper.softLight(red, shape.x) - red), green + amount * (HostWallpaper.softLight(green, shape.y) - green),
                    blue + amount * (HostWallpaper.softLight(blue, shape.z) - blue))
        case .normal:
            return (red + amount * (shape.x - red), green + amount * (shape.y - green), blue + amount * (shape.z - blue))
        case .inverted:
            return (red * amount, green * amount, blue * amount)
        }
    }
}

/// One row of the wallpaper: its R, G and B (0...1), each in an array of its own.
private struct WallpaperRow {
    let red: UnsafeMutablePointer<Float>
    let green: UnsafeMutablePointer<Float>
    let blue: UnsafeMutablePointer<Float>
}
