/// A CSS-style timing curve from (0, 0) to (1, 1) with control points
/// (x1, y1) and (x2, y2). `value(u)` is the eased progress at time fraction u;
/// `integral(u)` is its exact integral from 0, used for speeds that ease.
public struct CubicBezierEasing: Sendable {
    /// The spec's ease-in-out: cubic-bezier(0.42, 0, 0.58, 1).
    public static let easeInOut = CubicBezierEasing(0.42, 0, 0.58, 1)

    // Each coordinate as a polynomial in the curve parameter s: c s + b s^2 + a s^3.
    private let x: [Double]
    private let y: [Double]
    private let xDerivative: [Double]
    /// Antiderivative of y(s) x'(s): the area under the curve up to parameter s.
    private let area: [Double]

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        x = Self.coefficients(x1, x2)
        y = Self.coefficients(y1, y2)
        xDerivative = x.enumerated().dropFirst().map { Double($0.offset) * $0.element }
        let product = Self.multiply(y, xDerivative)
        area = [0] + product.enumerated().map { $0.element / Double($0.offset + 1) }
    }

    /// The eased progress at time fraction u (clamped to 0...1).
    public func value(_ u: Double) -> Double {
        if u <= 0 { return 0 }
        if u >= 1 { return 1 }
        return Self.evaluate(y, at: parameter(forX: u))
    }

    /// The integral of `value` from 0 to u; past 1 the progress stays 1.
    public func integral(_ u: Double) -> Double {
        if u <= 0 { return 0 }
        if u >= 1 { return Self.evaluate(area, at: 1) + (u - 1) }
        return Self.evaluate(area, at: parameter(forX: u))
    }

    /// Solves x(s) = u for s in 0...1 (x is increasing): Newton steps, kept
    /// inside a shrinking bracket so it always converges.
    private func parameter(forX u: Double) -> Double {
        var low = 0.0
        var high = 1.0
        var s = u
        for _ in 0..<64 {
            let error = Self.evaluate(x, at: s) - u
            if abs(error) < 1e-14 { return s }
            if error > 0 { high = s } else { low = s }
            let slope = Self.evaluate(xDerivative, at: s)
            let next = slope > 1e-9 ? s - error / slope : .nan
            s = (next > low && next < high) ? next : (low + high) / 2
        }
        return s
    }

    private static func coefficients(_ p1: Double, _ p2: Double) -> [Double] {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        let a = 1 - c - b
        return [0, c, b, a]
    }

    private static func multiply(_ p: [Double], _ q: [Double]) -> [Double] {
        var result = [Double](repeating: 0, count: p.count + q.count - 1)
        for (i, pi) in p.enumerated() {
            for (j, qj) in q.enumerated() { result[i + j] += pi * qj }
        }
        return result
    }

    private static func evaluate(_ polynomial: [Double], at s: Double) -> Double {
        polynomial.reversed().reduce(0) { $0 * s + $1 }
    }
}
