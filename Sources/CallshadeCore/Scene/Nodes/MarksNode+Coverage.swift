extension MarksNode {
    /// Runs `body` on each row of `area` (pixels whose centres lie in
    /// `mark`'s quad, as `pixels(of:within:)` gives them) with the share of
    /// the mark's colour each pixel of that row takes, in 1/65536ths
    /// (`MarkInk.amount` of the coverage `Mark.coverage(at:atlas:)` gives
    /// there, exactly), each column's and row's place in the atlas found once.
    func forEachShareRow(of mark: Mark, in area: PixelRect, tables: ShareTables,
                         _ body: (_ y: Int, _ shares: UnsafeBufferPointer<UInt32>) -> Void) {
        guard !area.isEmpty else { return }
        let ink = MarkInk(mark)
        let shares = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: area.width)
        defer { shares.deallocate() }
        guard case .glyph(let image) = mark.kind, !image.colour, mark.angle == 0, let atlas else {
            // A shape: where its coverage is surely 1 the share is the full one; elsewhere worked out pixel by pixel.
            let full = ink.amount(1)
            let knockout = KnockoutGlyph(mark, atlas: atlas, ink: ink)
            for y in area.y..<area.y + area.height {
                let runs = mark.fullCoverageRuns(atRow: Double(y) + 0.5)
                let span = mark.coveredSpan(atRow: Double(y) + 0.5)
                // A cut-out glyph at its own size on whole pixels, where the shape is whole: 1 less its texel, from a table.
                let glyphRuns = knockout?.rows.contains(y) == true ? mark.fullCoverageRuns(atRow: Double(y) + 0.5, leavingOutGlyph: false) : []
                for column in 0..<area.width {
                    let x = area.x + column, centre = Double(x) + 0.5
                    if runs.contains(where: { $0.contains(centre) }) {
                        shares[column] = full
                    } else if let span, !span.contains(centre) {
                        shares[column] = 0
                    } else if let knockout, knockout.columns.contains(x), glyphRuns.contains(where: { $0.contains(centre) }) {
                        shares[column] = knockout.share(x: x, y: y)
                    } else {
                        shares[column] = ink.amount(Float(mark.coverage(at: Vec2(centre, Double(y) + 0.5), atlas: atlas)))
                    }
                }
                body(y, UnsafeBufferPointer(shares))
            }
            return
        }
        atlas.coverage.withUnsafeBufferPointer { texels in
            guard let texels = texels.baseAddress else { return }
            if mark.width == Double(image.width), mark.height == Double(image.height), mark.x == mark.x.rounded(), mark.y == mark.y.rounded(),
               mark.x.magnitude < 1e9, mark.y.magnitude < 1e9 {
                // At its own size on whole pixels: pixel (x, y) shows texel (image.x + x - mark.x, image.y + y - mark.y),
                // whose share is looked up.
                let byTexel = tables.table(for: ink)
                let dx = image.x - Int(mark.x), dy = image.y - Int(mark.y)
                byTexel.withUnsafeBufferPointer { byTexel in
                    for y in area.y..<area.y + area.height {
                        let row = texels + (y + dy) * atlas.width + dx + area.x
                        for column in 0..<area.width { shares[column] = byTexel[Int(row[column])] }
                        body(y, UnsafeBufferPointer(shares))
                    }
                }
                return
            }
            let quad = mark.quad
            let columns = (0..<area.width).map { column in
                AtlasPlace(Double(area.x + column) + 0.5, low: quad.x, length: quad.width, origin: mark.x,
                           extent: mark.width, picture: image.width, first: image.x, count: atlas.width)
            }
            for y in area.y..<area.y + area.height {
                let row = AtlasPlace(Double(y) + 0.5, low: quad.y, length: quad.height, origin: mark.y,
                                     extent: mark.height, picture: image.height, first: image.y, count: atlas.height)
                let upper = texels + row.near * atlas.width, lower = texels + row.far * atlas.width
                for (column, place) in columns.enumerated() {
                    guard row.inside, place.inside else {
                        shares[column] = 0
                        continue
                    }
                    // As `GlyphAtlas.coverage(atX:y:)`: texels as fractions of 255, mixed along x then y.
                    let top = Double(upper[place.near]) / 255 * (1 - place.weight) + Double(upper[place.far]) / 255 * place.weight
                    let bottom = Double(lower[place.near]) / 255 * (1 - place.weight) + Double(lower[place.far]) / 255 * place.weight
                    shares[column] = ink.amount(Float(top * (1 - row.weight) + bottom * row.weight))
                }
                body(y, UnsafeBufferPointer(shares))
            }
        }
    }
}

/// A cut-out mark's glyph drawn at its own size on whole pixels: pixel
/// (x, y) of its rectangle shows one texel exactly, so where the shape
/// around it is whole the coverage is 1 less that texel's value, and its
/// share comes from a table made once a mark (the same value
/// `Mark.coverage(at:atlas:)` gives there, to the bit).
struct KnockoutGlyph {
    let rows: Range<Int>
    let columns: Range<Int>
    private let atlas: GlyphAtlas
    private let dx: Int
    private let dy: Int
    private let shares: [UInt32]

    init?(_ mark: Mark, atlas: GlyphAtlas?, ink: MarkInk) {
        guard case .cutOut(let cut) = mark.kind, mark.angle == 0, let atlas, !cut.image.colour,
              cut.width == Double(cut.image.width), cut.height == Double(cut.image.height),
              cut.x == cut.x.rounded(), cut.y == cut.y.rounded(), cut.x.magnitude < 1e9, cut.y.magnitude < 1e9 else { return nil }
        let left = Int(cut.x), top = Int(cut.y)
        rows = top..<top + cut.image.height
        columns = left..<left + cut.image.width
        self.atlas = atlas
        dx = cut.image.x - left
        dy = cut.image.y - top
        shares = (0...255).map { ink.amount(Float(1 - Double($0) / 255)) }
    }

    func share(x: Int, y: Int) -> UInt32 {
        let column = min(max(x + dx, 0), atlas.width - 1), row = min(max(y + dy, 0), atlas.height - 1)
        return shares[Int(atlas.coverage[row * atlas.width + column])]
    }
}

/// Where a pixel centre falls in the atlas along one axis, as
/// `Mark.coverage(at:atlas:)` and `GlyphAtlas.coverage(atX:y:)` work it out:
/// whether it lies in the quad, the two texels it is read between (clamped
/// to the atlas) and the far one's weight.
private struct AtlasPlace {
    let inside: Bool
    let near: Int
    let far: Int
    let weight: Double

    /// `centre` (pixels) over a quad from `low` for `length`, the mark's
    /// rectangle starting at `origin` for `extent` pixels showing its
    /// picture's `picture` texels from texel `first` of the atlas's `count`.
    init(_ centre: Double, low: Double, length: Double, origin: Double, extent: Double, picture: Int, first: Int, count: Int) {
        inside = centre >= low && centre < low + length
        // The same operations, in the same order, as the per-pixel functions.
        let texel = Double(first) + (centre - origin) * Double(picture) / extent
        let clamped = min(max(texel - 0.5, -1), Double(count))
        let below = clamped.rounded(.down)
        weight = clamped - below
        let index = Int(below)
        near = min(max(index, 0), count - 1)
        far = min(max(index + 1, 0), count - 1)
    }
}

/// The share each texel value gives (`MarkInk.amount` of value / 255), by
/// a mark's alpha: made once for the alphas of a node's marks, and shared
/// by everything that blends that node (bands of rows at once included).
public struct ShareTables: Sendable {
    private let tables: [(alpha: Float, shares: [UInt32])]

    /// The tables of every alpha `node`'s marks have.
    public init(_ node: MarksNode) {
        var tables: [(alpha: Float, shares: [UInt32])] = []
        for mark in node.marks {
            let ink = MarkInk(mark)
            guard !tables.contains(where: { $0.alpha == ink.alpha }) else { continue }
            tables.append((ink.alpha, Self.shares(ink)))
        }
        self.tables = tables
    }

    /// The table of `ink`'s alpha (made now if the node's marks had none such).
    func table(for ink: MarkInk) -> [UInt32] {
        tables.first { $0.alpha == ink.alpha }?.shares ?? Self.shares(ink)
    }

    private static func shares(_ ink: MarkInk) -> [UInt32] {
        (0...255).map { ink.amount(Float($0) / 255) }
    }
}

extension Mark {
    /// Along the row of pixel centres at `centreY`, the pixel centres' x
    /// outside which this shape mark's coverage is surely 0 (a little
    /// outside the exact span); nil for a glyph or a turned mark (no bound
    /// but its quad), and `RowSpan.none` where the row misses it.
    func coveredSpan(atRow centreY: Double) -> ClosedRange<Double>? {
        if case .glyph = kind { return nil }
        guard angle == 0 else { return nil }
        let margin = RowSpan.margin
        // Coverage 0 where the rounded rectangle that gives it (the mark's own, or the shape a slice is cut from) is 0.
        guard let span = outline.touchedSpan(atRow: centreY) else { return nil }
        guard span != RowSpan.none, case .cutOut(let cut) = kind, cut.shape != nil else { return span }
        // A slice: nothing half a pixel outside the mark's rectangle.
        guard centreY > y - 0.5 - margin, centreY < y + height + 0.5 + margin else { return RowSpan.none }
        let low = max(span.lowerBound, x - 0.5 - margin), high = min(span.upperBound, x + width + 0.5 + margin)
        return low <= high ? low...high : RowSpan.none
    }

    /// Along the row of pixel centres at `centreY`, the pixel centres' x
    /// where this shape mark's coverage is exactly 1, away from where a
    /// cut-out's hole or glyph may reach: at most three runs, each a little
    /// inside the exact one (so that a pixel found in one is surely covered;
    /// the others are worked out pixel by pixel). Empty for a glyph.
    func fullCoverageRuns(atRow centreY: Double, leavingOutGlyph: Bool = true) -> [ClosedRange<Double>] {
        if case .glyph = kind { return [] }
        guard angle == 0 else { return [] }
        let margin = RowSpan.margin
        // Coverage 1 where the rounded rectangle that gives it (the mark's own, or the shape a slice is cut from) is 1.
        guard let run = outline.surelyCoveredRun(atRow: centreY) else { return [] }
        var runs = [run]
        guard case .cutOut(let cut) = kind else { return runs }
        if cut.shape != nil {
            // A slice: its window is whole from half a pixel inside the mark's rectangle.
            guard centreY >= y + 0.5 + margin, centreY <= y + height - 0.5 - margin else { return [] }
            let low = max(run.lowerBound, x + 0.5 + margin), high = min(run.upperBound, x + width - 0.5 - margin)
            guard low < high else { return [] }
            runs = [low...high]
        }
        /// Leaves out of the runs the centres of `span` (already widened by the margin).
        func leaveOut(_ span: ClosedRange<Double>) {
            runs = runs.flatMap { run -> [ClosedRange<Double>] in
                guard span.lowerBound <= run.upperBound, span.upperBound >= run.lowerBound else { return [run] }
                return [run.lowerBound...max(run.lowerBound, span.lowerBound), min(run.upperBound, span.upperBound)...run.upperBound]
                    .filter { $0.upperBound - $0.lowerBound > margin }
            }
        }
        // The hole: where its coverage may not be 0.
        if cut.innerRadius > 0 {
            guard let hole = Disc(centre: Vec2(x + width / 2, y + height / 2), radius: cut.innerRadius).touchedSpan(atRow: centreY) else { return [] }
            if hole != RowSpan.none { leaveOut(hole) }
        }
        // The glyph: anywhere in its rectangle's columns along the rows it spans.
        if leavingOutGlyph, centreY >= cut.y, centreY < cut.y + cut.height { leaveOut((cut.x - margin)...(cut.x + cut.width + margin)) }
        return runs
    }
}
