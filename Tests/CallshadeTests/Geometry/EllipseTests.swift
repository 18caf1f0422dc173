@testable import CallshadeCore
import XCTest

final class EllipseTests: XCTestCase {
    /// A circle is the disc, at any turn.
    func testACircleIsTheDisc() {
        var random = SeededGenerator(state: 34_11)
        for _ in 0..<300 {
            let centre = Vec2(random.number(in: -20...20), random.number(in: -20...20)), radius = random.number(in: 0.5...30)
            let point = Vec2(random.number(in: -60...60), random.number(in: -60...60))
            let circle = Ellipse(centre: centre, a: radius, b: radius, angle: random.number(in: 0...6.3))
            XCTAssertEqual(circle.signedDistance(point), Disc(centre: centre, radius: radius).signedDistance(point), accuracy: 1e-9)
        }
    }

    /// Coverage 1 inside the ellipse shrunk by a pixel, 0 outside the one grown by a pixel, half on the edge
    /// (within 0.05 px); the turn moves the long axis clockwise on screen.
    func testCoverageAcrossTheEdge() {
        var random = SeededGenerator(state: 34_12)
        for _ in 0..<200 {
            let a = random.number(in: 3...40), b = a * random.number(in: 0.3...1), angle = random.number(in: 0...6.3)
            let shape = Ellipse(centre: Vec2(5, 7), a: a, b: b, angle: angle)
            let theta = random.number(in: 0...6.3)
            // A point of the edge, and the outward normal there.
            let local = Vec2(a * cos(theta), b * sin(theta)), normalLocal = Vec2(cos(theta) / a, sin(theta) / b)
            func frame(_ v: Vec2) -> Vec2 { Vec2(v.x * cos(angle) - v.y * sin(angle), v.x * sin(angle) + v.y * cos(angle)) }
            let edge = shape.centre + frame(local), normal = frame(normalLocal) * (1 / normalLocal.length)
            XCTAssertEqual(shape.coverage(at: edge), 0.5, accuracy: 1e-9)
            XCTAssertEqual(shape.coverage(at: edge - normal * 1), 1, "\(shape)")
            XCTAssertEqual(shape.coverage(at: edge + normal * 1), 0, "\(shape)")
            XCTAssertEqual(shape.signedDistance(edge + normal * 0.3), 0.3, accuracy: 0.05)
        }
        let turned = Ellipse(centre: Vec2(0, 0), a: 10, b: 2, angle: Double.pi / 6)
        XCTAssertLessThan(turned.signedDistance(Vec2(9 * cos(Double.pi / 6), 9 * sin(Double.pi / 6))), 0)
        XCTAssertGreaterThan(turned.signedDistance(Vec2(9 * cos(Double.pi / 6), -9 * sin(Double.pi / 6))), 0)
    }
}
