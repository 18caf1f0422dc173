extension MarksNode {
    /// Blends the marks, in order, over a frame's I420 planes (`width` x
    /// `height`, even; Y, then Cb, then Cr) as `blend(into:width:height:within:)`
    /// does over RGBA, in Y'CbCr: colour conversion is affine, so mixing
    /// levels mixes colours. Each luma sample takes the mark's Y by its
    /// pixel's share; each chroma sample takes the mark's Cb and Cr by the
    /// mean share of its 2x2 pixels (what converting the mixed pixels gives
    /// where the 2x2 pixels below share a colour, as a smooth background
    /// does), but in blocks that two marks reach (`SharedChromaBlocks`),
    /// where each pixel is mixed on its own. Only the pixels of `clip`
    /// change; its edges must be even.
    /// `tables` are the node's `ShareTables`, made now when not given.
    public func blendYUV420(into planes: UnsafeMutablePointer<UInt8>, width: Int, height: Int, within clip: PixelRect? = nil, tables: ShareTables? = nil) {
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        // Within the frame, the band asked for and the node's own clip.
        let bounds = [clip, self.clip].compactMap { $0 }.reduce(frame) { $0.intersection($1) }
        let converter = YUV420.FixedPointYCbCr()
        let chromaWidth = width / 2
        let cbPlane = planes + width * height, crPlane = cbPlane + chromaWidth * (height / 2)
        let tables = tables ?? ShareTables(self)
        let areas = marks.map { Self.pixels(of: $0.quad, within: bounds) }
        var shared = SharedChromaBlocks(marks: marks, areas: areas)
        for (index, mark) in marks.enumerated() {
            let area = areas[index]
            guard !area.isEmpty else { continue }
            if mark.isColourGlyph {
                blendColourYUV420(mark, area: area, into: planes, width: width, height: height)
                shared.forget(area)
                continue
            }
            let ink = MarkInk(mark)
            let luma = UInt32(converter.luma(Int32(ink.red), Int32(ink.green), Int32(ink.blue)))
            let chroma = converter.chroma(4 * Int32(ink.red), 4 * Int32(ink.green), 4 * Int32(ink.blue))
            let (cb, cr) = (UInt32(chroma.0), UInt32(chroma.1))
            // The shares of each 2x2 block of the row pair at hand, summed.
            let firstBlock = area.x / 2, blocks = (area.x + area.width + 1) / 2 - firstBlock
            var blockShares = [UInt32](repeating: 0, count: blocks)
            let lastRow = area.y + area.height - 1
            // The shares of the row above, when this mark shares blocks.
            let sharedBlocks = shared.shared[index], sharesBlocks = !sharedBlocks.isEmpty
            var upperShares = [UInt32](repeating: 0, count: sharesBlocks ? area.width : 0)
            var mixed: [(block: Int, cb: UInt8, cr: UInt8)] = []
            // Which of the row pair's blocks this mark mixed pixel by pixel, when some blocks are held.
            let holds = !shared.isEmpty
            var mixedHere = [Bool](repeating: false, count: holds ? blocks : 0)
            forEachShareRow(of: mark, in: area, tables: tables) { y, shares in
                guard let shares = shares.baseAddress else { return }
                // No branches (a pixel of share 0 keeps its level), wrapping arithmetic that cannot wrap: a loop the compiler vectorises.
                let line = planes + y * width + area.x
                for column in 0..<area.width {
                    let amount = shares[column]
                    line[column] = UInt8(truncatingIfNeeded: (luma &* amount &+ UInt32(line[column]) &* (65536 &- amount) &+ 32768) >> 16)
                }
                // Column 0 is a block's right pixel when the area starts on an odd column.
                let parity = area.x % 2
                blockShares.withUnsafeMutableBufferPointer { blockShares in
                    for block in 0..<blocks {
                        let column = 2 * block - parity
                        blockShares[block] &+= (column >= 0 ? shares[column] : 0) &+ (column + 1 < area.width ? shares[column + 1] : 0)
                    }
                    // A row pair's blocks are done at its odd row, or at the area's last row; a block of share 0 keeps its levels.
                    guard y % 2 == 1 || y == lastRow else {
                        if sharesBlocks { upperShares.withUnsafeMutableBufferPointer { $0.baseAddress?.update(from: shares, count: area.width) } }
                        return
                    }
                    let cbRow = cbPlane + (y / 2) * chromaWidth + firstBlock, crRow = crPlane + (y / 2) * chromaWidth + firstBlock
                    // The shared blocks mixed pixel by pixel first, from the levels before this mark; written after the rest.
                    mixed.removeAll(keepingCapacity: true)
                    if sharesBlocks {
                        // The block's top pixels are this row's at the area's last row when it is even, else the row above's (none above the area).
                        func upper(_ column: Int) -> Float {
                            guard column >= 0, column < area.width else { return 0 }
                            return y % 2 == 0 ? Float(shares[column]) : (y > area.y ? Float(upperShares[column]) : 0)
                        }
                        func lower(_ column: Int) -> Float {
                            guard column >= 0, column < area.width, y % 2 == 1 else { return 0 }
                            return Float(shares[column])
                        }
                        SharedChromaBlocks.forEachColumn(of: sharedBlocks, row: y / 2, within: firstBlock..<firstBlock + blocks) { chromaColumn in
                            let block = chromaColumn - firstBlock, left = 2 * chromaColumn - area.x
                            let pixelShares = SIMD4(upper(left), upper(left + 1), lower(left), lower(left + 1))
                            let levels = shared.mix(column: chromaColumn, row: y / 2, levels: cbRow[block], crRow[block],
                                                    colour: Float(cb), Float(cr), shares: pixelShares)
                            mixed.append((block, levels.0, levels.1))
                        }
                    }
                    // A held block this mark blends by its mean share (even there) keeps its pixels with the planes.
                    if holds {
                        for block in mixed { mixedHere[block.block] = true }
                        for block in 0..<blocks where blockShares[block] > 0 && !mixedHere[block] {
                            shared.mixEvenly(column: firstBlock + block, row: y / 2, colour: Float(cb), Float(cr),
                                             share: Float((blockShares[block] &+ 2) >> 2))
                        }
                        for block in mixed { mixedHere[block.block] = false }
                    }
                    for block in 0..<blocks {
                        let amount = (blockShares[block] &+ 2) >> 2, keep = 65536 &- amount
                        cbRow[block] = UInt8(truncatingIfNeeded: (cb &* amount &+ UInt32(cbRow[block]) &* keep &+ 32768) >> 16)
                        crRow[block] = UInt8(truncatingIfNeeded: (cr &* amount &+ UInt32(crRow[block]) &* keep &+ 32768) >> 16)
                        blockShares[block] = 0
                    }
                    for block in mixed {
                        cbRow[block.block] = block.cb
                        crRow[block.block] = block.cr
                    }
                }
            }
        }
    }
}

extension MarksNode {
    /// A colour glyph over I420 planes: each luma sample becomes the glyph's
    /// premultiplied Y plus itself times (1 - its alpha); each chroma sample
    /// the mean of its 2x2 pixels' premultiplied Cb and Cr plus itself times
    /// (1 - their mean alpha). A premultiplied colour's level is 16 (or 128)
    /// times its alpha plus the scaled Y (or Cb, Cr) of its channels.
    func blendColourYUV420(_ mark: Mark, area: PixelRect, into planes: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
        let chromaWidth = width / 2
        let cbPlane = planes + width * height, crPlane = cbPlane + chromaWidth * (height / 2)
        let firstBlock = (x: area.x / 2, y: area.y / 2)
        let blocks = (x: (area.x + area.width + 1) / 2 - firstBlock.x, y: (area.y + area.height + 1) / 2 - firstBlock.y)
        // For each block: the sums of its pixels' premultiplied Cb and Cr and of their alphas.
        var sums = [SIMD3<Double>](repeating: .zero, count: blocks.x * blocks.y)
        forEachColour(of: mark, in: area) { x, y, colour in
            let value = YUV420.ycbcr(r: colour.premultiplied.x, g: colour.premultiplied.y, b: colour.premultiplied.z)
            let luma = 16 * colour.alpha + 219 * value.y
            planes[y * width + x] = UInt8(min(max((luma + Double(planes[y * width + x]) * (1 - colour.alpha)).rounded(), 0), 255))
            sums[(y / 2 - firstBlock.y) * blocks.x + x / 2 - firstBlock.x] += SIMD3(128 * colour.alpha + 224 * value.cb,
                                                                                  128 * colour.alpha + 224 * value.cr, colour.alpha)
        }
        for row in 0..<blocks.y {
            for column in 0..<blocks.x {
                let sum = sums[row * blocks.x + column] / 4
                guard sum.z > 0 else { continue }
                let at = (firstBlock.y + row) * chromaWidth + firstBlock.x + column
                cbPlane[at] = UInt8(min(max((sum.x + Double(cbPlane[at]) * (1 - sum.z)).rounded(), 0), 255))
                crPlane[at] = UInt8(min(max((sum.y + Double(crPlane[at]) * (1 - sum.z)).rounded(), 0), 255))
            }
        }
    }
}
