import CallshadeCore
import XCTest

/// The bubble tail (chat, section 2.6): its signed distance is negative
/// exactly inside the spec's sets, at random points (seeded); the tip is
/// where the spec puts it; the incoming tail is the mirror image; and near
/// the edge the distance changes no faster than the points move apart (so
/// the coverage rule's one-pixel ramp holds).
final class BubbleTailTests: XCTestCase {
    func randomPoint(_ generator: inout SeededGenerator) -> Vec2 {
        Vec2(Double.random(in: -20...21, using: &generator), Double.random(in: -20...3, using: &generator))
    }

    func testTheDistanceIsNegativeExactlyInsideTheSpecsSets() {
        var generator = SeededGenerator(state: 32)
        var inside = 0
        for _ in 0..<20000 {
            let p = randomPoint(&generator)
            let distance = BubbleTail.signedDistance(p)
            guard abs(distance) > 1e-9 else { continue }
            XCTAssertEqual(distance < 0, BubbleTail.contains(p), "at \(p): distance \(distance)")
            if distance < 0 { inside += 1 }
        }
        XCTAssertGreaterThan(inside, 1000, "the samples reach inside")
    }

    func testTheTipAndTheBox() {
        // Just left of the tip, inside; just right of it, outside; below the corner's line, nothing.
        XCTAssertTrue(BubbleTail.contains(Vec2(4.4, -0.05)))
        XCTAssertFalse(BubbleTail.contains(Vec2(4.8, -0.05)))
        XCTAssertFalse(BubbleTail.contains(Vec2(4.5, 0.1)))
        XCTAssertEqual(BubbleTail.tip, Vec2(4.75, 0))
        var generator = SeededGenerator(state: 5)
        for _ in 0..<5000 {
            let p = randomPoint(&generator)
            if BubbleTail.contains(p) {
                XCTAssertTrue(p.x >= BubbleTail.box.left && p.x <= BubbleTail.box.right && p.y >= BubbleTail.box.top && p.y <= BubbleTail.box.bottom, "\(p)")
            }
        }
    }

    func testTheIncomingTailIsTheMirrorImage() {
        var generator = SeededGenerator(state: 9)
        for _ in 0..<2000 {
            let p = randomPoint(&generator)
            XCTAssertEqual(BubbleTail.signedDistance(Vec2(-p.x, p.y), mirrored: true), BubbleTail.signedDistance(p))
        }
    }

    func testNearTheEdgeTheDistanceIsNearlyLipschitz() {
        var generator = SeededGenerator(state: 77)
        var checked = 0
        for _ in 0..<20000 {
            let p = randomPoint(&generator)
            let d = BubbleTail.signedDistance(p)
            guard abs(d) < 1 else { continue }
            let angle = Double.random(in: 0..<(2 * .pi), using: &generator)
            let q = Vec2(p.x + 0.25 * cos(angle), p.y + 0.25 * sin(angle))
            XCTAssertLessThanOrEqual(abs(BubbleTail.signedDistance(q) - d), 0.25 * 1.6, "from \(p) to \(q)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 500)
    }
}
