import CallshadeCore

/// A shade node drawn by the host (`ShadeRenderer.hostDrawing`): black at
/// `ShadeNode.alpha`'s opacity, its parts combined as layers of black (1 -
/// the product of 1 - each). A shadow's opacity is the same along a row, so
/// it is worked out once a row; a shape's exactly only near its edge.
struct HostShade: HostRowShader {
    let node: ShadeNode

    func makeRowMemory(width: Int) {}

    /// Row `y`'s shadows combined (1 - their opacity, the same along the
    /// row), and its shapes' coverage along the row with their alphas, in the parts' order.
    private func parts(ofRow y: Int) -> (clear: Double, shapes: [(coverage: ShapeRowCoverage, alpha: Double, inside: Bool)]) {
        let centreY = Double(y) + 0.5
        var clear = 1.0
        var shapes: [(coverage: ShapeRowCoverage, alpha: Double, inside: Bool)] = []
        for part in node.parts {
            switch part {
            case .inside(let shape, let alpha):
                shapes.append((ShapeRowCoverage(shape, row: y), Self.unit(alpha), true))
            case .outside(let shape, let alpha):
                shapes.append((ShapeRowCoverage(shape, row: y), Self.unit(alpha), false))
            case .shadow(let edge, let depth, let downward, let alpha):
                guard depth > 0 else { continue }
                let s = (downward ? centreY - edge : edge - centreY) / depth
                if s >= 0, s < 1 { clear *= 1 - Self.unit(alpha) * ShadeNode.shadowPeak * (1 - s) * (1 - s) }
            }
        }
        return (clear, shapes)
    }

    func shade(row y: Int, from x: Int, count: Int, into values: ShadedRow, memory: Void) {
        let (rowClear, shapes) = parts(ofRow: y)
        for index in 0..<count {
            var clear = rowClear
            for shape in shapes {
                let coverage = shape.coverage.coverage(x + index)
                clear *= 1 - shape.alpha * (shape.inside ? coverage : 1 - coverage)
            }
            values[index] = SIMD4(0, 0, 0, Float(1 - clear))
        }
    }

    /// A row's pixels are alike where each shape surely covers all of them
    /// or surely none (a shadow's opacity is the row's): the same arithmetic
    /// as `shade`, each shape's coverage 1 or 0.
    func uniformRow(_ y: Int, from x: Int, count: Int) -> SIMD4<Float>? {
        let columns = x..<x + count
        var (clear, shapes) = parts(ofRow: y)
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

    private static func unit(_ value: Double) -> Double { min(max(value, 0), 1) }
}
