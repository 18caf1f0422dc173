import CallshadeCore

/// The tiles where a wave's coverage changes and nothing but the waves
/// shows, filled on the host: each pixel is the background (level 0 of the
/// grid) mixed towards the gradient seen through one wave by the weight
/// `WaveEdgeWeights` gives it, both interpolated as the rest of the frame is.
extension GridUpscaler {
    /// Fills `rect` (even corner and size) of I420 planes (`output`, as
    /// `fillYUV420`'s) from `base` (Y, Cb, Cr levels of all the grid's
    /// texels) and `through` (the same of the gradient seen through one
    /// wave, texels `window`), mixed by `weights` (each wave's coverage given
    /// over the rectangle by `outer` and `inner`, or worked out a pixel).
    /// A chroma sample mixes by the mean of its 2x2 block's weights.
    func fillYUV420(_ rect: PixelRect, weights: WaveEdgeWeights, outer: Bool?, inner: Bool?, base: GridPlanes, through: GridPlanes,
                    window: PixelRect, into output: UnsafeMutablePointer<UInt8>) {
        let width = size.width
        let chromaWidth = width / 2
        let cbStart = width * size.height
        let crStart = cbStart + chromaWidth * (size.height / 2)
        let pixels = rect.x..<rect.x + rect.width
        // Two rows of weights, each with its scratch half, then the chroma samples' weights.
        let mix = UnsafeMutablePointer<Float>.allocate(capacity: rect.width * 4 + rect.width / 2)
        defer { mix.deallocate() }
        let chromaMix = mix + rect.width * 4
        base.levels.withUnsafeBufferPointer { baseLevels in
            through.levels.withUnsafeBufferPointer { throughLevels in
                guard let baseLevels = baseLevels.baseAddress, let throughLevels = throughLevels.baseAddress else { return }
                let lumaBase = WidenedRows(width: rect.width, channels: 1), lumaThrough = WidenedRows(width: rect.width, channels: 1)
                let baseColumns = GridAxis(columns, range: pixels, firstTexel: 0)
                let throughColumns = GridAxis(columns, range: pixels, firstTexel: Int32(window.x))
                let chromaBase = WidenedRows(width: rect.width / 2, channels: 2), chromaThrough = WidenedRows(width: rect.width / 2, channels: 2)
                let chromaPixels = rect.x / 2..<(rect.x + rect.width) / 2
                let baseChromaColumns = GridAxis(chromaColumns, range: chromaPixels, firstTexel: 0)
                let throughChromaColumns = GridAxis(chromaColumns, range: chromaPixels, firstTexel: Int32(window.x))
                for pair in stride(from: rect.y, to: rect.y + rect.height, by: 2) {
                    for row in pair..<pair + 2 {
                        let rowMix = mix + (row - pair) * rect.width * 2
                        weights.weights(row: row, columns: pixels, outer: outer, inner: inner, into: rowMix)
                        let sample = rows.samples[row]
                        lumaBase.widen(texelRow: sample.texel, of: baseLevels, gridWidth: base.width, gridHeight: base.height, columns: baseColumns)
                        lumaThrough.widen(texelRow: sample.texel - Int32(window.y), of: throughLevels, gridWidth: through.width,
                                          gridHeight: through.height, columns: throughColumns)
                        LevelBlend.mixedBytes(lumaBase, lumaThrough, channel: 0, weight: sample.weight, mix: rowMix,
                                              into: output + row * width + rect.x)
                    }
                    let upper = mix, lower = mix + rect.width * 2
                    for sample in 0..<rect.width / 2 {
                        chromaMix[sample] = (upper[2 * sample] + upper[2 * sample + 1] + lower[2 * sample] + lower[2 * sample + 1]) * 0.25
                    }
                    let sample = chromaRows.samples[pair / 2]
                    chromaBase.widen(texelRow: sample.texel, of: baseLevels + base.width * base.height, gridWidth: base.width,
                                     gridHeight: base.height, columns: baseChromaColumns)
                    chromaThrough.widen(texelRow: sample.texel - Int32(window.y), of: throughLevels + through.width * through.height,
                                        gridWidth: through.width, gridHeight: through.height, columns: throughChromaColumns)
                    for (channel, start) in [(0, cbStart), (1, crStart)] {
                        LevelBlend.mixedBytes(chromaBase, chromaThrough, channel: channel, weight: sample.weight, mix: chromaMix,
                                              into: output + start + pair / 2 * chromaWidth + rect.x / 2)
                    }
                }
            }
        }
    }

    /// Fills `rect` of an RGBA frame (`output`, width x height) the same way
    /// from R, G, B levels, dithered or not.
    func fillRGBA(_ rect: PixelRect, weights: WaveEdgeWeights, outer: Bool?, inner: Bool?, base: GridPlanes, through: GridPlanes,
                  window: PixelRect, dither: Bool, into output: UnsafeMutablePointer<UInt8>) {
        let pixels = rect.x..<rect.x + rect.width
        let mix = UnsafeMutablePointer<Float>.allocate(capacity: rect.width * 3)
        defer { mix.deallocate() }
        let bias = mix + rect.width * 2
        bias.initialize(repeating: 0, count: rect.width)
        base.levels.withUnsafeBufferPointer { baseLevels in
            through.levels.withUnsafeBufferPointer { throughLevels in
                guard let baseLevels = baseLevels.baseAddress, let throughLevels = throughLevels.baseAddress else { return }
                let baseRows = WidenedRows(width: rect.width, channels: 3), throughRows = WidenedRows(width: rect.width, channels: 3)
                let baseColumns = GridAxis(columns, range: pixels, firstTexel: 0)
                let throughColumns = GridAxis(columns, range: pixels, firstTexel: Int32(window.x))
                for row in rect.y..<rect.y + rect.height {
                    weights.weights(row: row, columns: pixels, outer: outer, inner: inner, into: mix)
                    let sample = rows.samples[row]
                    baseRows.widen(texelRow: sample.texel, of: baseLevels, gridWidth: base.width, gridHeight: base.height, columns: baseColumns)
                    throughRows.widen(texelRow: sample.texel - Int32(window.y), of: throughLevels, gridWidth: through.width,
                                      gridHeight: through.height, columns: throughColumns)
                    if dither {
                        for column in 0..<rect.width { bias[column] = Float(OrderedDither.offset(x: rect.x + column, y: row) * 255) }
                    }
                    LevelBlend.mixedRGBA(baseRows, throughRows, weight: sample.weight, mix: mix, bias: bias,
                                         into: output + (row * size.width + rect.x) * 4)
                }
            }
        }
    }
}

extension LevelBlend {
    /// A row of one channel as bytes: the base row (upper + step x weight)
    /// mixed by `mix` (one a column) towards the other row at the same place.
    static func mixedBytes(_ base: WidenedRows, _ other: WidenedRows, channel: Int, weight: Float, mix: UnsafePointer<Float>,
                           into output: UnsafeMutablePointer<UInt8>) {
        let width = base.width
        let baseUpper = UnsafePointer(base.upper + channel * width), baseStep = UnsafePointer(base.step + channel * width)
        let otherUpper = UnsafePointer(other.upper + channel * width), otherStep = UnsafePointer(other.step + channel * width)
        let weights = SIMD8<Float>(repeating: weight)
        var column = 0
        while column + 8 <= width {
            let from = load(baseUpper, column) + load(baseStep, column) * weights
            let to = load(otherUpper, column) + load(otherStep, column) * weights
            let value = levels(from + (to - from) * load(mix, column))
            UnsafeMutableRawPointer(output + column).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: value), as: SIMD8<UInt8>.self)
            column += 8
        }
        while column < width {
            let from = baseUpper[column] + baseStep[column] * weight
            let to = otherUpper[column] + otherStep[column] * weight
            output[column] = UInt8(level(from + (to - from) * mix[column]))
            column += 1
        }
    }

    /// An RGBA row (opaque) the same way from three channels, plus `bias` a column.
    static func mixedRGBA(_ base: WidenedRows, _ other: WidenedRows, weight: Float, mix: UnsafePointer<Float>, bias: UnsafePointer<Float>,
                          into output: UnsafeMutablePointer<UInt8>) {
        let width = base.width
        for column in 0..<width {
            var word: UInt32 = 0xFF00_0000
            for channel in 0..<3 {
                let at = channel * width + column
                let from = base.upper[at] + base.step[at] * weight
                let to = other.upper[at] + other.step[at] * weight
                word |= level(from + (to - from) * mix[column] + bias[column]) << (8 * channel)
            }
            UnsafeMutableRawPointer(output + column * 4).storeBytes(of: word, as: UInt32.self)
        }
    }
}
