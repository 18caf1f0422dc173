@testable import CallshadeCore
import XCTest

final class EasingTests: XCTestCase {
    let ease = CubicBezierEasing.easeInOut

    func testEndpointsMiddleAndSymmetry() {
        XCTAssertEqual(ease.value(0), 0)
        XCTAssertEqual(ease.value(1), 1)
        XCTAssertEqual(ease.value(-3), 0)
        XCTAssertEqual(ease.value(7), 1)
        // (0.42, 0, 0.58, 1) is symmetric about (0.5, 0.5): x(1/2) = y(1/2) = 1/2.
        XCTAssertEqual(ease.value(0.5), 0.5, accuracy: 1e-12)
        for u in stride(from: 0.0, through: 1.0, by: 0.05) {
            XCTAssertEqual(ease.value(u) + ease.value(1 - u), 1, accuracy: 1e-12)
        }
    }

    func testKnownPointOfTheCurve() {
        // At curve parameter s = 0.25: x = 3(0.75)^2(0.25)(0.42) + 3(0.75)(0.25)^2(0.58) + 0.25^3,
        // y = 3(0.75)(0.25)^2 + 0.25^3.
        let x = 3 * 0.5625 * 0.25 * 0.42 + 3 * 0.75 * 0.0625 * 0.58 + 0.015625
        let y = 3 * 0.75 * 0.0625 + 0.015625
        XCTAssertEqual(ease.value(x), y, accuracy: 1e-12)
    }

    func testIsIncreasing() {
        var previous = -1.0
        for step in 0...1000 {
            let value = ease.value(Double(step) / 1000)
            XCTAssertGreaterThanOrEqual(value, previous)
            previous = value
        }
    }

    func testIntegralMatchesASum() {
        // By symmetry the whole integral is exactly 1/2; past 1 it grows by 1 a unit.
        XCTAssertEqual(ease.integral(1), 0.5, accuracy: 1e-12)
        XCTAssertEqual(ease.integral(3), 2.5, accuracy: 1e-12)
        XCTAssertEqual(ease.integral(0), 0)
        for upper in [0.1, 0.37, 0.5, 0.8] {
            let steps = 20_000
            var sum = 0.0
            for i in 0..<steps { sum += ease.value((Double(i) + 0.5) / Double(steps) * upper) }
            XCTAssertEqual(ease.integral(upper), sum * upper / Double(steps), accuracy: 1e-8, "up to \(upper)")
        }
    }

    func testTrackIntegralOverTransitions() {
        var track = TransitionTrack<Double>(initial: 0)
        track.move(to: 0, at: 2, over: 2, from: 1)     // a boost: 1 easing to 0 over 2 s
        track.move(to: 4, at: 10, over: 0)              // a jump
        let integral = TrackIntegral(track)
        XCTAssertEqual(integral.upTo(2), 0)
        XCTAssertEqual(integral.upTo(4), 1, accuracy: 1e-12)   // 2 s x (1 - 1/2)
        XCTAssertEqual(integral.over(4, 10), 0)                // exactly: nothing after the boost
        XCTAssertEqual(integral.upTo(11), 5, accuracy: 1e-12)  // 1 + 4 x 1 s
        XCTAssertEqual(integral.over(3, 3), 0)
    }
}
