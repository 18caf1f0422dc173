import CallshadeCore

/// One row of pixels as a `HostRowShader` gives them: each pixel's
/// straight colour (0...1) and the amount (0...1) by which it covers what
/// is below, each quantity in an array of its own (so that loops take
/// eight pixels at a time), from the run's first pixel.
struct ShadedRow {
    let red: UnsafeMutablePointer<Float>
    let green: UnsafeMutablePointer<Float>
    let blue: UnsafeMutablePointer<Float>
    let amount: UnsafeMutablePointer<Float>

    /// Pixel `index`: (red, green, blue, amount).
    @inline(__always)
    subscript(index: Int) -> SIMD4<Float> {
        get { SIMD4(red[index], green[index], blue[index], amount[index]) }
        nonmutating set {
            (red[index], green[index], blue[index], amount[index]) = (newValue.x, newValue.y, newValue.z, newValue.w)
        }
    }

    /// Pixels `indices` become (0, 0, 0, 0).
    func clear(_ indices: Range<Int>) {
        guard !indices.isEmpty else { return }
        for channel in [red, green, blue, amount] { (channel + indices.lowerBound).update(repeating: 0, count: indices.count) }
    }

    /// Runs `body` with a row of `count` pixels (and eight spare, for loops that overrun).
    static func with(count: Int, _ body: (ShadedRow) -> Void) {
        let stride = count + 8
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 4 * stride) { buffer in
            guard let base = buffer.baseAddress else { return }
            base.initialize(repeating: 0, count: 4 * stride)
            body(ShadedRow(red: base, green: base + stride, blue: base + 2 * stride, amount: base + 3 * stride))
        }
    }
}

/// A node the host draws pixel by pixel along rows (`HostShadedDrawing` mixes it in).
protocol HostRowShader: Sendable {
    /// What one band of rows keeps from row to row (made for each band, used by one thread).
    associatedtype RowMemory

    /// A band's memory, for rows of at most `width` pixels.
    func makeRowMemory(width: Int) -> RowMemory

    /// Fills pixels 0..<`count` of `values` with the pixels (`x` + i, `y`);
    /// an amount of 0 leaves the pixel as it is. What `memory` holds
    /// changes how much is worked out, never a pixel.
    func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, memory: RowMemory)

    /// The same, but for runs of pixels that one colour covers wholly
    /// (amount 1), which it may list in `solid` rather than write into
    /// `values` (leaving amount 0 there). `solid` comes empty.
    func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, solid: inout SolidRuns, memory: RowMemory)

    /// The one (red, green, blue, amount) that `shade` would give every
    /// pixel (`x` + i, `y`) for i in 0..<`count`, the same floats, where it
    /// is sure they are all alike (a shadow's row); nil where they may differ.
    func uniformRow(_ y: Int, from x: Int, count: Int) -> SIMD4<Float>?

    /// What reads the frame below it before its rows are shaded (a frosted glass's); nil for a node that needs nothing of it.
    var belowReader: BelowReader? { get }
}

extension HostRowShader {
    /// By default every pixel is written into `values`, no run is solid.
    func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, solid: inout SolidRuns, memory: RowMemory) {
        shade(row: y, from: x, count: count, into: values, memory: memory)
    }

    /// By default no row is known to be alike.
    func uniformRow(_ y: Int, from x: Int, count: Int) -> SIMD4<Float>? { nil }

    var belowReader: BelowReader? { nil }
}

/// Runs of one row's pixels that one colour covers wholly (amount 1), in
/// frame columns, each starting and ending on an even column (so that no
/// 2x2 block of I420 is partly in one): drawn without reading what is below.
struct SolidRuns {
    private(set) var runs: [(columns: Range<Int>, color: SIMD3<Float>)] = []

    init() { runs.reserveCapacity(16) }

    mutating func removeAll() { runs.removeAll(keepingCapacity: true) }

    /// `columns` shrunk to even edges, less the columns of `excluded`
    /// (sorted by their starts; each piece also shrunk to even edges), as
    /// runs of `color`, in order along the row.
    mutating func add(_ columns: Range<Int>, color: SIMD3<Float>, excluding excluded: [Range<Int>]) {
        var start = columns.lowerBound
        for cut in excluded where cut.upperBound > start && cut.lowerBound < columns.upperBound {
            addEven(start..<max(start, cut.lowerBound), color)
            start = max(start, cut.upperBound)
        }
        addEven(start..<max(start, columns.upperBound), color)
    }

    private mutating func addEven(_ columns: Range<Int>, _ color: SIMD3<Float>) {
        let first = columns.lowerBound + (columns.lowerBound & 1), end = columns.upperBound - (columns.upperBound & 1)
        if first < end { runs.append((first..<end, color)) }
    }
}

/// A `HostRowShader`'s node drawn over the tiles `rects` (frame pixels,
/// edges on multiples of 8 but the frame's own) of a frame of `size`:
/// over RGBA each pixel becomes what is below plus the amount times the
/// colour's difference from it; over I420 the same in Y'CbCr (BT.709,
/// limited range: conversion is affine, so mixing levels mixes colours),
/// each luma sample by its pixel's amount and each chroma sample by the
/// mean of its 2x2 pixels' (as the host's glass and marks mix).
struct HostShadedDrawing<Shader: HostRowShader>: HostDrawing, FloatLanes {
    let shader: Shader
    let rects: [PixelRect]
    let size: FrameSize
    /// Whether its colour is dithered over RGBA (`OrderedDither`, as the GPU's `dithered`); I420 is never dithered.
    var dithers = false

    var belowReader: BelowReader? { shader.belowReader }

    var rows: Range<Int> {
        let top = rects.map(\.y).min() ?? 0
        return top..<max(rects.map { $0.y + $0.height }.max() ?? 0, top)
    }

    /// The parts of `rects` inside `band`, clipped to the frame.
    private func runs(in band: Range<Int>) -> [PixelRect] {
        let strip = PixelRect(x: 0, y: band.lowerBound, width: size.width, height: band.count)
        return rects.map { $0.intersection(strip) }.filter { !$0.isEmpty }
    }

    func draw(into pixels: UnsafeMutablePointer<UInt8>, rows band: Range<Int>) {
        let memory = shader.makeRowMemory(width: size.width)
        var solid = SolidRuns()
        ShadedRow.with(count: size.width) { values in
            for run in runs(in: band) {
                for y in run.y..<run.y + run.height {
                    solid.removeAll()
                    shader.shade(row: y, from: run.x, count: run.width, into: values, solid: &solid, memory: memory)
                    // Over RGBA a solid run is mixed as any pixel (its dither varies along it).
                    for (columns, color) in solid.runs {
                        for column in columns.clamped(to: run.x..<run.x + run.width) {
                            values[column - run.x] = SIMD4(color.x, color.y, color.z, 1)
                        }
                    }
                    let line = pixels + (y * size.width + run.x) * 4
                    for index in 0..<run.width {
                        let value = values[index]
                        let amount = min(max(value.w, 0), 1)
                        guard amount > 0 else { continue }
                        let pixel = line + index * 4
                        let offset = dithers ? Float(OrderedDither.offset(x: run.x + index, y: y) * 255) : 0
                        for channel in 0..<3 {
                            let below = Float(pixel[channel])
                            pixel[channel] = Self.level(below + amount * (value[channel] * 255 + offset - below))
                        }
                    }
                }
            }
        }
    }

    func drawYUV420(into planes: UnsafeMutablePointer<UInt8>, rows band: Range<Int>) {
        let (width, height) = (size.width, size.height)
        let chromaWidth = width / 2
        let cbPlane = planes + width * height, crPlane = cbPlane + chromaWidth * (height / 2)
        // For each 2x2 block of a row pair: the sums of amount x Cb, amount x Cr and amount.
        let blockStride = chromaWidth + 8
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 3 * blockStride) { blocks in
            guard let blocks = blocks.baseAddress else { return }
            let (cbSums, crSums, amountSums) = (blocks, blocks + blockStride, blocks + 2 * blockStride)
            let memory = shader.makeRowMemory(width: width)
            var solid = SolidRuns()
            ShadedRow.with(count: width) { values in
                for run in runs(in: band) {
                    let firstBlock = run.x / 2, blockCount = (run.x + run.width + 1) / 2 - firstBlock
                    // Row pairs from an even row (a run starts on one but at a frame's odd last row, which has no chroma of its own).
                    var y = run.y
                    while y < run.y + run.height {
                        let pairEnd = min(y + 2 - y % 2, run.y + run.height)
                        let alike = (shader.uniformRow(y, from: run.x, count: run.width),
                                     pairEnd > y + 1 ? shader.uniformRow(y + 1, from: run.x, count: run.width) : nil)
                        if run.x % 2 == 0, run.width % 2 == 0, let top = alike.0, pairEnd == y + 1 || alike.1 != nil {
                            // Every pixel of a row alike and the blocks whole: each block's sums are one block's.
                            var sums = SIMD3<Float>.zero
                            func mix(_ value: SIMD4<Float>, row: Int) {
                                let shares = Self.mixUniformLuma(value, count: run.width, into: planes + row * width + run.x)
                                let share = SIMD3(shares.x, shares.y, shares.z)
                                if shares.w > 0 { sums = sums + share + share }
                            }
                            mix(top, row: y)
                            if let bottom = alike.1 { mix(bottom, row: y + 1) }
                            if y / 2 < height / 2 {
                                let count = min(blockCount, chromaWidth - firstBlock), chromaAt = (y / 2) * chromaWidth + firstBlock
                                Self.mixAlikeChroma(cbSum: sums.x, amountSum: sums.z, into: cbPlane + chromaAt, count: count)
                                Self.mixAlikeChroma(cbSum: sums.y, amountSum: sums.z, into: crPlane + chromaAt, count: count)
                            }
                            y = pairEnd
                            continue
                        }
                        // The run's blocks, and the spare ones eight-wide loops may reach.
                        let reached = min(blockCount + 8, blockStride)
                        cbSums.update(repeating: 0, count: reached)
                        crSums.update(repeating: 0, count: reached)
                        amountSums.update(repeating: 0, count: reached)
                        for row in y..<pairEnd {
                            if let value = row == y ? alike.0 : alike.1 {
                                let shares = Self.mixUniformLuma(value, count: run.width, into: planes + row * width + run.x)
                                if shares.w > 0 {
                                    Self.addShares(shares, count: run.width, to: (cbSums, crSums, amountSums), oddStart: run.x % 2 == 1)
                                }
                                continue
                            }
                            solid.removeAll()
                            shader.shade(row: row, from: run.x, count: run.width, into: values, solid: &solid, memory: memory)
                            Self.mixLuma(values, count: run.width, into: planes + row * width + run.x,
                                         sums: (cbSums, crSums, amountSums), oddStart: run.x % 2 == 1)
                            Self.fill(solid, within: run.x..<run.x + run.width, into: planes + row * width,
                                      sums: (cbSums - firstBlock, crSums - firstBlock, amountSums - firstBlock))
                        }
                        if y / 2 < height / 2 {
                            let cbRow = cbPlane + (y / 2) * chromaWidth + firstBlock, crRow = crPlane + (y / 2) * chromaWidth + firstBlock
                            for index in 0..<min(blockCount, chromaWidth - firstBlock) {
                                let amount = amountSums[index] / 4
                                guard amount > 0 else { continue }
                                cbRow[index] = Self.level(cbSums[index] / 4 + Float(cbRow[index]) * (1 - amount))
                                crRow[index] = Self.level(crSums[index] / 4 + Float(crRow[index]) * (1 - amount))
                            }
                        }
                        y = pairEnd
                    }
                }
            }
        }
    }

    /// Mixes a row's pixels into its luma samples `line`, eight at a time,
    /// and adds each pixel's amount x Cb, amount x Cr and amount to its
    /// block's sums (a run starting on an odd column is done pixel by pixel).
    private static func mixLuma(_ values: ShadedRow, count: Int, into line: UnsafeMutablePointer<UInt8>,
                                sums: (cb: UnsafeMutablePointer<Float>, cr: UnsafeMutablePointer<Float>, amount: UnsafeMutablePointer<Float>),
                                oddStart: Bool) {
        var index = 0
        if !oddStart {
            while index + 8 <= count {
                let raw = load(values.amount + index)
                let amount = raw.replacing(with: 0, where: raw .< 0).replacing(with: 1, where: raw .> 1)
                if amount == .zero {
                    index += 8
                    continue
                }
                let (red, green, blue) = (load(values.red + index), load(values.green + index), load(values.blue + index))
                let luma = kr * red + (1 - kr - kb) * green + kb * blue
                let below = SIMD8<Float>(Float(line[index]), Float(line[index + 1]), Float(line[index + 2]), Float(line[index + 3]),
                                         Float(line[index + 4]), Float(line[index + 5]), Float(line[index + 6]), Float(line[index + 7]))
                let mixed = below + amount * (16 + 219 * luma - below) + 0.5
                let clamped = mixed.replacing(with: 0, where: mixed .< 0).replacing(with: 255, where: mixed .> 255)
                for lane in 0..<8 { line[index + lane] = UInt8(clamped[lane]) }
                let cb = amount * (128 + 224 * (blue - luma) / (2 * (1 - kb)))
                let cr = amount * (128 + 224 * (red - luma) / (2 * (1 - kr)))
                let block = index / 2
                store(load4(sums.cb + block) + cb.evenHalf + cb.oddHalf, sums.cb + block)
                store(load4(sums.cr + block) + cr.evenHalf + cr.oddHalf, sums.cr + block)
                store(load4(sums.amount + block) + amount.evenHalf + amount.oddHalf, sums.amount + block)
                index += 8
            }
        }
        let parity = oddStart ? 1 : 0
        while index < count {
            let value = values[index]
            let amount = min(max(value.w, 0), 1)
            if amount > 0 {
                let luma = kr * value.x + (1 - kr - kb) * value.y + kb * value.z
                let below = Float(line[index])
                line[index] = level(below + amount * (16 + 219 * luma - below))
                let block = (index + parity) / 2
                sums.cb[block] += amount * (128 + 224 * (value.z - luma) / (2 * (1 - kb)))
                sums.cr[block] += amount * (128 + 224 * (value.x - luma) / (2 * (1 - kr)))
                sums.amount[block] += amount
            }
            index += 1
        }
    }

    /// What `mixLuma` does to the luma of a row whose every pixel is
    /// `value` (red, green, blue, amount), the same bytes: each level below
    /// mixed once by the same arithmetic into a table, then looked up.
    /// Returns each pixel's share of its block's sums (amount x Cb, amount
    /// x Cr, amount, as `mixLuma` adds them; its amount 0 where it adds none).
    private static func mixUniformLuma(_ value: SIMD4<Float>, count: Int, into line: UnsafeMutablePointer<UInt8>) -> SIMD4<Float> {
        let amount = min(max(value.w, 0), 1)
        guard amount > 0, count > 0 else { return .zero }
        let luma = kr * value.x + (1 - kr - kb) * value.y + kb * value.z
        let target = 16 + 219 * luma
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { levels in
            guard let levels = levels.baseAddress else { return }
            Self.levelTable(into: levels) { below in below + amount * (target - below) }
            for index in 0..<count { line[index] = levels[Int(line[index])] }
        }
        return SIMD4(amount * (128 + 224 * (value.z - luma) / (2 * (1 - kb))), amount * (128 + 224 * (value.x - luma) / (2 * (1 - kr))),
                     amount, amount)
    }

    /// Adds `shares` (amount x Cb, amount x Cr, amount) of each of a row's
    /// `count` pixels to its block's sums, a block's pixels in turn as `mixLuma` adds them.
    private static func addShares(_ shares: SIMD4<Float>, count: Int,
                                  to sums: (cb: UnsafeMutablePointer<Float>, cr: UnsafeMutablePointer<Float>, amount: UnsafeMutablePointer<Float>),
                                  oddStart: Bool) {
        let (cb, cr, amount) = (shares.x, shares.y, shares.z)
        var index = 0
        if oddStart {
            sums.cb[0] += cb
            sums.cr[0] += cr
            sums.amount[0] += amount
            index = 1
        }
        while index + 1 < count {
            let block = (index + (oddStart ? 1 : 0)) / 2
            sums.cb[block] = sums.cb[block] + cb + cb
            sums.cr[block] = sums.cr[block] + cr + cr
            sums.amount[block] = sums.amount[block] + amount + amount
            index += 2
        }
        if index < count {
            let block = (index + (oddStart ? 1 : 0)) / 2
            sums.cb[block] += cb
            sums.cr[block] += cr
            sums.amount[block] += amount
        }
    }

    /// The chroma loop of `drawYUV420` over a row of `count` blocks whose
    /// sums are all `cbSum` (or Cr's) and `amountSum`: each level below
    /// mixed once by the same arithmetic into a table, then looked up.
    private static func mixAlikeChroma(cbSum: Float, amountSum: Float, into row: UnsafeMutablePointer<UInt8>, count: Int) {
        let amount = amountSum / 4
        guard amount > 0, count > 0 else { return }
        let mean = cbSum / 4
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { levels in
            guard let levels = levels.baseAddress else { return }
            levelTable(into: levels) { below in mean + below * (1 - amount) }
            for index in 0..<count { row[index] = levels[Int(row[index])] }
        }
    }

    /// `level(value(b))` for each level b in 0...255, eight at a time: the
    /// same bytes (the value plus one half, clamped to 0...255, its whole
    /// part: the nearest whole number, less one where that is above it).
    @inline(__always)
    static func levelTable(into table: UnsafeMutablePointer<UInt8>, _ value: (SIMD8<Float>) -> SIMD8<Float>) {
        // Adding 1.5 x 2^23 leaves no bits below the units: a value under 2^22 is rounded to the nearest whole number.
        let magic: Float = 12_582_912
        var below = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
        for group in stride(from: 0, to: 256, by: 8) {
            let raised = value(below) + 0.5
            let clamped = raised.replacing(with: 0, where: raised .< 0).replacing(with: 255, where: raised .> 255)
            let nearest = (clamped + magic) - magic
            let whole = nearest.replacing(with: nearest - 1, where: nearest .> clamped)
            let bits = unsafeBitCast(whole + magic, to: SIMD8<UInt32>.self)
            for lane in 0..<8 { table[group + lane] = UInt8(truncatingIfNeeded: bits[lane]) }
            below += 8
        }
    }

    /// Writes `solid`'s runs (within `columns`) into the row of luma
    /// samples `line` (from the frame's first column) and adds each pixel's
    /// Cb, Cr and amount 1 to its block's sums (indexed by the frame's
    /// block), pixel by pixel in order, as `mixLuma` adds a pixel of amount 1.
    /// A run's blocks are wholly in it, so their sums are the same floats.
    private static func fill(_ solid: SolidRuns, within columns: Range<Int>, into line: UnsafeMutablePointer<UInt8>,
                             sums: (cb: UnsafeMutablePointer<Float>, cr: UnsafeMutablePointer<Float>, amount: UnsafeMutablePointer<Float>)) {
        for (run, color) in solid.runs {
            let run = run.clamped(to: columns)
            guard !run.isEmpty else { continue }
            let luma = kr * color.x + (1 - kr - kb) * color.y + kb * color.z
            (line + run.lowerBound).update(repeating: level(16 + 219 * luma), count: run.count)
            let cb = 128 + 224 * (color.z - luma) / (2 * (1 - kb)), cr = 128 + 224 * (color.x - luma) / (2 * (1 - kr))
            // A block's two pixels in turn (the run's edges are even).
            for block in run.lowerBound / 2..<run.upperBound / 2 {
                sums.cb[block] = sums.cb[block] + cb + cb
                sums.cr[block] = sums.cr[block] + cr + cr
                sums.amount[block] = sums.amount[block] + 1 + 1
            }
        }
    }

    /// BT.709's weights of red and blue in luma (the frames' I420).
    private static var kr: Float { 0.2126 }
    private static var kb: Float { 0.0722 }

    /// An 8-bit level, rounded and clamped.
    @inline(__always)
    private static func level(_ value: Float) -> UInt8 {
        UInt8(min(max(value + 0.5, 0), 255))
    }
}

/// A rounded rectangle's coverage along one row of pixel centres: surely 1
/// inside `sure`, surely 0 outside `touched`, worked out exactly (the
/// `EdgeCoverage` rule) only between.
struct ShapeRowCoverage {
    private let shape: RoundedRectangle
    private let centreY: Double
    private let sure: ClosedRange<Double>?
    private let touched: ClosedRange<Double>?
    private let missed: Bool

    init(_ shape: RoundedRectangle, row y: Int) {
        self.shape = shape
        centreY = Double(y) + 0.5
        sure = shape.surelyCoveredRun(atRow: centreY)
        let touched = shape.touchedSpan(atRow: centreY)
        self.touched = touched
        missed = touched == RowSpan.none
    }

    /// The columns whose pixel centres lie in `sure` (coverage 1); empty for none.
    var sureColumns: Range<Int> {
        guard let sure, sure.lowerBound.isFinite, sure.upperBound.isFinite else { return 0..<0 }
        // Column c's centre is c + 1/2: the first at or after the run's start, the last at or before its end.
        let first = (sure.lowerBound - 0.5).rounded(.up), last = (sure.upperBound - 0.5).rounded(.down)
        guard last >= first, first > -1e9, last < 1e9 else { return 0..<0 }
        return Int(first)..<Int(last) + 1
    }

    /// The columns of `columns` whose coverage is surely 0, before the
    /// touched span and after it (none in `sure`; all of them where the row
    /// misses the shape; none where its span is not known).
    func missedColumns(within columns: Range<Int>) -> (before: Range<Int>, after: Range<Int>) {
        let none = columns.lowerBound..<columns.lowerBound
        if missed, sure == nil { return (columns, none) }
        guard !missed, let touched, touched.lowerBound.isFinite, touched.upperBound.isFinite else { return (none, none) }
        // Column c's centre is c + 1/2: before the span while c + 1/2 < its start, after it once c + 1/2 > its end.
        let start = Int(min(max((touched.lowerBound - 0.5).rounded(.up), -1e9), 1e9))
        let end = Int(min(max((touched.upperBound - 0.5).rounded(.down), -1e9), 1e9)) + 1
        let sureColumns = self.sureColumns
        var before = columns.lowerBound..<max(columns.lowerBound, min(start, columns.upperBound))
        var after = min(max(end, columns.lowerBound), columns.upperBound)..<columns.upperBound
        if !sureColumns.isEmpty {
            // A pixel in `sure` is covered wholly, whatever the span says.
            before = before.lowerBound..<max(before.lowerBound, min(before.upperBound, sureColumns.lowerBound))
            after = min(after.upperBound, max(after.lowerBound, sureColumns.upperBound))..<after.upperBound
        }
        return (before, after)
    }

    /// Whether `coverage` is surely 0 at every column of `columns`: no
    /// centre can lie in `sure`, and every centre lies beyond `touched`.
    func missesAll(_ columns: Range<Int>) -> Bool {
        guard !columns.isEmpty else { return true }
        let first = Double(columns.lowerBound) + 0.5, last = Double(columns.upperBound - 1) + 0.5
        if let sure, sure.upperBound >= first, sure.lowerBound <= last { return false }
        if missed { return true }
        guard let touched else { return false }
        return last < touched.lowerBound || first > touched.upperBound
    }

    /// The coverage of the pixel whose centre is (`x` + 1/2, the row's).
    @inline(__always)
    func coverage(_ x: Int) -> Double {
        let centreX = Double(x) + 0.5
        if let sure, sure.contains(centreX) { return 1 }
        if missed { return 0 }
        if let touched, !touched.contains(centreX) { return 0 }
        return shape.coverage(at: Vec2(centreX, centreY))
    }
}
