@testable import CallshadeCore
import XCTest

final class EdgeCoverageTests: XCTestCase {
    /// A distance positive inside (the waves' field distance as it was
    /// written) takes the same coverage, to the bit, as its negation by the
    /// one rule: clamp(d + 1/2, 0, 1) == clamp(1/2 - (-d), 0, 1), in Double,
    /// Float and Float lanes.
    func testANegatedDistanceGivesTheSameCoverageToTheBit() {
        var random = SeededGenerator(state: 29_06)
        var wrong = FailureCount()
        for _ in 0..<50_000 {
            let inside = random.pick([random.number(in: -2...2), random.number(in: -1e-6...1e-6), random.number(in: -500...500)])
            wrong.check(EdgeCoverage.coverage(signedDistance: -inside).bitPattern == min(max(inside + 0.5, 0), 1).bitPattern, "\(inside)")
            let float = Float(inside)
            wrong.check(EdgeCoverage.coverage(signedDistance: -float).bitPattern == min(max(float + 0.5, 0), 1).bitPattern, "\(float) in Float")
            let lanes = EdgeCoverage.coverage(signedDistance: -SIMD8(repeating: float))
            wrong.check(lanes[3].bitPattern == min(max(float + 0.5, 0), 1).bitPattern, "\(float) in lanes")
        }
        wrong.assertNone("negated distances")
    }
}
