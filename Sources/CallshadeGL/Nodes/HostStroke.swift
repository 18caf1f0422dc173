import CallshadeCore

/// A stroke node drawn by the host (`StrokeRenderer.hostDrawing`), by the
/// reference's rule: along a row, the union's coverage of each pixel (the
/// largest of the segments' whose box the row crosses: 1 along a segment's
/// surely covered run, worked out only between that and its touched span),
/// its colour at its alpha times that coverage. The coverage of the
/// stroke's first segments may come worked out already (`SettledCoverage`:
/// a growing stroke's segments that have not changed since the last frame);
/// then only the others are worked out, and the largest is the same.
struct HostStroke: HostRowShader {
    typealias Box = (left: Double, top: Double, right: Double, bottom: Double)

    private let segments: [(segment: TaperedCapsule, box: Box)]
    /// For each band of `bandRows` rows from the frame's top, the segments whose box reaches into it.
    private let bands: [[Int]]
    private static let bandRows = 8
    private let colour: SIMD4<Float>
    private let opacity: Double
    /// The union's coverage of the segments before `segments`, where they reach.
    private let settled: SettledCoverage?

    /// `node` on a frame `height` rows high, its first `settled.count` segments' coverage given (nil: none).
    init(_ node: StrokeNode, height: Int, settled: SettledCoverage? = nil) {
        let first = min(settled?.count ?? 0, node.segments.count)
        segments = node.segments[first...].map { ($0, StrokeNode.reach(of: $0)) }
        var bands = [[Int]](repeating: [], count: (height + Self.bandRows - 1) / Self.bandRows)
        for (index, (_, box)) in segments.enumerated() where box.top.isFinite && box.bottom.isFinite && !bands.isEmpty {
            let first = Int(min(max((box.top / Double(Self.bandRows)).rounded(.down), 0), Double(bands.count - 1)))
            let last = Int(min(max((box.bottom / Double(Self.bandRows)).rounded(.down), 0), Double(bands.count - 1)))
            for band in first...last { bands[band].append(index) }
        }
        self.bands = bands
        self.settled = first > 0 ? settled : nil
        colour = SIMD4(Float(node.color.r), Float(node.color.g), Float(node.color.b), 0)
        opacity = node.opacity
    }

    /// A band's row of coverages.
    final class CoverageRow {
        var values: [Double]

        init(width: Int) { values = [Double](repeating: 0, count: width) }
    }

    func makeRowMemory(width: Int) -> CoverageRow { CoverageRow(width: width) }

    /// Raises `coverage[c - run.lowerBound]` to `segment`'s coverage of
    /// pixel (c, the row at `centreY`) for each column c of `run`: 0
    /// outside its touched span and its box, 1 along its surely covered
    /// run, worked out only between.
    @inline(__always)
    static func raise(_ coverage: UnsafeMutableBufferPointer<Double>, by segment: TaperedCapsule, box: Box, row centreY: Double, run: Range<Int>) {
        guard box.top <= centreY, centreY <= box.bottom else { return }
        let touched = segment.touchedSpan(atRow: centreY) ?? (box.left...box.right)
        guard touched != RowSpan.none else { return }
        let span = PixelCentres.columns(max(touched.lowerBound, box.left), min(touched.upperBound, box.right), within: run)
        let sure = segment.surelyCoveredRun(atRow: centreY).map { PixelCentres.columns($0.lowerBound, $0.upperBound, within: span) }
            ?? span.lowerBound..<span.lowerBound
        for column in span {
            let covered = sure.contains(column) ? 1 : segment.coverage(at: Vec2(Double(column) + 0.5, centreY))
            if covered > coverage[column - run.lowerBound] { coverage[column - run.lowerBound] = covered }
        }
    }

    func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, memory: CoverageRow) {
        let centreY = Double(y) + 0.5, run = x..<(x + count)
        let near = y >= 0 && y / Self.bandRows < bands.count ? bands[y / Self.bandRows] : []
        memory.values.withUnsafeMutableBufferPointer { coverage in
            for index in 0..<count { coverage[index] = 0 }
            settled?.copy(row: y, columns: run, into: coverage)
            for index in near {
                let (segment, box) = segments[index]
                Self.raise(coverage, by: segment, box: box, row: centreY, run: run)
            }
            for index in 0..<count {
                var value = colour
                value.w = Float(opacity * coverage[index])
                values[index] = value
            }
        }
    }
}
