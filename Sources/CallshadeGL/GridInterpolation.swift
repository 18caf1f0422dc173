import CallshadeCore

#if _endian(big)
#error("the interpolation loops pack RGBA pixels as little-endian 32-bit words")
#endif

/// Where the samples along one axis of an output fall between the
/// low-resolution gradient's texels: for each, the texel before it and the
/// weight of the one after it (what linear texture filtering does).
struct GridAxis: Equatable {
    let samples: [Sample]
    /// The samples' weights alone, contiguous for vector loads.
    let weights: [Float]
    /// The samples between each texel and the next, as runs: samples
    /// `runs[k].range` all lie after texel `runs[k].texel` (ascending).
    let runs: [(texel: Int32, range: Range<Int>)]

    static func == (a: GridAxis, b: GridAxis) -> Bool { a.samples == b.samples }

    struct Sample: Equatable {
        let texel: Int32
        let weight: Float
    }

    /// `count` samples, each standing for `span` pixels of an axis of
    /// `pixels` (1: pixel centres; 2: the middle of 2x2 blocks, where I420's
    /// chroma sits). A point p pixels along the axis is texel coordinate
    /// p inner / pixels + 1 (one texel of margin); texel centres are at i + 0.5.
    init(count: Int, span: Int, pixels: Int, inner: Int) {
        samples = (0..<count).map { sample in
            let pixel = Double(sample * span) + Double(span) / 2
            let position = pixel * Double(inner) / Double(pixels) + 0.5
            let texel = min(max(position.rounded(.down), 0), Double(inner))
            return Sample(texel: Int32(texel), weight: Float(position - texel))
        }
        weights = samples.map(\.weight)
        runs = Self.runs(of: samples)
    }

    /// Samples `range` of an axis alone (numbered from 0), for a window of
    /// the texels that starts at texel `firstTexel`: a view of the axis,
    /// nothing copied, for the many small rectangles of a frame.
    struct Slice {
        let axis: GridAxis
        let range: Range<Int>
        let firstTexel: Int32
        /// The first of the axis's runs that holds a sample of `range`.
        let firstRun: Int

        init(_ axis: GridAxis, range: Range<Int>, firstTexel: Int32) {
            self.axis = axis
            self.range = range
            self.firstTexel = firstTexel
            // Runs are in order: find the last that starts at or before the range.
            var (low, high) = (0, axis.runs.count)
            while high - low > 1 {
                let middle = (low + high) / 2
                if axis.runs[middle].range.lowerBound <= range.lowerBound { low = middle } else { high = middle }
            }
            firstRun = low
        }
    }

    /// Samples `range` of this axis, for a window of texels from `firstTexel`.
    func slice(_ range: Range<Int>, firstTexel: Int32) -> Slice {
        Slice(self, range: range, firstTexel: firstTexel)
    }

    /// The texels samples `range` interpolate between: the first, and one past the last.
    func texels(for range: Range<Int>) -> Range<Int32> {
        guard let first = samples[range].first, let last = samples[range].last else { return 0..<0 }
        return first.texel..<last.texel + 2
    }

    private static func runs(of samples: [Sample]) -> [(texel: Int32, range: Range<Int>)] {
        var runs: [(texel: Int32, range: Range<Int>)] = []
        var start = 0
        for index in samples.indices where index + 1 == samples.count || samples[index + 1].texel != samples[index].texel {
            runs.append((samples[index].texel, start..<(index + 1)))
            start = index + 1
        }
        return runs
    }
}

/// The low-resolution gradient as planes of 8-bit levels (floats), one a channel.
struct GridPlanes {
    let width: Int
    let height: Int
    let channels: Int
    /// Plane c's texel (x, y) at c * width * height + y * width + x.
    private(set) var levels: [Float]

    /// R, G and B of RGBA float texels, times 255.
    static func rgb(_ rgba: [Float], width: Int, height: Int) -> GridPlanes {
        GridPlanes(rgba, width: width, height: height, channels: 3) { r, g, b in (r * 255, g * 255, b * 255) }
    }

    /// Y, Cb and Cr (BT.709, limited range, in levels) of RGBA float texels:
    /// linear in R, G, B, so interpolating them equals converting the interpolated colour.
    static func ycbcr(_ rgba: [Float], width: Int, height: Int) -> GridPlanes {
        GridPlanes(rgba, width: width, height: height, channels: 3) { r, g, b in
            let value = YUV420.ycbcr(r: Double(r), g: Double(g), b: Double(b))
            return (Float(16 + 219 * value.y), Float(128 + 224 * value.cb), Float(128 + 224 * value.cr))
        }
    }

    private init(_ rgba: [Float], width: Int, height: Int, channels: Int,
                 convert: (Float, Float, Float) -> (Float, Float, Float)) {
        self.width = width
        self.height = height
        self.channels = channels
        let count = width * height
        var levels = [Float](repeating: 0, count: count * channels)
        for texel in 0..<min(count, rgba.count / 4) {
            let value = convert(rgba[texel * 4], rgba[texel * 4 + 1], rgba[texel * 4 + 2])
            (levels[texel], levels[count + texel], levels[2 * count + texel]) = value
        }
        self.levels = levels
    }
}

/// One worker's two texel rows of a `GridPlanes`, interpolated across to
/// every output column: `upper` (channel after channel, `width` each) and
/// `step`, the difference to the next texel row. An output row is then
/// upper + step x its row weight, a loop with no lookups.
final class WidenedRows {
    let width: Int
    let channels: Int
    let upper: UnsafeMutablePointer<Float>
    let step: UnsafeMutablePointer<Float>
    /// The next texel row, kept so moving one row down needs one row interpolated, not two.
    private let lower: UnsafeMutablePointer<Float>
    private var widened: Int32 = -1

    init(width: Int, channels: Int) {
        self.width = width
        self.channels = channels
        upper = .allocate(capacity: width * channels)
        step = .allocate(capacity: width * channels)
        lower = .allocate(capacity: width * channels)
    }

    deinit {
        upper.deallocate()
        step.deallocate()
        lower.deallocate()
    }

    /// Makes `upper` texel row `texel` and `step` the way to the next, at
    /// `columns`; nothing to do when already there, half when moving one row
    /// down. The values are the same whichever way they were reached.
    func widen(texelRow texel: Int32, of planes: UnsafePointer<Float>, gridWidth: Int, gridHeight: Int, columns: GridAxis.Slice) {
        guard texel != widened else { return }
        let planeSize = gridWidth * gridHeight
        let movesOneDown = widened >= 0 && texel == widened + 1
        widened = texel
        for channel in 0..<channels {
            let upperRow = upper + channel * width
            let lowerRow = lower + channel * width
            let stepRow = step + channel * width
            let plane = planes + channel * planeSize
            if movesOneDown {
                upperRow.update(from: lowerRow, count: width)
            } else {
                Self.interpolate(plane + Int(texel) * gridWidth, at: columns, into: upperRow)
            }
            Self.interpolate(plane + (Int(texel) + 1) * gridWidth, at: columns, into: lowerRow)
            for column in 0..<width { stepRow[column] = lowerRow[column] - upperRow[column] }
        }
    }

    /// One texel row interpolated to every column of the slice, a run of columns between two texels at a time.
    private static func interpolate(_ texels: UnsafePointer<Float>, at columns: GridAxis.Slice, into output: UnsafeMutablePointer<Float>) {
        let range = columns.range
        columns.axis.weights.withUnsafeBufferPointer { samples in
            columns.axis.runs.withUnsafeBufferPointer { runs in
                guard let samples = samples.baseAddress else { return }
                var index = columns.firstRun
                while index < runs.count, runs[index].range.lowerBound < range.upperBound {
                    let run = runs[index]
                    let texel = Int(run.texel - columns.firstTexel)
                    let left = texels[texel]
                    let slope = texels[texel + 1] - left
                    let start = max(run.range.lowerBound, range.lowerBound), count = min(run.range.upperBound, range.upperBound) - start
                    let target = output + (start - range.lowerBound), weights = samples + start
                    var offset = 0
                    // A run is as long as the grid's factor: eight at a time, in vector registers.
                    while offset + 8 <= count {
                        let value = SIMD8<Float>(repeating: left) + SIMD8<Float>(repeating: slope)
                            * UnsafeRawPointer(weights + offset).loadUnaligned(as: SIMD8<Float>.self)
                        UnsafeMutableRawPointer(target + offset).storeBytes(of: value, as: SIMD8<Float>.self)
                        offset += 8
                    }
                    // Chroma's runs are half as long.
                    while offset + 4 <= count {
                        let value = SIMD4<Float>(repeating: left) + SIMD4<Float>(repeating: slope)
                            * UnsafeRawPointer(weights + offset).loadUnaligned(as: SIMD4<Float>.self)
                        UnsafeMutableRawPointer(target + offset).storeBytes(of: value, as: SIMD4<Float>.self)
                        offset += 4
                    }
                    while offset < count {
                        target[offset] = left + slope * weights[offset]
                        offset += 1
                    }
                    index += 1
                }
            }
        }
    }
}

/// The loops that turn widened rows into 8-bit output, eight samples at a time in vector registers.
enum LevelBlend {
    // Adding 1.5 x 2^23 puts round(value) in a float's low mantissa bits, for
    // |value| < 2^22; the clamp to 0...255 is then done on integers (the
    // generic pointwise min and max are slow). Computed, not stored: a
    // stored static is checked for its one-time initialisation at each use.
    private static var magic: SIMD8<Float> { SIMD8(repeating: 12_582_912) }
    private static var magicBits: SIMD8<Int32> { SIMD8(repeating: 0x4B40_0000) }
    private static var top: SIMD8<Int32> { SIMD8(repeating: 255) }

    @inline(__always)
    static func levels(_ value: SIMD8<Float>) -> SIMD8<Int32> {
        let rounded = unsafeBitCast(value + magic, to: SIMD8<Int32>.self) &- magicBits
        let positive = rounded & ~(rounded &>> 31)           // below 0: 0
        return (positive | ((top &- positive) &>> 31)) & top   // above 255: 255
    }

    /// One value rounded to the nearest level and clamped, as the vector loops do it.
    @inline(__always)
    static func level(_ value: Float) -> UInt32 {
        let rounded = Int32(bitPattern: (value + 12_582_912).bitPattern) &- Int32(bitPattern: Float(12_582_912).bitPattern)
        return UInt32(min(max(rounded, 0), 255))
    }

    @inline(__always)
    static func load(_ pointer: UnsafePointer<Float>, _ index: Int) -> SIMD8<Float> {
        UnsafeRawPointer(pointer + index).loadUnaligned(as: SIMD8<Float>.self)
    }

    /// Columns `columns` of an RGBA row from three widened channels (`rows.upper`
    /// R, G, B planes): opaque pixels, each channel upper + step x weight + bias.
    static func rgba(_ rows: WidenedRows, weight: Float, bias: UnsafePointer<Float>, columns: Range<Int>,
                     into output: UnsafeMutablePointer<UInt8>) {
        let width = rows.width
        let upper = (UnsafePointer(rows.upper), UnsafePointer(rows.upper + width), UnsafePointer(rows.upper + 2 * width))
        let step = (UnsafePointer(rows.step), UnsafePointer(rows.step + width), UnsafePointer(rows.step + 2 * width))
        let pixels = UnsafeMutableRawPointer(output)
        let weights = SIMD8<Float>(repeating: weight)
        let alpha = SIMD8<Int32>(repeating: Int32(bitPattern: 0xFF00_0000))
        var column = columns.lowerBound
        var at = 0
        while column + 8 <= columns.upperBound {
            let offset = load(bias, column)
            let r = levels(load(upper.0, column) + load(step.0, column) * weights + offset)
            let g = levels(load(upper.1, column) + load(step.1, column) * weights + offset)
            let b = levels(load(upper.2, column) + load(step.2, column) * weights + offset)
            pixels.storeBytes(of: r | g &<< 8 | b &<< 16 | alpha, toByteOffset: at * 4, as: SIMD8<Int32>.self)
            column += 8
            at += 8
        }
        while column < columns.upperBound {
            func channel(_ index: Int) -> UInt32 {
                level(upper.0[column + index * width] + step.0[column + index * width] * weight + bias[column])
            }
            pixels.storeBytes(of: channel(0) | channel(1) << 8 | channel(2) << 16 | 0xFF00_0000, toByteOffset: at * 4, as: UInt32.self)
            column += 1
            at += 1
        }
    }

    /// A row of one widened channel (`channel` of `rows`) as bytes: upper + step x weight.
    static func bytes(_ rows: WidenedRows, channel: Int, weight: Float, into output: UnsafeMutablePointer<UInt8>) {
        let upper = UnsafePointer(rows.upper + channel * rows.width)
        let step = UnsafePointer(rows.step + channel * rows.width)
        let weights = SIMD8<Float>(repeating: weight)
        var column = 0
        while column + 8 <= rows.width {
            let value = levels(load(upper, column) + load(step, column) * weights)
            UnsafeMutableRawPointer(output + column).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: value), as: SIMD8<UInt8>.self)
            column += 8
        }
        while column < rows.width {
            output[column] = UInt8(level(upper[column] + step[column] * weight))
            column += 1
        }
    }
}
