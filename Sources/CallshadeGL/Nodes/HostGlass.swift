import CallshadeCore

/// One glass node drawn on the host, over RGBA pixels or I420 planes: in
/// each pixel of its tiles the lattice, read bilinearly as `glass.frag`
/// reads it, mixed over what is there by the shape's coverage and the opacity.
struct HostGlass: Sendable {
    private let lattice: BackdropLattice.Samples
    /// The shape's signed distance (as `GlassNode.signedDistance`), from scalars: nothing is retained per pixel.
    private let centre: (x: Double, y: Double)
    private let inner: (x: Double, y: Double)
    private let radius: Double
    private let opacity: Double
    /// The tiles drawn (disjoint, edges on multiples of 8), and the columns they span.
    private let rects: [PixelRect]
    private let left: Int
    private let right: Int

    init(_ glass: GlassNode, lattice: BackdropLattice.Samples, rects: [PixelRect]) {
        self.lattice = lattice
        radius = glass.cornerRadius
        opacity = min(max(glass.opacity, 0), 1)
        centre = (glass.x + glass.width / 2, glass.y + glass.height / 2)
        inner = (glass.width / 2 - radius, glass.height / 2 - radius)
        self.rects = rects
        left = rects.map(\.x).min() ?? 0
        right = max(left, rects.map { $0.x + $0.width }.max() ?? 0)
    }

    /// The shape's share (0...1, times the opacity) of `count` pixels of a
    /// row from column `x` into `shares`: the row lies `qy` from the straight
    /// part of the shape's edge, and `qx` holds each column's distance from
    /// it (from column `left` on). A loop with no branches, which the compiler vectorises.
    @inline(__always)
    private func shares(qy: Float, qx: UnsafePointer<Float>, from x: Int, count: Int, into shares: UnsafeMutablePointer<Float>) {
        let radius = Float(radius), opacity = Float(opacity), rowOutside = max(qy, 0) * max(qy, 0)
        let columns = qx + (x - left)
        for index in 0..<count {
            let across = columns[index]
            let outside = max(across, 0)
            let distance = (outside * outside + rowOutside).squareRoot() + min(max(across, qy), 0) - radius
            shares[index] = min(max(0.5 - distance, 0), 1) * opacity
        }
    }

    /// How far row `y`'s centres lie from the straight part of the shape's edge.
    @inline(__always)
    private func qy(_ y: Int) -> Float { Float(abs(Double(y) + 0.5 - centre.y) - inner.y) }

    /// How far each column's centres (from `left` to `right`) lie from the straight part of the shape's edge.
    private var qx: [Float] { (left..<right).map { Float(abs(Double($0) + 0.5 - centre.x) - inner.x) } }

    /// Where each of `points` falls between lattice columns: the column to the left and the right one's weight.
    private func places(_ points: [Double]) -> (indices: [Int32], weights: [Float]) {
        let places = points.map { lattice.column(at: $0) }
        return (places.map { Int32($0.index) }, places.map(\.weight))
    }

    /// Mixed over an opaque RGBA frame `width` pixels across (dithered as the GPU dithers when `dither`).
    func draw(into pixels: UnsafeMutablePointer<UInt8>, width: Int, dither: Bool) {
        let target = SendablePointer(address: pixels)
        let (indices, weights) = places((left..<right).map { Double($0) + 0.5 })
        let across = qx, widest = rects.map(\.width).max() ?? 0
        withLattice(convert: { ($0, $1, $2) }) { values, between, band in
            let amounts = UnsafeMutablePointer<Float>.allocate(capacity: widest)
            defer { amounts.deallocate() }
            across.withUnsafeBufferPointer { across in
                guard let across = across.baseAddress else { return }
                for rect in rects[band] {
                    for y in rect.y..<rect.y + rect.height {
                        shares(qy: qy(y), qx: across, from: rect.x, count: rect.width, into: amounts)
                        interpolate(values, atRow: Double(y) + 0.5, into: between)
                        let line = target.address + y * width * 4
                        for x in rect.x..<rect.x + rect.width {
                            let amount = amounts[x - rect.x]
                            guard amount > 0 else { continue }
                            let place = x - left
                            let texel = between + Int(indices[place]) * 3
                            let far = weights[place], near = 1 - far
                            let offset = dither ? Float(OrderedDither.offset(x: x, y: y) * 255) : 0
                            let at = line + x * 4
                            for channel in 0..<3 {
                                let level = (texel[channel] * near + texel[channel + 3] * far) * 255 + offset
                                at[channel] = Self.mixed(at[channel], level, amount)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Mixed over a frame's I420 planes (`width` x `height`, even), in
    /// Y'CbCr: the lattice is converted to levels (conversion is affine, so
    /// mixing levels mixes colours); each chroma sample takes the glass at
    /// its 2x2 block's centre by the mean share of the four pixels. Row by
    /// row, in loops with no branches.
    func drawYUV420(into planes: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
        let target = SendablePointer(address: planes)
        let chromaWidth = width / 2
        let luma = places((left..<right).map { Double($0) + 0.5 })
        let chroma = places(stride(from: left, to: right, by: 2).map { Double($0) + 1 })
        let across = qx, widest = rects.map(\.width).max() ?? 0
        withLattice(convert: Self.levels) { values, between, band in
            // Two rows' shares, then the blocks' mean shares; the glass's levels along a row.
            let amounts = UnsafeMutablePointer<Float>.allocate(capacity: 2 * widest)
            let levels = UnsafeMutablePointer<Float>.allocate(capacity: widest)
            defer {
                amounts.deallocate()
                levels.deallocate()
            }
            let lumaPlane = target.address, cb = lumaPlane + width * height, cr = cb + chromaWidth * (height / 2)
            across.withUnsafeBufferPointer { across in
            luma.indices.withUnsafeBufferPointer { lumaIndices in
            luma.weights.withUnsafeBufferPointer { lumaWeights in
            chroma.indices.withUnsafeBufferPointer { chromaIndices in
            chroma.weights.withUnsafeBufferPointer { chromaWeights in
                guard let across = across.baseAddress, let lumaIndices = lumaIndices.baseAddress, let lumaWeights = lumaWeights.baseAddress,
                      let chromaIndices = chromaIndices.baseAddress, let chromaWeights = chromaWeights.baseAddress else { return }
                for rect in rects[band] {
                    let count = rect.width, blocks = rect.width / 2
                    let lumaFrom = rect.x - left, chromaFrom = (rect.x - left) / 2
                    for pair in stride(from: rect.y, to: rect.y + rect.height - 1, by: 2) {
                        for y in pair...pair + 1 {
                            let shares = amounts + (y - pair) * widest
                            self.shares(qy: qy(y), qx: across, from: rect.x, count: count, into: shares)
                            interpolate(values, atRow: Double(y) + 0.5, into: between)
                            Self.sample(between, channel: 0, indices: lumaIndices + lumaFrom, weights: lumaWeights + lumaFrom,
                                        count: count, into: levels)
                            Self.mix(levels, by: shares, over: lumaPlane + y * width + rect.x, count: count)
                        }
                        // The mean share of each block, over the first row's shares.
                        for block in 0..<blocks {
                            amounts[block] = (amounts[2 * block] + amounts[2 * block + 1]
                                              + amounts[widest + 2 * block] + amounts[widest + 2 * block + 1]) * 0.25
                        }
                        interpolate(values, atRow: Double(pair) + 1, into: between)
                        let row = (pair / 2) * chromaWidth + rect.x / 2
                        Self.sample(between, channel: 1, indices: chromaIndices + chromaFrom, weights: chromaWeights + chromaFrom,
                                    count: blocks, into: levels)
                        Self.mix(levels, by: amounts, over: cb + row, count: blocks)
                        Self.sample(between, channel: 2, indices: chromaIndices + chromaFrom, weights: chromaWeights + chromaFrom,
                                    count: blocks, into: levels)
                        Self.mix(levels, by: amounts, over: cr + row, count: blocks)
                    }
                }
            }
            }
            }
            }
            }
        }
    }

    /// `count` levels of channel `channel` of the lattice row `between`
    /// (three channels a point), each read between the points `indices` and
    /// the next, the next weighing `weights`.
    @inline(__always)
    private static func sample(_ between: UnsafePointer<Float>, channel: Int, indices: UnsafePointer<Int32>, weights: UnsafePointer<Float>,
                               count: Int, into levels: UnsafeMutablePointer<Float>) {
        let values = between + channel
        for index in 0..<count {
            let near = values + Int(indices[index]) * 3, far = weights[index]
            levels[index] = near[0] + (near[3] - near[0]) * far
        }
    }

    /// Mixes `levels` over `count` samples of a plane by `amounts` (0...1),
    /// rounding to nearest; a sample whose amount is 0 stays as it is.
    /// No branches: a float plus 1.5 x 2^23 holds its nearest integer in its low bits.
    @inline(__always)
    private static func mix(_ levels: UnsafePointer<Float>, by amounts: UnsafePointer<Float>, over samples: UnsafeMutablePointer<UInt8>, count: Int) {
        for index in 0..<count {
            let amount = amounts[index]
            let mixed = Float(samples[index]) * (1 - amount) + levels[index] * amount
            samples[index] = UInt8(truncatingIfNeeded: (min(max(mixed, 0), 255) + 12_582_912).bitPattern)
        }
    }

    /// Y, Cb and Cr levels (BT.709, limited range) of a colour's R, G and B (0...1).
    private static func levels(_ red: Float, _ green: Float, _ blue: Float) -> (Float, Float, Float) {
        let value = YUV420.ycbcr(r: Double(red), g: Double(green), b: Double(blue))
        return (Float(16 + 219 * value.y), Float(128 + 224 * value.cb), Float(128 + 224 * value.cr))
    }

    /// `level` mixed over `below` by `amount`, rounded half up (the levels are not negative).
    @inline(__always)
    private static func mixed(_ below: UInt8, _ level: Float, _ amount: Float) -> UInt8 {
        UInt8(min(max(Float(below) * (1 - amount) + level * amount, 0), 255) + 0.5)
    }

    /// Runs `body` over bands of the tiles, split over the cores, with the
    /// lattice's values converted by `convert` (three a point) and a row of
    /// lattice points to interpolate into.
    private func withLattice(convert: (Float, Float, Float) -> (Float, Float, Float),
                             _ body: @Sendable (UnsafePointer<Float>, UnsafeMutablePointer<Float>, Range<Int>) -> Void) {
        let points = lattice.columns * lattice.rows
        var values = [Float](repeating: 0, count: points * 3)
        for point in 0..<min(points, lattice.values.count / 4) {
            (values[point * 3], values[point * 3 + 1], values[point * 3 + 2]) =
                convert(lattice.values[point * 4], lattice.values[point * 4 + 1], lattice.values[point * 4 + 2])
        }
        let converted = values, columns = lattice.columns
        GridUpscaler.inBands(rows: rects.count) { band in
            let between = UnsafeMutablePointer<Float>.allocate(capacity: columns * 3)
            defer { between.deallocate() }
            converted.withUnsafeBufferPointer { values in
                guard let values = values.baseAddress else { return }
                body(values, between, band)
            }
        }
    }

    /// Fills `between` with the lattice's values (three a point) read
    /// between its rows at frame row `y` (pixels), as the bilinear filter does.
    @inline(__always)
    private func interpolate(_ values: UnsafePointer<Float>, atRow y: Double, into between: UnsafeMutablePointer<Float>) {
        let row = lattice.row(at: y)
        let width = lattice.columns * 3
        let above = values + row.index * width, below = above + width
        let far = row.weight, near = 1 - row.weight
        for index in 0..<width { between[index] = above[index] * near + below[index] * far }
    }
}
