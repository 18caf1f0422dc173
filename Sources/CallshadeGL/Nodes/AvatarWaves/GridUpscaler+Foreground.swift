import CallshadeCore

/// The waves and the avatar as the host composes them over their tiles
/// (those where no node the GPU draws lies above), as `foreground.frag`
/// does: the background (level 0 of the grid) mixed by k towards the
/// gradient seen through one wave (`WaveEdgeWeights`), then the avatar's
/// premultiplied colour over it.
struct HostForeground: Sendable {
    /// Nil when the waves do not show.
    let weights: WaveEdgeWeights?
    /// Nil when the avatar is left out.
    let avatar: AvatarRows?

    /// Floats a column of a row's terms takes (`terms`).
    static let termsPerColumn = 6

    /// A row's terms at frame row `row`, columns `columns`, in a tile of
    /// `kind`: k, scratch, then the avatar's premultiplied R, G, B and
    /// alpha, `columns.count` floats each.
    func terms(row: Int, columns: Range<Int>, kind: AvatarWavesTile, into terms: UnsafeMutablePointer<Float>) {
        let count = columns.count
        let avatarTerms = terms + 2 * count
        var waves: (outer: Bool?, inner: Bool?)?
        var showsAvatar = true
        if case let .composed(outer, inner, avatarShows) = kind {
            waves = outer == false && inner == false ? nil : (outer, inner)
            showsAvatar = avatarShows
        }
        if let weights, let waves {
            weights.weights(row: row, columns: columns, outer: waves.outer, inner: waves.inner, into: terms)
        } else {
            terms.update(repeating: 0, count: count)
        }
        if let avatar, showsAvatar {
            avatar.premultiplied(row: row, columns: columns, into: avatarTerms)
        } else {
            avatarTerms.update(repeating: 0, count: 4 * count)
        }
    }
}

extension GridUpscaler {
    /// Fills `rect` (even corner and size), one of the foreground's tiles of
    /// `kind`, of I420 planes (`output`, as `fillYUV420`'s) from `base` (Y,
    /// Cb, Cr levels of all the grid's texels) and `through` (the same of
    /// the gradient seen through one wave, texels `window`; nil when the
    /// waves do not show). A chroma sample takes the mean of its 2x2 block.
    func fillYUV420(_ rect: PixelRect, kind: AvatarWavesTile, foreground: HostForeground, base: GridPlanes,
                    through: (planes: GridPlanes, window: PixelRect)?, into output: UnsafeMutablePointer<UInt8>) {
        let count = rect.width, blocks = rect.width / 2
        let chromaWidth = size.width / 2
        let cbStart = size.width * size.height
        let chroma = (output + cbStart, output + cbStart + chromaWidth * (size.height / 2))
        let pixels = rect.x..<rect.x + rect.width
        let chromaPixels = rect.x / 2..<(rect.x + rect.width) / 2
        // Below an opaque avatar nothing shows: no background to interpolate.
        let backgroundShows = kind != .avatarInterior
        let perRow = HostForeground.termsPerColumn * count
        let terms = UnsafeMutablePointer<Float>.allocate(capacity: 2 * perRow + 4 * blocks)
        defer { terms.deallocate() }
        // Each block's means: what is kept of the background, of its mix towards the waves, and the avatar's Cb and Cr.
        let means = (kept: terms + 2 * perRow, mixed: terms + 2 * perRow + blocks, cb: terms + 2 * perRow + 2 * blocks,
                     cr: terms + 2 * perRow + 3 * blocks)
        let (lumaWeights, cbWeights, crWeights) = Self.ycbcrWeights
        // The background's rows and, when the waves show, the gradient's through them, widened along the rectangle.
        let luma = WidenedRows(width: count, channels: 1), blockRows = WidenedRows(width: blocks, channels: 2)
        let seenLuma = WidenedRows(width: count, channels: 1), seenChroma = WidenedRows(width: blocks, channels: 2)
        let lumaColumns = columns.slice(pixels, firstTexel: 0)
        let blockColumns = chromaColumns.slice(chromaPixels, firstTexel: 0)
        let window = through?.window ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
        let seenColumns = columns.slice(pixels, firstTexel: Int32(window.x))
        let seenBlockColumns = chromaColumns.slice(chromaPixels, firstTexel: Int32(window.x))
        let seenPlanes = through?.planes
        let below = backgroundShows ? (upper: UnsafePointer(luma.upper), step: UnsafePointer(luma.step)) : nil
        let seen = backgroundShows && through != nil ? (upper: UnsafePointer(seenLuma.upper), step: UnsafePointer(seenLuma.step)) : nil
        base.levels.withUnsafeBufferPointer { baseLevels in
            (seenPlanes?.levels ?? []).withUnsafeBufferPointer { seenLevels in
                guard let baseLevels = baseLevels.baseAddress else { return }
                let seenLevels = seenLevels.baseAddress
                for pair in stride(from: rect.y, to: rect.y + rect.height, by: 2) {
                    for row in pair..<pair + 2 {
                        let rowTerms = terms + (row - pair) * perRow
                        foreground.terms(row: row, columns: pixels, kind: kind, into: rowTerms)
                        let sample = rows.samples[row]
                        if backgroundShows {
                            luma.widen(texelRow: sample.texel, of: baseLevels, gridWidth: base.width, gridHeight: base.height, columns: lumaColumns)
                            if let seenLevels, let seenPlanes {
                                seenLuma.widen(texelRow: sample.texel - Int32(window.y), of: seenLevels, gridWidth: seenPlanes.width,
                                               gridHeight: seenPlanes.height, columns: seenColumns)
                            }
                        }
                        let avatar = (r: UnsafePointer(rowTerms + 2 * count), g: UnsafePointer(rowTerms + 3 * count),
                                      b: UnsafePointer(rowTerms + 4 * count), a: UnsafePointer(rowTerms + 5 * count))
                        LevelBlend.composedLuma(below: below, seen: seen, weight: sample.weight, mix: rowTerms, avatar: avatar,
                                                weights: lumaWeights, count: count, into: output + row * size.width + rect.x)
                    }
                    // The blocks' means over the two rows' terms.
                    for block in 0..<blocks {
                        var sums: (kept: Float, mixed: Float, cb: Float, cr: Float) = (0, 0, 0, 0)
                        for corner in 0..<4 {
                            let column = terms + (corner < 2 ? 0 : perRow) + 2 * block + corner % 2
                            let (k, r, g, b, a) = (column[0], column[2 * count], column[3 * count], column[4 * count], column[5 * count])
                            sums.kept += 1 - a
                            sums.mixed += (1 - a) * k
                            sums.cb += 128 * a + 224 * (cbWeights.r * r + cbWeights.g * g + cbWeights.b * b)
                            sums.cr += 128 * a + 224 * (crWeights.r * r + crWeights.g * g + crWeights.b * b)
                        }
                        (means.kept[block], means.mixed[block], means.cb[block], means.cr[block]) = (sums.kept / 4, sums.mixed / 4, sums.cb / 4,
                                                                                                     sums.cr / 4)
                    }
                    let sample = chromaRows.samples[pair / 2]
                    if backgroundShows {
                        blockRows.widen(texelRow: sample.texel, of: baseLevels + base.width * base.height, gridWidth: base.width,
                                         gridHeight: base.height, columns: blockColumns)
                        if let seenLevels, let seenPlanes {
                            seenChroma.widen(texelRow: sample.texel - Int32(window.y), of: seenLevels + seenPlanes.width * seenPlanes.height,
                                             gridWidth: seenPlanes.width, gridHeight: seenPlanes.height, columns: seenBlockColumns)
                        }
                    }
                    let weight = sample.weight
                    for channel in 0..<2 {
                        let target = (channel == 0 ? chroma.0 : chroma.1) + pair / 2 * chromaWidth + rect.x / 2
                        let avatar = channel == 0 ? means.cb : means.cr
                        let (upper, step) = (blockRows.upper + channel * blocks, blockRows.step + channel * blocks)
                        let (seenUpper, seenStep) = (seenChroma.upper + channel * blocks, seenChroma.step + channel * blocks)
                        for block in 0..<blocks {
                            var value = avatar[block]
                            if backgroundShows {
                                let background = upper[block] + step[block] * weight
                                value += background * means.kept[block]
                                if seen != nil { value += (seenUpper[block] + seenStep[block] * weight - background) * means.mixed[block] }
                            }
                            target[block] = UInt8(LevelBlend.level(value))
                        }
                    }
                }
            }
        }
    }

    /// Fills `rect`, one of the foreground's tiles of `kind`, of an RGBA
    /// frame (`output`, width x height) the same way from R, G, B levels, dithered or not.
    func fillRGBA(_ rect: PixelRect, kind: AvatarWavesTile, foreground: HostForeground, base: GridPlanes,
                  through: (planes: GridPlanes, window: PixelRect)?, dither: Bool, into output: UnsafeMutablePointer<UInt8>) {
        let count = rect.width
        let pixels = rect.x..<rect.x + rect.width
        let backgroundShows = kind != .avatarInterior
        let terms = UnsafeMutablePointer<Float>.allocate(capacity: HostForeground.termsPerColumn * count)
        defer { terms.deallocate() }
        let (k, avatar, alpha) = (UnsafePointer(terms), UnsafePointer(terms + 2 * count), UnsafePointer(terms + 5 * count))
        let baseRows = WidenedRows(width: count, channels: 3)
        let baseColumns = columns.slice(pixels, firstTexel: 0)
        let throughRows = through.map { through in
            (planes: through.planes, window: through.window, rows: WidenedRows(width: count, channels: 3),
             columns: columns.slice(pixels, firstTexel: Int32(through.window.x)))
        }
        base.levels.withUnsafeBufferPointer { baseLevels in
            guard let baseLevels = baseLevels.baseAddress else { return }
            for row in rect.y..<rect.y + rect.height {
                foreground.terms(row: row, columns: pixels, kind: kind, into: terms)
                let sample = rows.samples[row]
                if backgroundShows {
                    baseRows.widen(texelRow: sample.texel, of: baseLevels, gridWidth: base.width, gridHeight: base.height, columns: baseColumns)
                    if let throughRows {
                        throughRows.planes.levels.withUnsafeBufferPointer { levels in
                            guard let levels = levels.baseAddress else { return }
                            throughRows.rows.widen(texelRow: sample.texel - Int32(throughRows.window.y), of: levels,
                                                   gridWidth: throughRows.planes.width, gridHeight: throughRows.planes.height,
                                                   columns: throughRows.columns)
                        }
                    }
                }
                let line = UnsafeMutableRawPointer(output + (row * size.width + rect.x) * 4)
                let weight = sample.weight
                let (baseUpper, baseStep) = (baseRows.upper, baseRows.step)
                let seen = throughRows.map { ($0.rows.upper, $0.rows.step) }
                for column in 0..<count {
                    let bias = dither ? Float(OrderedDither.offset(x: rect.x + column, y: row) * 255) : 0
                    var word: UInt32 = 0xFF00_0000
                    for channel in 0..<3 {
                        let at = channel * count + column
                        var background: Float = 0
                        if backgroundShows {
                            background = baseUpper[at] + baseStep[at] * weight
                            if let (seenUpper, seenStep) = seen {
                                background += (seenUpper[at] + seenStep[at] * weight - background) * k[column]
                            }
                        }
                        let value = background * (1 - alpha[column]) + 255 * avatar[at] + bias
                        word |= LevelBlend.level(value) << (8 * UInt32(channel))
                    }
                    line.storeBytes(of: word, toByteOffset: column * 4, as: UInt32.self)
                }
            }
        }
    }

    /// Y', Cb and Cr (BT.709, before scaling to levels) as weights of R, G and B.
    private static let ycbcrWeights: (luma: (r: Float, g: Float, b: Float), cb: (r: Float, g: Float, b: Float),
                                      cr: (r: Float, g: Float, b: Float)) = {
        let (red, green, blue) = (YUV420.ycbcr(r: 1, g: 0, b: 0), YUV420.ycbcr(r: 0, g: 1, b: 0), YUV420.ycbcr(r: 0, g: 0, b: 1))
        return ((Float(red.y), Float(green.y), Float(blue.y)), (Float(red.cb), Float(green.cb), Float(blue.cb)),
                (Float(red.cr), Float(green.cr), Float(blue.cr)))
    }()
}

extension LevelBlend {
    /// A row of luma from the foreground's terms: the background (`below`,
    /// upper + step x weight; none under an opaque avatar) mixed by `mix`
    /// towards `seen` (the gradient through one wave, when the waves show),
    /// kept by 1 - alpha under the avatar's premultiplied colour, whose luma
    /// is `weights` of its R, G, B: 16 + 219 Y' at full alpha. Eight columns at a time.
    static func composedLuma(below: (upper: UnsafePointer<Float>, step: UnsafePointer<Float>)?,
                             seen: (upper: UnsafePointer<Float>, step: UnsafePointer<Float>)?, weight: Float, mix: UnsafePointer<Float>,
                             avatar: (r: UnsafePointer<Float>, g: UnsafePointer<Float>, b: UnsafePointer<Float>, a: UnsafePointer<Float>),
                             weights: (r: Float, g: Float, b: Float), count: Int, into output: UnsafeMutablePointer<UInt8>) {
        let w = SIMD8<Float>(repeating: weight)
        let (wr, wg, wb) = (SIMD8<Float>(repeating: 219 * weights.r), SIMD8<Float>(repeating: 219 * weights.g), SIMD8<Float>(repeating: 219 * weights.b))
        var column = 0
        while column + 8 <= count {
            var background = SIMD8<Float>()
            if let below {
                background = load(below.upper, column) + load(below.step, column) * w
                if let seen { background += (load(seen.upper, column) + load(seen.step, column) * w - background) * load(mix, column) }
            }
            let alpha = load(avatar.a, column)
            let avatarLuma = wr * load(avatar.r, column) + wg * load(avatar.g, column) + wb * load(avatar.b, column)
            let kept: SIMD8<Float> = background * (1 - alpha)
            let value: SIMD8<Float> = kept + 16 * alpha + avatarLuma
            UnsafeMutableRawPointer(output + column).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: levels(value)), as: SIMD8<UInt8>.self)
            column += 8
        }
        while column < count {
            var background: Float = 0
            if let below {
                background = below.upper[column] + below.step[column] * weight
                if let seen { background += (seen.upper[column] + seen.step[column] * weight - background) * mix[column] }
            }
            let alpha = avatar.a[column]
            let value = background * (1 - alpha) + 16 * alpha
                + 219 * (weights.r * avatar.r[column] + weights.g * avatar.g[column] + weights.b * avatar.b[column])
            output[column] = UInt8(level(value))
            column += 1
        }
    }
}
