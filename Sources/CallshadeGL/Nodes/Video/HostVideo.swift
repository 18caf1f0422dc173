import CallshadeCore

/// A video node drawn by the host (`VideoRenderer.hostDrawing`), by the
/// CPU reference's rule: each plane sampled bilinearly at the pixel's point
/// of the picture (texel centres at half-integers, edges clamped), the
/// codes converted to R'G'B' with the picture's matrix and range (a still's
/// RGBA sampled with its alpha premultiplied), covered by the clip's and
/// the content's coverage times the opacity. The texels and weights of
/// every frame column and every frame row are worked out once for the
/// node's placement (`VideoSampling`), not at each pixel.
struct HostVideo: HostRowShader, FloatLanes {
    let node: VideoNode
    /// Where its picture is sampled for each frame column and row.
    let sampling: VideoSampling
    var turned: Bool { sampling.turned }
    var columnLuma: Taps { sampling.columnLuma }
    var columnChroma: Taps { sampling.columnChroma }
    var rowLuma: Taps { sampling.rowLuma }
    var rowChroma: Taps { sampling.rowChroma }
    /// A picture without pixels shows nothing (as the reference's).
    var isEmpty: Bool { sampling.isEmpty }
    let conversion: Conversion?
    /// The picture's codes to the frame's I420 codes, for `writeYCbCr` (made once, not at each row pair).
    let codes: CodeConversion?
    /// A still's byte levels (v / 255 for the 256 bytes, the same floats as
    /// dividing at each texel), made once with the node; empty for a video.
    let byteLevels: [Float]

    /// The node's shader; `sampling`, its taps in a frame of `size` when kept already (`VideoSampling`).
    init(node: VideoNode, size: FrameSize, sampling given: VideoSampling? = nil) {
        self.node = node
        sampling = given ?? VideoSampling(node: node, size: size)
        if case .ycbcr(let frame) = node.picture {
            conversion = Conversion(matrix: frame.matrix, range: frame.range)
            codes = CodeConversion(matrix: frame.matrix, range: frame.range)
        } else {
            conversion = nil
            codes = nil
        }
        if case .rgba = node.picture { byteLevels = (0..<256).map { Float($0) / 255 } } else { byteLevels = [] }
    }

    func makeRowMemory(width: Int) -> InterpolatedRows { InterpolatedRows(width: width) }

    func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, memory: InterpolatedRows) {
        guard !isEmpty else {
            for index in 0..<count { values[index] = .zero }
            return
        }
        let clip = ShapeRowCoverage(node.clip, row: y), content = ShapeRowCoverage(node.content, row: y)
        let opacity = Float(min(node.opacity, 1))
        let (rowLumaFirst, rowLumaSecond, rowLumaWeight) = (rowLuma.first[y], rowLuma.second[y], rowLuma.weight[y])
        let (rowChromaFirst, rowChromaSecond, rowChromaWeight) = (rowChroma.first[y], rowChroma.second[y], rowChroma.weight[y])
        // Where both shapes surely cover, the amount is the opacity; elsewhere each pixel's coverage is worked out.
        let sure = clip.sureColumns.clamped(to: content.sureColumns)
        switch node.picture {
        case .ycbcr(let frame):
            guard let conversion else {
                for index in 0..<count { values[index] = .zero }
                return
            }
            let (lumaWidth, chromaWidth) = (frame.width, frame.chromaWidth)
            let lumaRow = turned ? (rowLumaFirst, rowLumaSecond, rowLumaWeight) : (rowLumaFirst * Int32(lumaWidth), rowLumaSecond * Int32(lumaWidth), rowLumaWeight)
            let chromaRow = turned ? (rowChromaFirst, rowChromaSecond, rowChromaWeight)
                : (rowChromaFirst * Int32(chromaWidth), rowChromaSecond * Int32(chromaWidth), rowChromaWeight)
            frame.withPlanes { luma, cb, cr in
                columnLuma.withPointers { lumaColumns in
                    columnChroma.withPointers { chromaColumns in
                        // The run of whole groups of eight pixels the shapes surely cover, the picture not turned: each
                        // plane interpolated across the row first (pixel by pixel), then down and converted eight at a time.
                        let fast = turned ? 0..<0 : Self.groupsOfEight(within: sure.clamped(to: x..<x + count), from: x)
                        if !fast.isEmpty {
                            Self.shadeSurelyCovered(fast, from: x, planes: (luma, cb, cr), columns: (lumaColumns, chromaColumns),
                                                    rows: (lumaRow, chromaRow), conversion: conversion, opacity: opacity, into: values,
                                                    memory: memory)
                        }
                        var index = 0
                        while index < count {
                            let column = x + index
                            if fast.contains(index) {
                                index = fast.upperBound
                                continue
                            }
                            let amount = sure.contains(column) ? opacity : Float(clip.coverage(column) * content.coverage(column)) * opacity
                            guard amount > 0 else {
                                values[index] = .zero
                                index += 1
                                continue
                            }
                            let lumaColumn = turned
                                ? (lumaColumns.first[column] * Int32(lumaWidth), lumaColumns.second[column] * Int32(lumaWidth), lumaColumns.weight[column])
                                : (lumaColumns.first[column], lumaColumns.second[column], lumaColumns.weight[column])
                            let chromaColumn = turned
                                ? (chromaColumns.first[column] * Int32(chromaWidth), chromaColumns.second[column] * Int32(chromaWidth),
                                   chromaColumns.weight[column])
                                : (chromaColumns.first[column], chromaColumns.second[column], chromaColumns.weight[column])
                            let lumaCode = Self.bilinear(luma, turned: turned, column: lumaColumn, row: lumaRow)
                            let cbCode = Self.bilinear(cb, turned: turned, column: chromaColumn, row: chromaRow)
                            let crCode = Self.bilinear(cr, turned: turned, column: chromaColumn, row: chromaRow)
                            let rgb = conversion.rgb(luma: lumaCode, cb: cbCode, cr: crCode)
                            values[index] = SIMD4(rgb.x, rgb.y, rgb.z, amount)
                            index += 1
                        }
                    }
                }
            }
        case .rgba(let image):
            byteLevels.withUnsafeBufferPointer { levels in
                image.pixels.withUnsafeBufferPointer { pixels in
                    for index in 0..<count {
                        let column = x + index
                        let coverage = sure.contains(column) ? opacity : Float(clip.coverage(column) * content.coverage(column)) * opacity
                        guard coverage > 0 else {
                            values[index] = .zero
                            continue
                        }
                        let (across, down) = (columnLuma.at(column), rowLuma.at(y))
                        // The four texels, (x, y) of the picture (its x from the row when turned), and their weights, in this order.
                        let (x0, x1, y0, y1) = turned ? (down.first, down.second, across.first, across.second)
                            : (across.first, across.second, down.first, down.second)
                        let (xWeight, yWeight) = turned ? (down.weight, across.weight) : (across.weight, down.weight)
                        var premultiplied = SIMD4<Float>.zero
                        @inline(__always)
                        func add(_ texelX: Int32, _ texelY: Int32, _ weight: Float) {
                            let at = (Int(texelY) * image.width + Int(texelX)) * 4
                            let alpha = levels[Int(pixels[at + 3])]
                            premultiplied += weight * SIMD4(levels[Int(pixels[at])] * alpha, levels[Int(pixels[at + 1])] * alpha,
                                                            levels[Int(pixels[at + 2])] * alpha, alpha)
                        }
                        add(x0, y0, (1 - xWeight) * (1 - yWeight))
                        add(x1, y0, xWeight * (1 - yWeight))
                        add(x0, y1, (1 - xWeight) * yWeight)
                        add(x1, y1, xWeight * yWeight)
                        let alpha = premultiplied.w
                        values[index] = alpha > 0 ? SIMD4(premultiplied.x / alpha, premultiplied.y / alpha, premultiplied.z / alpha, coverage * alpha)
                            : .zero
                    }
                }
            }
        }
    }

    /// A plane's code bilinear between the texels a column and a row give:
    /// each its two offsets into the plane (the one along the picture's y
    /// already times the plane's width) and the second's weight; the
    /// column's are along the picture's x unless `turned`.
    @inline(__always)
    private static func bilinear(_ plane: UnsafePointer<UInt8>, turned: Bool, column: (Int32, Int32, Float), row: (Int32, Int32, Float)) -> Float {
        let (across, down) = turned ? (row, column) : (column, row)
        let top = plane + Int(down.0), bottom = plane + Int(down.1)
        let upper = Float(top[Int(across.0)]) * (1 - across.2) + Float(top[Int(across.1)]) * across.2
        let lower = Float(bottom[Int(across.0)]) * (1 - across.2) + Float(bottom[Int(across.1)]) * across.2
        return upper * (1 - down.2) + lower * down.2
    }

    /// The pixels (from `x`) of the columns `columns` that start at a
    /// multiple of eight pixels from `x` and fill whole groups of eight.
    private static func groupsOfEight(within columns: Range<Int>, from x: Int) -> Range<Int> {
        let first = (columns.lowerBound - x + 7) / 8 * 8, end = (columns.upperBound - x) / 8 * 8
        return first < end ? first..<end : 0..<0
    }

    /// Pixels `run` (from `x`, whole groups of eight) of a row the shapes
    /// surely cover, the picture not turned: each plane interpolated across
    /// at its two rows pixel by pixel into buffers, then down, converted and
    /// stored eight pixels at a time.
    private static func shadeSurelyCovered(
        _ run: Range<Int>, from x: Int, planes: (luma: UnsafePointer<UInt8>, cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>),
        columns: (luma: (first: UnsafePointer<Int32>, second: UnsafePointer<Int32>, weight: UnsafePointer<Float>),
                  chroma: (first: UnsafePointer<Int32>, second: UnsafePointer<Int32>, weight: UnsafePointer<Float>)),
        rows: (luma: (Int32, Int32, Float), chroma: (Int32, Int32, Float)), conversion: Conversion, opacity: Float, into values: ShadedRow,
        memory: InterpolatedRows
    ) {
        let count = run.count, first = x + run.lowerBound
        let (lumaTop, lumaBottom, cbTop, cbBottom, crTop, crBottom) = acrossRows(from: first, count: count, planes: planes, columns: columns,
                                                                                   rows: rows, memory: memory)
        let (lumaDown, chromaDown) = (rows.luma.2, rows.chroma.2)
        for group in stride(from: 0, to: count, by: 8) {
            func lerp(_ top: UnsafeMutablePointer<Float>, _ bottom: UnsafeMutablePointer<Float>, _ weight: Float) -> SIMD8<Float> {
                let upper = load(top + group)
                return upper + (load(bottom + group) - upper) * weight
            }
            let (red, green, blue) = conversion.rgb(luma: lerp(lumaTop, lumaBottom, lumaDown), cb: lerp(cbTop, cbBottom, chromaDown),
                                                    cr: lerp(crTop, crBottom, chromaDown))
            let at = run.lowerBound + group
            store(red, values.red + at)
            store(green, values.green + at)
            store(blue, values.blue + at)
            store(SIMD8(repeating: opacity), values.amount + at)
        }
    }

    /// The two rows of each plane (luma, Cb, Cr) that `rows` names,
    /// interpolated across `count` frame columns from `first` (the picture
    /// not turned), kept by `memory`: a row made for the frame row before is
    /// taken as it is.
    @inline(__always)
    static func acrossRows(
        from first: Int, count: Int, planes: (luma: UnsafePointer<UInt8>, cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>),
        columns: (luma: (first: UnsafePointer<Int32>, second: UnsafePointer<Int32>, weight: UnsafePointer<Float>),
                  chroma: (first: UnsafePointer<Int32>, second: UnsafePointer<Int32>, weight: UnsafePointer<Float>)),
        rows: (luma: (Int32, Int32, Float), chroma: (Int32, Int32, Float)), memory: InterpolatedRows
    ) -> (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>,
          UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>) {
        /// Plane `plane`'s row at `offset` interpolated across the run, kept by `memory` (the row beside it wanted now, `other`, kept too).
        func across(_ plane: Int, _ offset: Int32, besides other: Int32, from source: UnsafePointer<UInt8>,
                    columns: (first: UnsafePointer<Int32>, second: UnsafePointer<Int32>, weight: UnsafePointer<Float>)) -> UnsafeMutablePointer<Float> {
            let key = InterpolatedRows.Key(plane: plane, offset: offset, x: first, count: count)
            return memory.row(key, keeping: InterpolatedRows.Key(plane: plane, offset: other, x: first, count: count)) { values in
                guard count > 0 else { return }
                let line = source + Int(offset)
                // The row's texels up to the farthest the run reads, as floats once each (the taps move one
                // way along the row, an affine map's, so its ends read the outermost; a tap of no finite point is 0).
                let high = max(Int(columns.first[first]), Int(columns.second[first]), Int(columns.first[first + count - 1]),
                               Int(columns.second[first + count - 1]))
                withUnsafeTemporaryAllocation(of: Float.self, capacity: high + 1) { texels in
                    guard let levels = texels.baseAddress else { return }
                    for texel in 0...high { levels[texel] = Float(line[texel]) }
                    for index in 0..<count {
                        let column = first + index
                        let (left, right, weight) = (Int(columns.first[column]), Int(columns.second[column]), columns.weight[column])
                        values[index] = levels[left] + (levels[right] - levels[left]) * weight
                    }
                }
            }
        }
        return (across(0, rows.luma.0, besides: rows.luma.1, from: planes.luma, columns: columns.luma),
                across(0, rows.luma.1, besides: rows.luma.0, from: planes.luma, columns: columns.luma),
                across(1, rows.chroma.0, besides: rows.chroma.1, from: planes.cb, columns: columns.chroma),
                across(1, rows.chroma.1, besides: rows.chroma.0, from: planes.cb, columns: columns.chroma),
                across(2, rows.chroma.0, besides: rows.chroma.1, from: planes.cr, columns: columns.chroma),
                across(2, rows.chroma.1, besides: rows.chroma.0, from: planes.cr, columns: columns.chroma))
    }

    /// For each frame column (or row): the two texels around its point along
    /// one axis of a plane `extent` texels long, clamped to its edges, and
    /// the weight of the second.
    struct Taps {
        var first: [Int32]
        var second: [Int32]
        var weight: [Float]

        init(count: Int, extent: Int, at point: (Int) -> Double) {
            first = [Int32](repeating: 0, count: count)
            second = first
            weight = [Float](repeating: 0, count: count)
            let last = Double(max(extent - 1, 0))
            for index in 0..<count {
                let value = point(index)
                guard value.isFinite else { continue }
                let position = value * Double(extent) - 0.5
                let left = position.rounded(.down)
                first[index] = Int32(min(max(left, 0), last))
                second[index] = Int32(min(max(left + 1, 0), last))
                weight[index] = Float(position - left)
            }
        }

        func at(_ index: Int) -> (first: Int32, second: Int32, weight: Float) {
            (first[index], second[index], weight[index])
        }

        /// Runs `body` with pointers to the three arrays.
        func withPointers(_ body: ((first: UnsafePointer<Int32>, second: UnsafePointer<Int32>, weight: UnsafePointer<Float>)) -> Void) {
            first.withUnsafeBufferPointer { first in
                second.withUnsafeBufferPointer { second in
                    weight.withUnsafeBufferPointer { weight in
                        guard let first = first.baseAddress, let second = second.baseAddress, let weight = weight.baseAddress else { return }
                        body((first, second, weight))
                    }
                }
            }
        }
    }

    /// Codes to R'G'B' (0...1) by the picture's matrix and range (`YCbCrConversion`'s rule, in Float).
    struct Conversion {
        let kr: Float, kb: Float
        let black: Float, lumaSpan: Float, chromaSpan: Float

        init(matrix: VideoMatrix, range: VideoRange) {
            let weights = matrix.lumaWeights
            (kr, kb) = (Float(weights.red), Float(weights.blue))
            switch range {
            case .limited: (black, lumaSpan, chromaSpan) = (16, 219, 224)
            case .full: (black, lumaSpan, chromaSpan) = (0, 255, 255)
            }
        }

        /// The same in eight lanes (clamped by masks: the generic pointwise min and max are slow).
        @inline(__always)
        func rgb(luma: SIMD8<Float>, cb: SIMD8<Float>, cr: SIMD8<Float>) -> (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>) {
            let y = (luma - black) / lumaSpan, pb = (cb - 128) / chromaSpan, pr = (cr - 128) / chromaSpan
            let red = y + 2 * (1 - kr) * pr
            let blue = y + 2 * (1 - kb) * pb
            let green = (y - kr * red - kb * blue) / (1 - kr - kb)
            @inline(__always)
            func unit(_ value: SIMD8<Float>) -> SIMD8<Float> { value.replacing(with: 0, where: value .< 0).replacing(with: 1, where: value .> 1) }
            return (unit(red), unit(green), unit(blue))
        }

        @inline(__always)
        func rgb(luma: Float, cb: Float, cr: Float) -> SIMD3<Float> {
            let y = (luma - black) / lumaSpan, pb = (cb - 128) / chromaSpan, pr = (cr - 128) / chromaSpan
            let red = y + 2 * (1 - kr) * pr
            let blue = y + 2 * (1 - kb) * pb
            let green = (y - kr * red - kb * blue) / (1 - kr - kb)
            return SIMD3(min(max(red, 0), 1), min(max(green, 0), 1), min(max(blue, 0), 1))
        }
    }
}

extension SourcePicture {
    /// The size of its luma plane (a still's pixels).
    var lumaSize: (width: Int, height: Int) {
        switch self {
        case .ycbcr(let frame): return (frame.width, frame.height)
        case .rgba(let image): return (image.width, image.height)
        }
    }

    /// The size of its chroma planes (a still: its pixels).
    var chromaSize: (width: Int, height: Int) {
        switch self {
        case .ycbcr(let frame): return (frame.chromaWidth, frame.chromaHeight)
        case .rgba(let image): return (image.width, image.height)
        }
    }
}

/// A band's rows of the planes already interpolated across a run (the
/// host's video, `HostVideo`): two a plane, so that a frame row whose
/// picture rows are those of the row before (the picture is enlarged), or
/// whose upper one was the last one's lower, takes them as they are. Used
/// by one thread; the pixels are the same with it as without.
final class InterpolatedRows {
    /// A plane (0 luma, 1 Cb, 2 Cr), the offset of its row, and the run: `count` pixels from frame column `x`.
    struct Key: Equatable {
        let plane: Int
        let offset: Int32
        let x: Int
        let count: Int
    }

    private let width: Int
    private var keys: [Key?]
    private let buffers: UnsafeMutablePointer<Float>

    /// Three rows of codes, then of R'G'B' (`HostVideo.writeYCbCr`'s, between its passes over a row).
    var colours: (red: UnsafeMutablePointer<Float>, green: UnsafeMutablePointer<Float>, blue: UnsafeMutablePointer<Float>) {
        (buffers + 6 * width, buffers + 7 * width, buffers + 8 * width)
    }

    init(width: Int) {
        self.width = max(width, 1)
        keys = [Key?](repeating: nil, count: 6)
        buffers = .allocate(capacity: 9 * self.width)
        buffers.initialize(repeating: 0, count: 9 * self.width)
    }

    deinit {
        buffers.deallocate()
    }

    /// The row of `key`, made by `make` (into a buffer of `key.count` floats) unless kept; the row of `other` stays kept.
    func row(_ key: Key, keeping other: Key, make: (UnsafeMutablePointer<Float>) -> Void) -> UnsafeMutablePointer<Float> {
        let first = 2 * key.plane
        for slot in first..<first + 2 where keys[slot] == key { return buffers + slot * width }
        let slot = keys[first] == other ? first + 1 : first
        let values = buffers + slot * width
        make(values)
        keys[slot] = key
        return values
    }
}
