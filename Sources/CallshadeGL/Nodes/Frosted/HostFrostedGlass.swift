import CallshadeCore

/// A frosted glass as the host draws it (`FrostedGlassRenderer.hostDrawing`):
/// its reader (`belowReader`) reads the frame once the drawings below it are
/// drawn, and its rows come from the values it keeps (`ShadedValues`) or
/// are shaded by `FrostedRows`.
struct HostFrostedGlass: HostRowShader {
    let reader: BelowReader

    var belowReader: BelowReader? { reader }

    func makeRowMemory(width: Int) -> FrostedRows.RowMemory { FrostedRows.RowMemory(width: width) }

    func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, memory: FrostedRows.RowMemory) {
        if let kept = reader.values {
            kept.copy(row: y, from: x, count: count, into: values)
        } else if let rows = reader.rows {
            rows.shade(row: y, from: x, count: count, into: values, memory: memory)
        } else {
            for index in 0..<count { values[index] = .zero }
        }
    }
}

/// A frosted glass's rows from its lattice: along a row, each shape's
/// coverage by the reference's rule (`PlacedShape.Sampler.coverages`)
/// times its fade's share and opacity, put together source-over, at the
/// colour the lattice gives (`FrostedLattice`).
struct FrostedRows: HostRowShader {
    private let shapes: [RowShape]
    let lattice: FrostedLattice

    init(_ glass: FrostedGlassNode, lattice: FrostedLattice) {
        shapes = glass.shown.map(RowShape.init)
        self.lattice = lattice
    }

    /// A band's row of coverages and of what each pixel is left clear of the glass.
    final class RowMemory {
        var coverage: [Double]
        var clear: [Double]

        init(width: Int) {
            coverage = [Double](repeating: 0, count: width)
            clear = [Double](repeating: 1, count: width)
        }
    }

    func makeRowMemory(width: Int) -> RowMemory { RowMemory(width: width) }

    func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, memory: RowMemory) {
        let centreY = Double(y) + 0.5, run = x..<(x + count)
        memory.coverage.withUnsafeMutableBufferPointer { coverage in
            memory.clear.withUnsafeMutableBufferPointer { clear in
                guard let coverage = coverage.baseAddress else { return }
                for index in 0..<count { clear[index] = 1 }
                for shape in shapes {
                    guard let span = shape.coverages(row: centreY, within: run, into: coverage) else { continue }
                    let share = min(shape.shape.alpha, 1) * (shape.shape.fade?.share(atY: centreY) ?? 1)
                    for column in span { clear[column - x] *= 1 - share * coverage[column - span.lowerBound] }
                }
                lattice.colours(row: centreY, from: Double(x) + 0.5, count: count) { index, colour in
                    let amount = 1 - clear[index]
                    values[index] = amount > 0 ? SIMD4(colour.x, colour.y, colour.z, Float(amount)) : .zero
                }
            }
        }
    }
}
