import CallshadeCore

/// A shade node drawn by the host (`ShadeRenderer.hostDrawing`): black at
/// `ShadeNode.alpha`'s opacity, its parts combined as layers of black (1 -
/// the product of 1 - each). A shadow's opacity is the same along a row, so
/// it is worked out once a row; a shape's exactly only near its edge.
/// A renderer keeps a node's parts along its rows while it stays (`ShadeRows`).
struct HostShade: HostRowShader {
    let node: ShadeNode
    /// The node's parts along its rows, when worked out already (`ShadeRows`).
    var rows: ShadeRows?

    func makeRowMemory(width: Int) {}

    /// A shape part along a row: its coverage, its alpha (0...1), and whether it blackens inside the shape (or outside it).
    struct ShapeAlongRow {
        let coverage: ShapeRowCoverage
        let alpha: Double
        let inside: Bool
    }

    /// Row `y`'s shadows of `node` combined (1 - their opacity, the same
    /// along the row), its shapes along the row handed to `shape` in the parts' order.
    static func parts(of node: ShadeNode, row y: Int, _ shape: (ShapeAlongRow) -> Void) -> Double {
        let centreY = Double(y) + 0.5
        var clear = 1.0
        for part in node.parts {
            switch part {
            case .inside(let outline, let alpha):
                shape(ShapeAlongRow(coverage: ShapeRowCoverage(outline, row: y), alpha: unit(alpha), inside: true))
            case .outside(let outline, let alpha):
                shape(ShapeAlongRow(coverage: ShapeRowCoverage(outline, row: y), alpha: unit(alpha), inside: false))
            case .shadow(let edge, let depth, let downward, let alpha):
                guard depth > 0 else { continue }
                let s = (downward ? centreY - edge : edge - centreY) / depth
                if s >= 0, s < 1 { clear *= 1 - unit(alpha) * ShadeNode.shadowPeak * (1 - s) * (1 - s) }
            }
        }
        return clear
    }

    /// Runs `body` with row `y`'s parts (`parts(of:row:_:)`): from `rows`
    /// where they hold the row, else worked out into memory of the call's
    /// own (a corner's edge tiles give thousands of short runs a frame: no
    /// heap allocation for each).
    private func withParts<Result>(ofRow y: Int, _ body: (_ clear: Double, _ shapes: UnsafeBufferPointer<ShapeAlongRow>) -> Result) -> Result {
        if let rows, let found = rows.withParts(ofRow: y, body) { return found }
        return withUnsafeTemporaryAllocation(of: ShapeAlongRow.self, capacity: max(node.parts.count, 1)) { buffer in
            var count = 0
            let clear = Self.parts(of: node, row: y) { shape in
                buffer.initializeElement(at: count, to: shape)
                count += 1
            }
            defer { buffer.baseAddress?.deinitialize(count: count) }
            return body(clear, UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, memory: Void) {
        withParts(ofRow: y) { rowClear, shapes in
            for index in 0..<count { values[index] = Self.pixel(x + index, clear: rowClear, shapes: shapes) }
        }
    }

    /// The same, but for the columns where a part at full alpha surely
    /// blackens the pixel (its shape surely covers it, or an outside part's
    /// surely misses it): there 1 - the product is 1 whatever the other
    /// parts (one factor is 0), black at amount 1, so they are listed as
    /// solid runs (even edges; amount 0 left in `values`). The phone's
    /// corners over a video are black but for their edge.
    func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, solid: inout SolidRuns, memory: Void) {
        withParts(ofRow: y) { rowClear, shapes in
            let run = x..<x + count
            withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: 2 * max(shapes.count, 1)) { pieces in
                // Each full-alpha part's surely black columns, in order along the row (insertion: a handful at most).
                var found = 0
                func add(_ piece: Range<Int>) {
                    guard !piece.isEmpty else { return }
                    var at = found
                    while at > 0, pieces[at - 1].lowerBound > piece.lowerBound {
                        pieces[at] = pieces[at - 1]
                        at -= 1
                    }
                    pieces[at] = piece
                    found += 1
                }
                pieces.initialize(repeating: run.lowerBound..<run.lowerBound)
                for shape in shapes where shape.alpha >= 1 {
                    if shape.inside {
                        add(shape.coverage.sureColumns.clamped(to: run))
                    } else {
                        let missed = shape.coverage.missedColumns(within: run)
                        add(missed.before)
                        add(missed.after)
                    }
                }
                // Overlapping or touching pieces as one run.
                var index = 0
                while index < found {
                    var merged = pieces[index]
                    index += 1
                    while index < found, pieces[index].lowerBound <= merged.upperBound {
                        merged = merged.lowerBound..<max(merged.upperBound, pieces[index].upperBound)
                        index += 1
                    }
                    solid.add(merged, color: .zero, excluding: [])
                }
            }
            var column = x
            for next in 0...solid.runs.count {
                let stop = next < solid.runs.count ? solid.runs[next].columns.lowerBound : run.upperBound
                while column < stop {
                    values[column - x] = Self.pixel(column, clear: rowClear, shapes: shapes)
                    column += 1
                }
                guard next < solid.runs.count else { break }
                while column < solid.runs[next].columns.upperBound {
                    values.amount[column - x] = 0
                    column += 1
                }
            }
        }
    }

    /// Column `x`'s black and its amount: 1 - the product of 1 - each part's opacity there.
    @inline(__always)
    private static func pixel(_ x: Int, clear rowClear: Double, shapes: UnsafeBufferPointer<ShapeAlongRow>) -> SIMD4<Float> {
        var clear = rowClear
        for shape in shapes {
            let coverage = shape.coverage.coverage(x)
            clear *= 1 - shape.alpha * (shape.inside ? coverage : 1 - coverage)
        }
        return SIMD4(0, 0, 0, Float(1 - clear))
    }

    /// A row's pixels are alike where each shape surely covers all of them
    /// or surely none (a shadow's opacity is the row's): the same arithmetic
    /// as `shade`, each shape's coverage 1 or 0.
    func uniformRow(_ y: Int, from x: Int, count: Int) -> SIMD4<Float>? {
        let columns = x..<x + count
        return withParts(ofRow: y) { rowClear, shapes in
            var clear = rowClear
            for shape in shapes {
                let sure = shape.coverage.sureColumns
                let coverage: Double
                if sure.lowerBound <= columns.lowerBound, sure.upperBound >= columns.upperBound {
                    coverage = 1
                } else if shape.coverage.missesAll(columns) {
                    coverage = 0
                } else {
                    return nil
                }
                clear *= 1 - shape.alpha * (shape.inside ? coverage : 1 - coverage)
            }
            return SIMD4(0, 0, 0, Float(1 - clear))
        }
    }

    private static func unit(_ value: Double) -> Double { min(max(value, 0), 1) }
}

/// A shade node's parts along each of a span of rows (`HostShade.parts`),
/// worked out once: `HostShade` reads a row's at each of its runs and at
/// each frame while the node stays (the video call's backdrop and phone
/// corners, whose edge tiles give thousands of short runs a frame; kept
/// in the reuse store, `ShadeRowsKey`). Not changed once made: read on any thread.
final class ShadeRows: Sendable {
    let rows: Range<Int>
    /// Each row's shadows combined, and its shapes, `perRow` a row in turn.
    private let clears: [Double]
    private let shapes: [HostShade.ShapeAlongRow]
    private let perRow: Int

    /// What it holds, in bytes (the reuse store's count).
    var bytes: Int { clears.count * MemoryLayout<Double>.stride + shapes.count * MemoryLayout<HostShade.ShapeAlongRow>.stride }

    init(_ node: ShadeNode, rows: Range<Int>) {
        self.rows = rows
        var clears: [Double] = [], shapes: [HostShade.ShapeAlongRow] = []
        clears.reserveCapacity(rows.count)
        for y in rows { clears.append(HostShade.parts(of: node, row: y) { shapes.append($0) }) }
        self.clears = clears
        self.shapes = shapes
        perRow = rows.isEmpty ? 0 : shapes.count / rows.count
    }

    /// `body` run with row `y`'s parts; nil when the span does not hold the row.
    func withParts<Result>(ofRow y: Int, _ body: (_ clear: Double, _ shapes: UnsafeBufferPointer<HostShade.ShapeAlongRow>) -> Result) -> Result? {
        guard rows.contains(y) else { return nil }
        let index = y - rows.lowerBound
        return shapes.withUnsafeBufferPointer { all in
            body(clears[index], UnsafeBufferPointer(rebasing: all[index * perRow..<(index + 1) * perRow]))
        }
    }
}
