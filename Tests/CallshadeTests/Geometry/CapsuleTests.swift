@testable import CallshadeCore
import XCTest

final class CapsuleTests: XCTestCase {
    /// Random stroke segments (any direction, straight along an axis, of no
    /// length; thin to thick): tile classification, surely-covered runs and
    /// touched spans agree with the coverage at every pixel centre.
    func testTilesRunsAndSpansHoldTheCoverageAtEveryPixel() {
        var random = SeededGenerator(state: 29_05)
        var check = ShapeCoverageCheck()
        for _ in 0..<300 {
            let start = Vec2(random.number(in: -20...40), random.number(in: -20...40))
            let length = random.pick([0, random.number(in: 0...3), random.number(in: 3...150)]), angle = random.number(in: 0...(2 * Double.pi))
            let direction = random.pick([Vec2(cos(angle), sin(angle)), Vec2(1, 0), Vec2(0, -1)])
            let radius = random.pick([0.2, 0.5, random.number(in: 0...3), random.number(in: 3...40)])
            let shape = Capsule(from: start, to: start + direction * length, radius: radius)
            let region = ShapeCoverageCheck.region(x: min(shape.start.x, shape.end.x)...max(shape.start.x, shape.end.x),
                                                   y: min(shape.start.y, shape.end.y)...max(shape.start.y, shape.end.y), reach: radius + 12,
                                                   offset: (random.below(8), random.below(8)))
            check.check(shape, over: region, rules: [("coverage", shape.coverage)])
        }
        check.assertHolds("capsules", inside: 0.99, outside: 0.9, runs: 0.99)
    }

    /// Its distance is the disc's about its nearest point of the segment.
    func testItsDistance() {
        let capsule = Capsule(from: Vec2(10, 10), to: Vec2(40, 50), radius: 3)
        XCTAssertEqual(capsule.signedDistance(Vec2(25, 30)), -3, accuracy: 1e-12)
        // Beside its middle, along the normal (-0.8, 0.6).
        XCTAssertEqual(capsule.signedDistance(Vec2(25 - 8, 30 + 6)), 7, accuracy: 1e-12)
        // Beyond its ends: the end discs.
        XCTAssertEqual(capsule.signedDistance(Vec2(10 - 6, 10 - 8)), 7, accuracy: 1e-12)
        XCTAssertEqual(capsule.signedDistance(Vec2(40 + 3, 50 + 4)), 2, accuracy: 1e-12)
        // Of no length: a disc.
        let dot = Capsule(from: Vec2(5, 5), to: Vec2(5, 5), radius: 2)
        XCTAssertEqual(dot.signedDistance(Vec2(8, 9)), Disc(centre: Vec2(5, 5), radius: 2).signedDistance(Vec2(8, 9)))
    }
}
