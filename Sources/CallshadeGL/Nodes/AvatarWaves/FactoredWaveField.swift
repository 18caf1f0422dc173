import CallshadeCore
import Foundation

/// One wave shape's metaball field over a region of the frame, worked out on
/// the host in factors. Each ball's term exp(-|p - q|^2 / sigma^2) is a
/// column factor times a row factor, and so is each part of its gradient; a
/// pixel's field and slope are then sums of products, with no exp a pixel.
/// The coverage is the one `waves.glsl` takes: `WaveShape`'s signed distance
/// by the `EdgeCoverage` rule, in Float.
struct FactoredWaveField: Sendable {
    private let balls: Int
    private let side: Float
    private let threshold: Float
    /// The region's first column and row, and its width.
    private let x0: Int
    private let y0: Int
    private let width: Int
    /// Per ball (ball after ball, `width` each), per column: the x factor, and its derivative along x.
    private let columnValues: [Float]
    private let columnSlopes: [Float]
    /// Per row (row after row, `balls` each): the y factor, and its derivative along y.
    private let rowValues: [Float]
    private let rowSlopes: [Float]

    /// The field of `shape` centred at `centre` (frame pixels) over `region`; nil for a shape that is nothing.
    init?(shape: WaveShape, centre: Vec2, region: PixelRect) {
        guard shape.side > 0, !shape.balls.isEmpty, !region.isEmpty else { return nil }
        balls = shape.balls.count
        side = Float(shape.side)
        threshold = Float(WaveGeometry.threshold)
        x0 = region.x
        y0 = region.y
        width = region.width
        let inverseSigmaSquared = 1 / (WaveGeometry.sigma * WaveGeometry.sigma)
        // Pixel i's centre, in units of the side from the middle, less the ball's coordinate.
        func factor(_ pixel: Int, _ middle: Double, _ ball: Double) -> (value: Float, slope: Float) {
            let u = (Double(pixel) + 0.5 - middle) / shape.side - ball
            let value = exp(-u * u * inverseSigmaSquared)
            return (Float(value), Float(-2 * u * inverseSigmaSquared * value))
        }
        var columnValues = [Float](repeating: 0, count: balls * region.width)
        var columnSlopes = columnValues
        for (j, ball) in shape.balls.enumerated() {
            for column in 0..<region.width {
                (columnValues[j * region.width + column], columnSlopes[j * region.width + column]) = factor(region.x + column, centre.x, ball.x)
            }
        }
        var rowValues = [Float](repeating: 0, count: balls * region.height)
        var rowSlopes = rowValues
        for row in 0..<region.height {
            for (j, ball) in shape.balls.enumerated() {
                (rowValues[row * balls + j], rowSlopes[row * balls + j]) = factor(region.y + row, centre.y, ball.y)
            }
        }
        self.columnValues = columnValues
        self.columnSlopes = columnSlopes
        self.rowValues = rowValues
        self.rowSlopes = rowSlopes
    }

    /// The coverage (0...1) at frame row `row`, columns `columns` (inside the region), into `output[0..<columns.count]`.
    func coverage(row: Int, columns: Range<Int>, into output: UnsafeMutablePointer<Float>) {
        let rowStart = (row - y0) * balls
        let first = columns.lowerBound - x0
        let count = columns.count
        let scale = SIMD8<Float>(repeating: side)
        let limit = SIMD8<Float>(repeating: threshold)
        columnValues.withUnsafeBufferPointer { values in
            columnSlopes.withUnsafeBufferPointer { slopes in
                guard let values = values.baseAddress, let slopes = slopes.baseAddress else { return }
                var at = 0
                while at + 8 <= count {
                    var field = SIMD8<Float>(), dx = SIMD8<Float>(), dy = SIMD8<Float>()
                    for j in 0..<balls {
                        let offset = j * width + first + at
                        let value = UnsafeRawPointer(values + offset).loadUnaligned(as: SIMD8<Float>.self)
                        let slope = UnsafeRawPointer(slopes + offset).loadUnaligned(as: SIMD8<Float>.self)
                        let y = rowValues[rowStart + j], ySlope = rowSlopes[rowStart + j]
                        field += value * y
                        dx += slope * y
                        dy += value * ySlope
                    }
                    let distance = WaveShape.signedDistance(field: field, slopeLength: (dx * dx + dy * dy).squareRoot(), threshold: limit, side: scale)
                    let coverage = EdgeCoverage.coverage(signedDistance: distance)
                    UnsafeMutableRawPointer(output + at).storeBytes(of: coverage, as: SIMD8<Float>.self)
                    at += 8
                }
                while at < count {
                    var field: Float = 0, dx: Float = 0, dy: Float = 0
                    for j in 0..<balls {
                        let offset = j * width + first + at
                        let y = rowValues[rowStart + j], ySlope = rowSlopes[rowStart + j]
                        field += values[offset] * y
                        dx += slopes[offset] * y
                        dy += values[offset] * ySlope
                    }
                    let distance = WaveShape.signedDistance(field: field, slopeLength: (dx * dx + dy * dy).squareRoot(), threshold: threshold, side: side)
                    output[at] = EdgeCoverage.coverage(signedDistance: distance)
                    at += 1
                }
            }
        }
    }
}

/// How far the background is seen through the waves at each pixel of the
/// tiles where a wave's coverage changes: with each shape's white at alpha
/// a and coverages co, ci, the waves' mask is 1 - (1 - a co)(1 - a ci), that
/// is a k for k = co + ci - a co ci. The gradient seen through one wave
/// being level 0 mixed by a towards its toned copy, a pixel is level 0
/// mixed by k towards that.
struct WaveEdgeWeights: Sendable {
    private let outer: FactoredWaveField?
    private let inner: FactoredWaveField?
    private let alpha: Float

    /// The waves of `layer` centred at `centre` over `region` (frame pixels).
    init(_ layer: WavesLayer, centre: Vec2, region: PixelRect) {
        func field(_ index: Int) -> FactoredWaveField? {
            layer.shapes.indices.contains(index) ? FactoredWaveField(shape: layer.shapes[index], centre: centre, region: region) : nil
        }
        outer = field(0)
        inner = field(1)
        alpha = Float(layer.alpha)
    }

    /// k at frame row `row`, columns `columns`, into `output` (with room for
    /// twice `columns.count`: the second half is scratch); a shape whose
    /// coverage is given (true: 1, false: 0) over these pixels takes that.
    func weights(row: Int, columns: Range<Int>, outer outerGiven: Bool?, inner innerGiven: Bool?, into output: UnsafeMutablePointer<Float>) {
        let count = columns.count
        let scratch = output + count
        func coverage(_ field: FactoredWaveField?, _ given: Bool?, into target: UnsafeMutablePointer<Float>) {
            if let given {
                target.update(repeating: given ? 1 : 0, count: count)
            } else if let field {
                field.coverage(row: row, columns: columns, into: target)
            } else {
                target.update(repeating: 0, count: count)
            }
        }
        coverage(outer, outerGiven, into: output)
        coverage(inner, innerGiven, into: scratch)
        for column in 0..<count {
            let (o, i) = (output[column], scratch[column])
            output[column] = o + i - alpha * o * i
        }
    }
}
