import CallshadeCore

/// What a frosted glass's lattice (`FrostedLattice`) is made from: over
/// each square block of the glass's `pixelsRead` (blocks of its
/// `blockSide`, on multiples of the side, within the frame), the sums of the
/// frame's samples there, three a block: red, green and blue over RGBA, or
/// luma, Cb and Cr over I420 (the block's chroma samples: whole ones for a
/// side that is even, its 2x2 block's for a block of one pixel). All the
/// lattice depends on, and small: the host keeps the lattice by it
/// (`FrostedReadKey`).
struct FrostedBlocks: Equatable, Sendable {
    let region: PixelRect
    let side: Int
    let format: HostFormat
    let columns: Int
    let rows: Int
    let sums: [UInt32]

    private init?(glass: FrostedGlassNode, size: FrameSize, format: HostFormat, sum: (PixelRect, inout [UInt32]) -> Void) {
        guard let region = glass.pixelsRead(in: size), !region.isEmpty else { return nil }
        self.region = region
        side = glass.blockSide
        self.format = format
        columns = (region.width + side - 1) / side
        rows = (region.height + side - 1) / side
        var sums = [UInt32](repeating: 0, count: columns * rows * 3)
        sum(region, &sums)
        self.sums = sums
    }

    /// The sums of an opaque RGBA8 frame of `size`, of which `pixels` holds `held` (rows of its width; nil: the whole frame).
    init?(glass: FrostedGlassNode, size: FrameSize, rgba pixels: UnsafePointer<UInt8>, holding held: PixelRect? = nil) {
        let held = held ?? PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        let side = glass.blockSide
        self.init(glass: glass, size: size, format: .rgba) { region, sums in
            let columns = (region.width + side - 1) / side
            sums.withUnsafeMutableBufferPointer { sums in
                for y in region.rows {
                    let blockRow = (y - region.y) / side
                    var pixel = pixels + ((y - held.y) * held.width + region.x - held.x) * 4
                    for column in 0..<columns {
                        let count = min(side, region.width - column * side)
                        var (red, green, blue) = (UInt32(0), UInt32(0), UInt32(0))
                        for _ in 0..<count {
                            (red, green, blue) = (red &+ UInt32(pixel[0]), green &+ UInt32(pixel[1]), blue &+ UInt32(pixel[2]))
                            pixel += 4
                        }
                        let at = (blockRow * columns + column) * 3
                        (sums[at], sums[at + 1], sums[at + 2]) = (sums[at] &+ red, sums[at + 1] &+ green, sums[at + 2] &+ blue)
                    }
                }
            }
        }
    }

    /// The sums of a frame's I420 planes (even size): a block row's
    /// samples summed down each column first, then the columns across
    /// each block (the same integer sums, in fewer steps).
    init?(glass: FrostedGlassNode, size: FrameSize, yuv420 planes: UnsafePointer<UInt8>) {
        let side = glass.blockSide, chromaWidth = size.width / 2
        let cbPlane = planes + size.width * size.height, crPlane = cbPlane + chromaWidth * (size.height / 2)
        self.init(glass: glass, size: size, format: .yuv420) { region, sums in
            let columns = (region.width + side - 1) / side, rows = (region.height + side - 1) / side
            // The region's chroma columns, and each block column's among them (a block of one pixel shares its 2x2 block's).
            let chromaLeft = region.x / 2, chromaCount = (region.x + region.width + 1) / 2 - chromaLeft
            let chromaSpans = (0..<columns).map { column in Self.chroma(of: Self.block(column, 0, side: side, in: region)).columns }
            var lumaColumns = [UInt32](repeating: 0, count: region.width)
            var cbColumns = [UInt32](repeating: 0, count: chromaCount), crColumns = [UInt32](repeating: 0, count: chromaCount)
            sums.withUnsafeMutableBufferPointer { sums in
                for row in 0..<rows {
                    let block = Self.block(0, row, side: side, in: region)
                    lumaColumns.withUnsafeMutableBufferPointer { totals in
                        for index in totals.indices { totals[index] = 0 }
                        for y in block.rows {
                            let line = planes + y * size.width + region.x
                            for index in totals.indices { totals[index] &+= UInt32(line[index]) }
                        }
                        for column in 0..<columns {
                            var luma = UInt32(0)
                            for index in (column * side)..<min((column + 1) * side, region.width) { luma &+= totals[index] }
                            sums[(row * columns + column) * 3] = luma
                        }
                    }
                    cbColumns.withUnsafeMutableBufferPointer { cbTotals in
                        crColumns.withUnsafeMutableBufferPointer { crTotals in
                            for index in cbTotals.indices { (cbTotals[index], crTotals[index]) = (0, 0) }
                            for y in Self.chroma(of: block).rows {
                                let (cbLine, crLine) = (cbPlane + y * chromaWidth + chromaLeft, crPlane + y * chromaWidth + chromaLeft)
                                for index in cbTotals.indices {
                                    cbTotals[index] &+= UInt32(cbLine[index])
                                    crTotals[index] &+= UInt32(crLine[index])
                                }
                            }
                            for column in 0..<columns {
                                var (cb, cr) = (UInt32(0), UInt32(0))
                                for x in chromaSpans[column] {
                                    cb &+= cbTotals[x - chromaLeft]
                                    cr &+= crTotals[x - chromaLeft]
                                }
                                let at = (row * columns + column) * 3
                                (sums[at + 1], sums[at + 2]) = (cb, cr)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Block (`column`, `row`)'s pixels: its square, within the region.
    private static func block(_ column: Int, _ row: Int, side: Int, in region: PixelRect) -> PixelRect {
        PixelRect(x: region.x + column * side, y: region.y + row * side, width: side, height: side).intersection(region)
    }

    /// The chroma samples of a block's pixels.
    private static func chroma(of block: PixelRect) -> PixelRect {
        PixelRect(x: block.x / 2, y: block.y / 2, width: (block.x + block.width + 1) / 2 - block.x / 2,
                  height: (block.y + block.height + 1) / 2 - block.y / 2)
    }

    /// Block (`column`, `row`)'s mean colour, red, green and blue (0...1; over I420 its mean levels converted: conversion is affine).
    func average(_ column: Int, _ row: Int) -> SIMD3<Float> {
        let block = Self.block(column, row, side: side, in: region), at = (row * columns + column) * 3
        let count = Double(max(block.pixelCount, 1))
        switch format {
        case .rgba:
            return SIMD3(Float(sums[at]), Float(sums[at + 1]), Float(sums[at + 2])) / Float(255 * count)
        case .yuv420:
            let chromaCount = Double(max(Self.chroma(of: block).pixelCount, 1))
            let colour = YUV420.rgb(levels: Double(sums[at]) / count, Double(sums[at + 1]) / chromaCount, Double(sums[at + 2]) / chromaCount)
            return SIMD3(Float(colour.r), Float(colour.g), Float(colour.b))
        }
    }
}
