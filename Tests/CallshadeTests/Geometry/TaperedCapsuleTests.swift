@testable import CallshadeCore
import XCTest

final class TaperedCapsuleTests: XCTestCase {
    /// Of equal radii it is the uniform capsule; of no length, the larger disc.
    func testItReducesToTheCapsuleAndTheDisc() {
        var random = SeededGenerator(state: 34_01)
        for _ in 0..<500 {
            let start = Vec2(random.number(in: -20...20), random.number(in: -20...20))
            let end = start + Vec2(random.number(in: -30...30), random.number(in: -30...30))
            let radius = random.number(in: 0...10), point = Vec2(random.number(in: -50...50), random.number(in: -50...50))
            let even = TaperedCapsule(from: start, to: end, startRadius: radius, endRadius: radius)
            XCTAssertEqual(even.signedDistance(point), Capsule(from: start, to: end, radius: radius).signedDistance(point), accuracy: 1e-9)
            let other = random.number(in: 0...10)
            let dot = TaperedCapsule(from: start, to: start, startRadius: radius, endRadius: other)
            XCTAssertEqual(dot.signedDistance(point), Disc(centre: start, radius: max(radius, other)).signedDistance(point), accuracy: 1e-12)
        }
    }

    /// Beside its middle the quad's side is nearest; beyond its ends, the discs.
    func testItsDistance() {
        let segment = TaperedCapsule(from: Vec2(0, 0), to: Vec2(10, 0), startRadius: 2, endRadius: 4)
        // The side runs from (0, 2) to (10, 4): y = 2 + 0.2 x.
        XCTAssertEqual(segment.signedDistance(Vec2(5, 10)), 7 / 1.04.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(segment.signedDistance(Vec2(5, -10)), 7 / 1.04.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(segment.signedDistance(Vec2(5, 0)), -3 / 1.04.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(segment.signedDistance(Vec2(-5, 0)), 3, accuracy: 1e-12)
        XCTAssertEqual(segment.signedDistance(Vec2(20, 0)), 6, accuracy: 1e-12)
    }

    /// Coverage is 1 well inside, 0 well outside, and never rises going out
    /// across the edge along the normal at its middle.
    func testCoverageInsideOutsideAndAcrossTheEdge() {
        var random = SeededGenerator(state: 34_02)
        for _ in 0..<300 {
            let start = Vec2(random.number(in: -20...20), random.number(in: -20...20)), angle = random.number(in: 0...(2 * Double.pi))
            let length = random.pick([0, random.number(in: 0...2), random.number(in: 2...60)])
            let direction = Vec2(cos(angle), sin(angle)), normal = Vec2(-direction.y, direction.x)
            let (r0, r1) = (random.number(in: 1...20), random.number(in: 1...20))
            let shape = TaperedCapsule(from: start, to: start + direction * length, startRadius: r0, endRadius: r1)
            for _ in 0..<20 {
                let along = start + direction * (length * random.unit())
                let inward = along + normal * (random.number(in: -1...1) * max(min(r0, r1) - 1, 0))
                XCTAssertEqual(shape.coverage(at: inward), 1, "\(shape) at \(inward)")
                let outward = random.number(in: (max(r0, r1) + 0.5)...(max(r0, r1) + 30))
                XCTAssertEqual(shape.coverage(at: along + normal * outward * random.pick([-1, 1])), 0, "\(shape)")
            }
            let middle = start + direction * (length / 2)
            var last = 1.0
            for step in 0...400 {
                let coverage = shape.coverage(at: middle + normal * (Double(step) * 0.07))
                XCTAssertLessThanOrEqual(coverage, last, "\(shape) at step \(step)")
                last = coverage
            }
            XCTAssertEqual(last, 0)
        }
    }

    /// Tile classification, surely-covered runs and touched spans hold the coverage at every pixel centre.
    func testTilesRunsAndSpansHoldTheCoverageAtEveryPixel() {
        var random = SeededGenerator(state: 34_03)
        var check = ShapeCoverageCheck()
        for _ in 0..<200 {
            let start = Vec2(random.number(in: -20...40), random.number(in: -20...40)), angle = random.number(in: 0...(2 * Double.pi))
            let length = random.pick([0, random.number(in: 0...3), random.number(in: 3...120)])
            let r0 = random.pick([0.5, random.number(in: 0...3), random.number(in: 3...30)]), r1 = r0 * random.number(in: 0.8...1.25)
            let shape = TaperedCapsule(from: start, to: start + Vec2(cos(angle), sin(angle)) * length, startRadius: r0, endRadius: r1)
            let region = ShapeCoverageCheck.region(x: min(shape.start.x, shape.end.x)...max(shape.start.x, shape.end.x),
                                                   y: min(shape.start.y, shape.end.y)...max(shape.start.y, shape.end.y),
                                                   reach: max(r0, r1) + 12, offset: (random.below(8), random.below(8)))
            check.check(shape, over: region, rules: [("coverage", shape.coverage)])
        }
        check.assertHolds("tapered capsules", inside: 0.8, outside: 0.8, runs: 0.8)
    }
}
