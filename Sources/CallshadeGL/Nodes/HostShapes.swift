import CallshadeCore

/// The drawing's shapes as the host draws them (`ShapesRenderer.hostDrawing`),
/// by the reference's rule: along a row, each shape whose box the row
/// crosses gives its coverages (`PlacedShape.Sampler.coverages`: the
/// reference's signed distance, the pixels its bounds settle filled with 0
/// or 1 in runs, only those near an edge worked out), and the shapes are
/// put source-over one another in order, at their colours and opacities,
/// into one colour and amount a pixel that is then mixed over what is below
/// once (the reference's source-over of each in turn over an opaque pixel).
struct HostShapes: HostRowShader {
    private struct Shape {
        let row: RowShape
        let color: SIMD3<Double>
        let alpha: Double
        var shape: PlacedShape { row.shape }
        var sampler: PlacedShape.Sampler { row.sampler }
    }

    private let shapes: [Shape]

    init(_ node: ShapesNode) {
        shapes = node.shapes.compactMap { shape in
            guard shape.alpha > 0, shape.scale > 0 else { return nil }
            return Shape(row: RowShape(shape), color: SIMD3(shape.color.r, shape.color.g, shape.color.b), alpha: min(shape.alpha, 1))
        }
    }

    /// A band's row of coverages and of the shapes' premultiplied colour and amount so far.
    final class RowMemory {
        var coverage: [Double]
        var premultiplied: [SIMD4<Double>]

        init(width: Int) {
            coverage = [Double](repeating: 0, count: width)
            premultiplied = [SIMD4<Double>](repeating: .zero, count: width)
        }
    }

    func makeRowMemory(width: Int) -> RowMemory { RowMemory(width: width) }

    func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, memory: RowMemory) {
        let centreY = Double(y) + 0.5, run = x..<(x + count)
        memory.coverage.withUnsafeMutableBufferPointer { coverage in
            memory.premultiplied.withUnsafeMutableBufferPointer { sums in
                guard let coverage = coverage.baseAddress else { return }
                // The run's pixels some shape's span reached so far, from the run's first: only these are summed.
                var reached = 0..<0
                for shape in shapes {
                    guard let span = shape.row.coverages(row: centreY, within: run, into: coverage) else { continue }
                    let spanned = (span.lowerBound - x)..<(span.upperBound - x)
                    let grown = reached.isEmpty ? spanned : min(reached.lowerBound, spanned.lowerBound)..<max(reached.upperBound, spanned.upperBound)
                    if reached.isEmpty {
                        for index in grown { sums[index] = .zero }
                    } else {
                        for index in grown.lowerBound..<reached.lowerBound { sums[index] = .zero }
                        for index in reached.upperBound..<grown.upperBound { sums[index] = .zero }
                    }
                    reached = grown
                    let solid = shape.shape.paint == .solid
                    var colour = SIMD4(shape.color.x, shape.color.y, shape.color.z, 1)
                    let share = shape.shape.fade?.share(atY: centreY) ?? 1
                    for column in span {
                        let amount = shape.alpha * share * coverage[column - span.lowerBound]
                        guard amount > 0 else { continue }
                        if !solid {
                            let painted = shape.shape.colourAndShare(at: Vec2(Double(column) + 0.5, centreY), sampler: shape.sampler).0
                            colour = SIMD4(painted.r, painted.g, painted.b, 1)
                        }
                        // Source-over, premultiplied: colour x amount + what is there x (1 - amount).
                        sums[column - x] = colour * amount + sums[column - x] * (1 - amount)
                    }
                }
                for index in reached {
                    let sum = sums[index]
                    values[index] = sum.w > 0
                        ? SIMD4(Float(sum.x / sum.w), Float(sum.y / sum.w), Float(sum.z / sum.w), Float(sum.w))
                        : .zero
                }
                values.clear(0..<reached.lowerBound)
                values.clear(reached.upperBound..<count)
            }
        }
    }
}

/// A shape as the host shades it along rows: its sampler and its box in
/// frame pixels (`ShapesNode.box`: the rows whose centres lie in
/// `top...bottom`, the columns whose centres lie in `left...right`).
struct RowShape {
    let shape: PlacedShape
    let sampler: PlacedShape.Sampler
    let box: (left: Double, top: Double, right: Double, bottom: Double)

    init(_ shape: PlacedShape) {
        self.shape = shape
        sampler = PlacedShape.Sampler(shape)
        box = ShapesNode.box(of: shape)
    }

    /// Its coverages along the row of pixel centres at `centreY` within
    /// `run`, from `coverage` on: the columns they are for (within its box,
    /// where the row crosses its own turned box), nil where it reaches none.
    func coverages(row centreY: Double, within run: Range<Int>, into coverage: UnsafeMutablePointer<Double>) -> Range<Int>? {
        guard box.top <= centreY, centreY <= box.bottom, let reach = sampler.reach(atRow: centreY) else { return nil }
        let span = PixelCentres.columns(max(box.left, reach.lowerBound), min(box.right, reach.upperBound), within: run)
        guard !span.isEmpty else { return nil }
        sampler.coverages(row: centreY, columns: span, into: coverage)
        return span
    }
}
