/// The chroma blocks (2x2 pixels) that two or more of a marks node's marks
/// reach, and their pixels' own Cb and Cr while the node is blended over
/// I420 planes. A block one mark reaches takes the mark's colour by the mean
/// share of its pixels, which is exact where the pixels below share a colour;
/// a block two marks split (the Close button's slices, a glyph beside the
/// next) would leak the first mark's colour into the second's pixels that
/// way, so there each pixel is mixed on its own and the block takes their mean.
/// Blocks are `PixelRect`s in chroma samples.
struct SharedChromaBlocks {
    /// A mark shares blocks in at most this many rectangles; more are
    /// merged into the one that bounds them (its blocks then all mixed
    /// pixel by pixel, which is exact, only slower), so that a node of
    /// many overlapping marks costs no more than its marks squared once.
    static let rectanglesPerMark = 32

    /// Each mark's shared blocks (by its index in the node's marks).
    private(set) var shared: [[PixelRect]]
    /// The blocks that hold every shared one.
    private var bounds = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// The pixels' Cb (lanes 0-3: top left, top right, bottom left, bottom
    /// right) and Cr (lanes 4-7) of each block of `bounds` (row by row) that
    /// a mark has reached, which `reached` says; the others' are undefined.
    private var pixels: [SIMD8<Float>] = []
    /// A bit for each block of `bounds`: whether `pixels` holds it.
    private var reached: [UInt64] = []

    /// The blocks shared among `marks`, whose pixels are `areas` (an empty
    /// area reaches nothing): those where two marks' shares may differ from
    /// pixel to pixel (`unevenBlocks`; where one mark's shares are even, mixing
    /// by the mean share is exact). A colour glyph, blended otherwise, shares nothing.
    init(marks: [Mark], areas: [PixelRect]) {
        shared = Array(repeating: [], count: areas.count)
        let pieces = areas.indices.filter { !areas[$0].isEmpty && !marks[$0].isColourGlyph }.flatMap { index in
            Self.unevenBlocks(of: marks[index], area: areas[index]).map { (mark: index, blocks: $0) }
        }
        // A sweep from left to right: each piece met against those whose columns it starts within.
        var active: [(mark: Int, blocks: PixelRect)] = []
        for piece in pieces.sorted(by: { $0.blocks.columns.lowerBound < $1.blocks.columns.lowerBound }) {
            let start = piece.blocks.columns.lowerBound
            active.removeAll { $0.blocks.columns.upperBound <= start }
            for other in active where other.mark != piece.mark {
                let both = piece.blocks.intersection(other.blocks)
                guard !both.isEmpty else { continue }
                add(both, to: piece.mark)
                add(both, to: other.mark)
            }
            active.append(piece)
        }
        guard let first = shared.lazy.flatMap({ $0 }).first else { return }
        bounds = shared.joined().reduce(first) { $0.union($1) }
        let count = bounds.pixelCount
        // Written before it is read (`reached`): left as it comes.
        pixels = [SIMD8<Float>](unsafeUninitializedCapacity: count) { _, initialised in initialised = count }
        reached = [UInt64](repeating: 0, count: (count + 63) / 64)
    }

    /// The blocks of `area` (a mark's pixels) where `mark`'s shares may
    /// differ from pixel to pixel: all of them but, for an upright rounded
    /// rectangle, the blocks whose pixels it surely covers whole (each
    /// pixel's share the same): those a pixel and a half inside its edges
    /// and a corner radius more inside its sides or its top and bottom.
    static func unevenBlocks(of mark: Mark, area: PixelRect) -> [PixelRect] {
        let all = blocks(covering: area)
        guard case .roundedRectangle(let radius) = mark.kind, mark.angle == 0 else { return [all] }
        // The blocks whose pixels' centres lie `inset` inside the sides and `upright` inside the top and bottom.
        func inner(inset: Double, upright: Double) -> PixelRect {
            // Pixel x is inside when x + 0.5 >= left + inset + 0.5 and x + 0.5 <= right - inset - 0.5: whole blocks of those.
            func blocks(_ low: Double, _ length: Double, _ inset: Double) -> Range<Int> {
                let first = Int((low + inset).rounded(.up)), end = Int((low + length - inset - 1).rounded(.down)) + 1
                let lower = (first + 1) >> 1, upper = end >> 1
                return lower < upper ? lower..<upper : lower..<lower
            }
            return rect(columns: blocks(mark.x, mark.width, inset).clamped(to: all.columns),
                        rows: blocks(mark.y, mark.height, upright).clamped(to: all.rows))
        }
        let corner = max(radius, 0) + 1
        let wide = inner(inset: corner, upright: 1), tall = inner(inset: 1, upright: corner)
        guard !wide.columns.isEmpty, !wide.rows.isEmpty else { return [all] }
        // Outside the wide one's rows, all; beside it, all but the tall one's columns where the tall one has rows.
        var pieces = [rect(columns: all.columns, rows: all.rows.lowerBound..<wide.rows.lowerBound),
                      rect(columns: all.columns, rows: wide.rows.upperBound..<all.rows.upperBound)]
        let tallRows = tall.columns.isEmpty ? wide.rows.lowerBound..<wide.rows.lowerBound : tall.rows.clamped(to: wide.rows)
        for rows in [wide.rows.lowerBound..<tallRows.lowerBound, tallRows.upperBound..<wide.rows.upperBound] {
            pieces.append(rect(columns: all.columns.lowerBound..<wide.columns.lowerBound, rows: rows))
            pieces.append(rect(columns: wide.columns.upperBound..<all.columns.upperBound, rows: rows))
        }
        pieces.append(rect(columns: all.columns.lowerBound..<min(tall.columns.lowerBound, wide.columns.lowerBound), rows: tallRows))
        pieces.append(rect(columns: max(tall.columns.upperBound, wide.columns.upperBound)..<all.columns.upperBound, rows: tallRows))
        return pieces.filter { !$0.isEmpty }
    }

    /// The blocks `area`'s pixels lie in.
    static func blocks(covering area: PixelRect) -> PixelRect {
        rect(columns: area.x / 2..<(area.x + area.width + 1) / 2, rows: area.y / 2..<(area.y + area.height + 1) / 2)
    }

    private static func rect(columns: Range<Int>, rows: Range<Int>) -> PixelRect {
        PixelRect(x: columns.lowerBound, y: rows.lowerBound, width: columns.count, height: rows.count)
    }

    /// Block (`column`, `row`)'s place in `pixels` and `reached`.
    private func index(column: Int, row: Int) -> Int {
        (row - bounds.y) * bounds.width + column - bounds.x
    }

    private mutating func add(_ blocks: PixelRect, to mark: Int) {
        if shared[mark].count < Self.rectanglesPerMark {
            shared[mark].append(blocks)
        } else {
            shared[mark] = [shared[mark].reduce(blocks) { $0.union($1) }]
        }
    }

    /// Calls `body` with each block of `rects` (a mark's `shared`) in chroma
    /// row `row` once (by column), allocating nothing.
    static func forEachColumn(of rects: [PixelRect], row: Int, within columns: Range<Int>, _ body: (Int) -> Void) {
        for (index, rect) in rects.enumerated() where rect.rows.contains(row) {
            for column in rect.columns.clamped(to: columns) {
                // A block two of the mark's rectangles hold is the first one's.
                if index > 0, rects[..<index].contains(where: { $0.contains(x: column, y: row) }) { continue }
                body(column)
            }
        }
    }

    /// Mixes colour (`cb`, `cr`) into the shared block at chroma `column`
    /// and `row`, whose level in the planes is (`cbLevel`, `crLevel`) (its
    /// pixels' own levels when a mark reached it before), each pixel by its
    /// share of 65536 (top left, top right, bottom left, bottom right); the
    /// block's new levels.
    mutating func mix(column: Int, row: Int, levels cbLevel: UInt8, _ crLevel: UInt8, colour cb: Float, _ cr: Float,
                      shares: SIMD4<Float>) -> (UInt8, UInt8) {
        let index = index(column: column, row: row), bit = UInt64(1) << (index & 63)
        var levels = pixels[index]
        if reached[index >> 6] & bit == 0 {
            levels = SIMD8(lowHalf: SIMD4(repeating: Float(cbLevel)), highHalf: SIMD4(repeating: Float(crLevel)))
            reached[index >> 6] |= bit
        }
        let amount = SIMD8(lowHalf: shares, highHalf: shares) / 65536
        levels += amount * (SIMD8(lowHalf: SIMD4(repeating: cb), highHalf: SIMD4(repeating: cr)) - levels)
        pixels[index] = levels
        let cbMean = (levels[0] + levels[1] + levels[2] + levels[3]) / 4, crMean = (levels[4] + levels[5] + levels[6] + levels[7]) / 4
        return (UInt8(min(max(cbMean.rounded(), 0), 255)), UInt8(min(max(crMean.rounded(), 0), 255)))
    }

    /// Whether no block is held (so for most nodes: no two marks share a block).
    var isEmpty: Bool { reached.isEmpty }

    /// Mixes colour (`cb`, `cr`) into the pixels of the block at chroma
    /// `column` and `row`, if it is held, by one share of 65536 for all four:
    /// a mark whose shares are even there, blended by the mean share, which
    /// keeps the held pixels what the planes' block then holds (a later mark
    /// that shares the block mixes from them). Nothing for a block not held.
    mutating func mixEvenly(column: Int, row: Int, colour cb: Float, _ cr: Float, share: Float) {
        guard bounds.contains(x: column, y: row) else { return }
        let index = index(column: column, row: row), bit = UInt64(1) << (index & 63)
        guard reached[index >> 6] & bit != 0 else { return }
        pixels[index] += (share / 65536) * (SIMD8(lowHalf: SIMD4(repeating: cb), highHalf: SIMD4(repeating: cr)) - pixels[index])
    }

    /// Forgets the pixels of the blocks of `area`, which a mark blended
    /// otherwise has just written: a later mark takes their levels as a whole.
    mutating func forget(_ area: PixelRect) {
        let blocks = Self.blocks(covering: area).intersection(bounds)
        guard !reached.isEmpty, !blocks.isEmpty else { return }
        for row in blocks.rows {
            for column in blocks.columns {
                let index = index(column: column, row: row)
                reached[index >> 6] &= ~(UInt64(1) << (index & 63))
            }
        }
    }
}
