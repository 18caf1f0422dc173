@testable import CallshadeCore
import XCTest

final class DiscTests: XCTestCase {
    /// Random discs (fractional centres, radii from nothing to hundreds of
    /// pixels): tile classification, surely-covered runs and touched spans
    /// agree with the coverage at every pixel centre, by each rule a
    /// renderer adds it up with: the edge rule (a cut-out's hole), the
    /// avatar's radius first in Double (its reference and the host's
    /// picture rows) and in Float lanes (the host's placeholder rows).
    func testTilesRunsAndSpansHoldEveryCoverageRuleAtEveryPixel() {
        var random = SeededGenerator(state: 29_04)
        var check = ShapeCoverageCheck()
        for _ in 0..<160 {
            let radius = random.pick([0, 0.3, 0.5, 0.51, random.number(in: 0...4), random.number(in: 4...60), random.number(in: 60...120)])
            let shape = Disc(centre: Vec2(random.number(in: -20...40), random.number(in: -20...40)), radius: radius)
            let region = ShapeCoverageCheck.region(x: (shape.centre.x - radius)...(shape.centre.x + radius),
                                                   y: (shape.centre.y - radius)...(shape.centre.y + radius), reach: 12,
                                                   offset: (random.below(8), random.below(8)))
            check.check(shape, over: region, rules: [
                ("coverage", shape.coverage),
                ("radius first", { Disc.coverage(radius: radius, centreDistance: ($0 - shape.centre).length) }),
                ("Float lanes", { point in
                    let dx = SIMD8<Float>(repeating: Float(point.x - shape.centre.x)), dy = point.y - shape.centre.y
                    let distance = (dx * dx + SIMD8(repeating: Float(dy * dy))).squareRoot()
                    return Double(Disc.coverage(outerEdge: SIMD8(repeating: Float(radius + 0.5)), centreDistance: distance)[0])
                }),
            ])
        }
        check.assertHolds("discs", inside: 0.99, outside: 0.9, runs: 0.99)
    }

    /// The radius-first rule is the edge rule's value to within rounding.
    func testItsTwoRulesAreOneRule() {
        let disc = Disc(centre: Vec2(3.25, -7.5), radius: 20.3)
        for x in stride(from: -30.0, through: 30, by: 0.37) {
            let point = Vec2(x, -7.5 + x / 3)
            XCTAssertEqual(disc.coverage(at: point), Disc.coverage(radius: 20.3, centreDistance: (point - disc.centre).length), accuracy: 1e-12)
        }
        XCTAssertEqual(disc.signedDistance(Vec2(3.25, 12.8)), 0, accuracy: 1e-12)
    }
}
