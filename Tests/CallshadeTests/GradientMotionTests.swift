import CallshadeCore
import XCTest

/// Colour-centre positions, against values worked out by hand from the spec:
/// centre i sits on anchor (2i + floor(phase)) mod 8 and moves linearly to the next.
final class GradientMotionTests: XCTestCase {
    let p = GradientMotion.anchors

    func assertCentres(_ phase: Double, _ expected: [(Double, Double)], file: StaticString = #filePath, line: UInt = #line) {
        let centres = GradientMotion.centres(phase: phase)
        XCTAssertEqual(centres.count, 4, file: file, line: line)
        for (index, (got, want)) in zip(centres, expected).enumerated() {
            XCTAssertEqual(got.x, want.0, accuracy: 1e-12, "centre \(index) x at phase \(phase)", file: file, line: line)
            XCTAssertEqual(got.y, want.1, accuracy: 1e-12, "centre \(index) y at phase \(phase)", file: file, line: line)
        }
    }

    func testAnchorsAreTheSpecsEightPositions() {
        let expected: [(Double, Double)] = [(0.80, 0.10), (0.60, 0.20), (0.35, 0.25), (0.25, 0.60),
                                            (0.20, 0.90), (0.40, 0.80), (0.65, 0.75), (0.75, 0.40)]
        XCTAssertEqual(p.count, 8)
        for (anchor, want) in zip(p, expected) {
            XCTAssertEqual(anchor, Vec2(want.0, want.1))
        }
    }

    func testIntegerPhasesSitOnAnchors() {
        assertCentres(0, [(0.80, 0.10), (0.35, 0.25), (0.20, 0.90), (0.65, 0.75)])   // P0 P2 P4 P6
        assertCentres(1, [(0.60, 0.20), (0.25, 0.60), (0.40, 0.80), (0.75, 0.40)])   // P1 P3 P5 P7
        assertCentres(3, [(0.25, 0.60), (0.40, 0.80), (0.75, 0.40), (0.60, 0.20)])   // P3 P5 P7 P1
        assertCentres(7, [(0.75, 0.40), (0.60, 0.20), (0.25, 0.60), (0.40, 0.80)])   // P7 P1 P3 P5
    }

    func testFractionalPhasesInterpolateLinearly() {
        // 2.5: halfway P2->P3, P4->P5, P6->P7, P0->P1.
        assertCentres(2.5, [(0.30, 0.425), (0.30, 0.85), (0.70, 0.575), (0.70, 0.15)])
        // 7.75: three quarters P7->P0, P1->P2, P3->P4, P5->P6.
        assertCentres(7.75, [(0.7875, 0.175), (0.4125, 0.2375), (0.2125, 0.825), (0.5875, 0.7625)])
        // 0.2: a fifth of the way P0->P1 etc.
        assertCentres(0.2, [(0.76, 0.12), (0.33, 0.32), (0.24, 0.88), (0.67, 0.68)])
    }

    func testPhaseIsTakenModuloEight() {
        assertCentres(8, [(0.80, 0.10), (0.35, 0.25), (0.20, 0.90), (0.65, 0.75)])
        assertCentres(10.5, [(0.30, 0.425), (0.30, 0.85), (0.70, 0.575), (0.70, 0.15)])
        // -0.5 is 7.5: halfway P7->P0 for centre 0.
        XCTAssertEqual(GradientMotion.centre(0, phase: -0.5).x, 0.775, accuracy: 1e-12)
        XCTAssertEqual(GradientMotion.centre(0, phase: -0.5).y, 0.25, accuracy: 1e-12)
        XCTAssertEqual(GradientMotion.wrapped(-1e-17), 0)
        XCTAssertEqual(GradientMotion.wrapped(-16), 0)
    }

    func testMotionIsContinuousAcrossWholePhases() {
        for step in 0..<8 {
            for index in 0..<4 {
                let before = GradientMotion.centre(index, phase: Double(step + 1) - 1e-9)
                let after = GradientMotion.centre(index, phase: Double(step + 1))
                XCTAssertLessThan((before - after).length, 1e-8, "centre \(index) jumps at phase \(step + 1)")
            }
        }
    }
}
