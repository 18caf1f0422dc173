import CallshadeCore

/// One glass node of a frame drawn on the host, over RGBA pixels or I420
/// planes: in each pixel of its tiles the lattice, read bilinearly as
/// `glass.frag` reads it, mixed over what is there by the shape's coverage
/// and the opacity. Row by row, in loops with no branches.
struct HostGlass: HostDrawing {
    private let size: FrameSize
    private let dither: Bool
    /// The lattice's points (columns x rows), three values a point: R, G, B (0...1), and Y, Cb, Cr levels.
    private let colours: [Float]
    private let levels: [Float]
    private let lattice: (columns: Int, rows: Int, place: @Sendable (Double) -> (index: Int, weight: Float))
    /// The shape's rounded rectangle: its signed distance (as
    /// `RoundedRectangle.signedDistance`) from each row's and column's offsets, in Float.
    private let body: RoundedRectangle
    private let radius: Float
    private let opacity: Float
    /// The arrow's outline when the glass has one, and the pixels the arrow
    /// may cover: their shares come from `GlassNode.signedDistance`, pixel by pixel.
    private let arrow: GlassNode.Arrow.Outline?
    private let arrowPixels: PixelRect
    /// The tiles drawn (disjoint, edges on multiples of 8), and the columns they span.
    private let rects: [PixelRect]
    private let left: Int
    /// For each column from `left` on: how far its centres lie from the
    /// straight part of the shape's edge, and where they fall between
    /// lattice columns; the same for the centre of each 2x2 block.
    private let across: [Float]
    private let columns: (indices: [Int32], weights: [Float])
    private let blockColumns: (indices: [Int32], weights: [Float])
    let rows: Range<Int>

    init(_ glass: GlassNode, lattice samples: BackdropLattice.Samples, rects: [PixelRect], size: FrameSize, dither: Bool) {
        self.size = size
        self.dither = dither
        let points = samples.columns * samples.rows
        var colours = [Float](repeating: 0, count: points * 3), levels = colours
        for point in 0..<min(points, samples.values.count / 4) {
            let (red, green, blue) = (samples.values[point * 4], samples.values[point * 4 + 1], samples.values[point * 4 + 2])
            (colours[point * 3], colours[point * 3 + 1], colours[point * 3 + 2]) = (red, green, blue)
            let value = YUV420.ycbcr(r: Double(red), g: Double(green), b: Double(blue))
            (levels[point * 3], levels[point * 3 + 1], levels[point * 3 + 2]) =
                (Float(16 + 219 * value.y), Float(128 + 224 * value.cb), Float(128 + 224 * value.cr))
        }
        self.colours = colours
        self.levels = levels
        lattice = (samples.columns, samples.rows, { samples.row(at: $0) })
        let body = glass.body
        self.body = body
        radius = Float(body.radius)
        opacity = Float(min(max(glass.opacity, 0), 1))
        arrow = glass.arrow?.outline(depth: glass.arrowDepth)
        if let box = glass.arrow?.box(depth: glass.arrowDepth), box.x.isFinite, box.y.isFinite, box.width.isFinite, box.height.isFinite {
            // Within the frame (and a pixel beyond), so that the conversions cannot trap.
            func pixel(_ value: Double, _ extent: Int) -> Int { Int(min(max(value, -1), Double(extent + 1))) }
            let x = pixel(box.x.rounded(.down), size.width), y = pixel(box.y.rounded(.down), size.height)
            arrowPixels = PixelRect(x: x, y: y, width: max(pixel((box.x + box.width).rounded(.up), size.width) - x, 0),
                                    height: max(pixel((box.y + box.height).rounded(.up), size.height) - y, 0))
        } else {
            arrowPixels = PixelRect(x: 0, y: 0, width: 0, height: 0)
        }
        self.rects = rects
        let left = rects.map(\.x).min() ?? 0, right = max(left, rects.map { $0.x + $0.width }.max() ?? 0)
        self.left = left
        across = (left..<right).map { Float(body.edgeOffset(x: Double($0) + 0.5)) }
        func places(_ points: [Double]) -> (indices: [Int32], weights: [Float]) {
            let places = points.map { samples.column(at: $0) }
            return (places.map { Int32($0.index) }, places.map(\.weight))
        }
        columns = places((left..<right).map { Double($0) + 0.5 })
        blockColumns = places(stride(from: left, to: right, by: 2).map { Double($0) + 1 })
        let top = rects.map(\.y).min() ?? 0
        rows = top..<max(top, rects.map { $0.y + $0.height }.max() ?? 0)
    }

    /// Mixed over an opaque RGBA frame (dithered as the GPU dithers when the scene is).
    func draw(into pixels: UnsafeMutablePointer<UInt8>, rows: Range<Int>) {
        let width = size.width, widest = rects.map(\.width).max() ?? 0
        let between = UnsafeMutablePointer<Float>.allocate(capacity: lattice.columns * 3)
        let amounts = UnsafeMutablePointer<Float>.allocate(capacity: widest)
        defer {
            between.deallocate()
            amounts.deallocate()
        }
        withTables(colours) { values, across, indices, weights, _, _ in
            for rect in rects {
                let count = rect.width, from = rect.x - left
                let first = max(rect.y, rows.lowerBound), end = min(rect.y + rect.height, rows.upperBound)
                guard first < end else { continue }
                for y in first..<end {
                    shares(qy: qy(y), across: across + from, count: count, into: amounts)
                    arrowShares(y: y, x: rect.x, count: count, into: amounts)
                    interpolate(values, atRow: Double(y) + 0.5, into: between)
                    let line = pixels + (y * width + rect.x) * 4
                    for column in 0..<count where amounts[column] > 0 {
                        let texel = between + Int(indices[from + column]) * 3
                        let far = weights[from + column], near = 1 - far
                        let offset = dither ? Float(OrderedDither.offset(x: rect.x + column, y: y) * 255) : 0
                        for channel in 0..<3 {
                            let level = (texel[channel] * near + texel[channel + 3] * far) * 255 + offset
                            line[column * 4 + channel] = Self.mixed(line[column * 4 + channel], level, amounts[column])
                        }
                    }
                }
            }
        }
    }

    /// Mixed over the frame's I420 planes in Y'CbCr: the lattice's levels
    /// (conversion is affine, so mixing levels mixes colours); each chroma
    /// sample takes the glass at its 2x2 block's centre by the mean share of
    /// the four pixels. Never dithered.
    func drawYUV420(into planes: UnsafeMutablePointer<UInt8>, rows: Range<Int>) {
        let (width, height) = (size.width, size.height)
        let chromaWidth = width / 2, widest = rects.map(\.width).max() ?? 0
        let lumaPlane = planes, cb = planes + width * height, cr = cb + chromaWidth * (height / 2)
        // A row of the lattice between its rows; two rows' shares, then the blocks' mean shares; the glass's levels along a row.
        let between = UnsafeMutablePointer<Float>.allocate(capacity: lattice.columns * 3)
        let amounts = UnsafeMutablePointer<Float>.allocate(capacity: 2 * widest)
        let glass = UnsafeMutablePointer<Float>.allocate(capacity: widest)
        defer {
            between.deallocate()
            amounts.deallocate()
            glass.deallocate()
        }
        withTables(levels) { values, across, indices, weights, blockIndices, blockWeights in
            for rect in rects {
                let count = rect.width, blocks = rect.width / 2
                let from = rect.x - left, blockFrom = (rect.x - left) / 2
                let first = max(rect.y, rows.lowerBound), end = min(rect.y + rect.height, rows.upperBound)
                for pair in stride(from: first, to: end - 1, by: 2) {
                    for y in pair...pair + 1 {
                        let shares = amounts + (y - pair) * widest
                        self.shares(qy: qy(y), across: across + from, count: count, into: shares)
                        arrowShares(y: y, x: rect.x, count: count, into: shares)
                        // Only the stretch the shape touches: outside it the plane stays as it is.
                        let span = Self.touched(shares, count: count)
                        guard !span.isEmpty else { continue }
                        interpolate(values, atRow: Double(y) + 0.5, into: between)
                        Self.sample(between, channel: 0, indices: indices + from + span.lowerBound, weights: weights + from + span.lowerBound,
                                    count: span.count, into: glass)
                        Self.mix(glass, by: shares + span.lowerBound, over: lumaPlane + y * width + rect.x + span.lowerBound, count: span.count)
                    }
                    // The mean share of each block, over the first row's shares.
                    for block in 0..<blocks {
                        amounts[block] = (amounts[2 * block] + amounts[2 * block + 1]
                                          + amounts[widest + 2 * block] + amounts[widest + 2 * block + 1]) * 0.25
                    }
                    let span = Self.touched(amounts, count: blocks)
                    guard !span.isEmpty else { continue }
                    interpolate(values, atRow: Double(pair) + 1, into: between)
                    let row = (pair / 2) * chromaWidth + rect.x / 2 + span.lowerBound
                    let (blockAt, blockAmounts) = (blockFrom + span.lowerBound, amounts + span.lowerBound)
                    Self.sample(between, channel: 1, indices: blockIndices + blockAt, weights: blockWeights + blockAt, count: span.count, into: glass)
                    Self.mix(glass, by: blockAmounts, over: cb + row, count: span.count)
                    Self.sample(between, channel: 2, indices: blockIndices + blockAt, weights: blockWeights + blockAt, count: span.count, into: glass)
                    Self.mix(glass, by: blockAmounts, over: cr + row, count: span.count)
                }
            }
        }
    }

    /// The stretch of `count` amounts from the first that is not 0 to the last (empty when all are 0).
    @inline(__always)
    private static func touched(_ amounts: UnsafePointer<Float>, count: Int) -> Range<Int> {
        var first = 0, end = count
        while first < end, amounts[first] == 0 { first += 1 }
        while end > first, amounts[end - 1] == 0 { end -= 1 }
        return first..<end
    }

    /// Runs `body` with the addresses of `values` (the lattice's, three a
    /// point), of the columns' distances and of their places between lattice
    /// columns, and of the blocks' places.
    private func withTables(_ values: [Float], _ body: (UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Int32>, UnsafePointer<Float>,
                                                         UnsafePointer<Int32>, UnsafePointer<Float>) -> Void) {
        values.withUnsafeBufferPointer { values in
            across.withUnsafeBufferPointer { across in
                columns.indices.withUnsafeBufferPointer { indices in
                    columns.weights.withUnsafeBufferPointer { weights in
                        blockColumns.indices.withUnsafeBufferPointer { blockIndices in
                            blockColumns.weights.withUnsafeBufferPointer { blockWeights in
                                guard let values = values.baseAddress, let across = across.baseAddress,
                                      let indices = indices.baseAddress, let weights = weights.baseAddress,
                                      let blockIndices = blockIndices.baseAddress, let blockWeights = blockWeights.baseAddress else { return }
                                body(values, across, indices, weights, blockIndices, blockWeights)
                            }
                        }
                    }
                }
            }
        }
    }

    /// How far row `y`'s centres lie from the straight part of the shape's edge.
    @inline(__always)
    private func qy(_ y: Int) -> Float { Float(body.edgeOffset(y: Double(y) + 0.5)) }

    /// The shape's share (0...1, times the opacity) of `count` pixels of a
    /// row `qy` from the straight part of its edge, whose columns lie
    /// `across` from it. No branches: the compiler vectorises it.
    @inline(__always)
    private func shares(qy: Float, across: UnsafePointer<Float>, count: Int, into shares: UnsafeMutablePointer<Float>) {
        if qy <= 0 {
            // Beside the straight part of the edge the distance needs no square root.
            for index in 0..<count {
                let distance = RoundedRectangle.signedDistanceBesideSide(qx: across[index], qy: qy, radius: radius)
                shares[index] = EdgeCoverage.coverage(signedDistance: distance) * opacity
            }
            return
        }
        for index in 0..<count {
            let distance = RoundedRectangle.signedDistance(qx: across[index], qy: qy, radius: radius)
            shares[index] = EdgeCoverage.coverage(signedDistance: distance) * opacity
        }
    }

    /// Where row `y`'s `count` pixels from column `x` meet the arrow's box:
    /// each takes the share of the whole shape (body and arrow) from its
    /// signed distance, as the reference does.
    private func arrowShares(y: Int, x: Int, count: Int, into shares: UnsafeMutablePointer<Float>) {
        guard let arrow, y >= arrowPixels.y, y < arrowPixels.y + arrowPixels.height else { return }
        let first = max(x, arrowPixels.x), end = min(x + count, arrowPixels.x + arrowPixels.width)
        guard first < end else { return }
        for column in first..<end {
            // As `GlassNode.coverage(at:)`, the arrow's outline worked out once.
            let point = Vec2(Double(column) + 0.5, Double(y) + 0.5)
            let distance = min(body.signedDistance(point), arrow.signedDistance(point))
            shares[column - x] = Float(EdgeCoverage.coverage(signedDistance: distance)) * opacity
        }
    }

    /// Fills `between` with the lattice's values (three a point) read
    /// between its rows at frame row `y` (pixels), as the bilinear filter does.
    @inline(__always)
    private func interpolate(_ values: UnsafePointer<Float>, atRow y: Double, into between: UnsafeMutablePointer<Float>) {
        let row = lattice.place(y)
        let width = lattice.columns * 3
        let above = values + row.index * width, below = above + width
        let far = row.weight, near = 1 - row.weight
        for index in 0..<width { between[index] = above[index] * near + below[index] * far }
    }

    /// `count` values of channel `channel` of the lattice row `between`
    /// (three channels a point), each read between the points `indices` and
    /// the next, the next weighing `weights`.
    @inline(__always)
    private static func sample(_ between: UnsafePointer<Float>, channel: Int, indices: UnsafePointer<Int32>, weights: UnsafePointer<Float>,
                               count: Int, into levels: UnsafeMutablePointer<Float>) {
        let values = between + channel
        for index in 0..<count {
            let near = values + Int(indices[index]) * 3
            levels[index] = near[0] + (near[3] - near[0]) * weights[index]
        }
    }

    /// Mixes `levels` over `count` samples of a plane by `amounts` (0...1),
    /// to the nearest level; a sample whose amount is 0 stays as it is.
    /// No branches: a float plus 1.5 x 2^23 holds its nearest integer in its low bits.
    @inline(__always)
    private static func mix(_ levels: UnsafePointer<Float>, by amounts: UnsafePointer<Float>, over samples: UnsafeMutablePointer<UInt8>, count: Int) {
        for index in 0..<count {
            let amount = amounts[index]
            let mixed = Float(samples[index]) * (1 - amount) + levels[index] * amount
            samples[index] = UInt8(truncatingIfNeeded: (min(max(mixed, 0), 255) + 12_582_912).bitPattern)
        }
    }

    /// `level` mixed over `below` by `amount`, rounded half up (the levels are not negative).
    @inline(__always)
    private static func mixed(_ below: UInt8, _ level: Float, _ amount: Float) -> UInt8 {
        UInt8(min(max(Float(below) * (1 - amount) + level * amount, 0), 255) + 0.5)
    }
}
