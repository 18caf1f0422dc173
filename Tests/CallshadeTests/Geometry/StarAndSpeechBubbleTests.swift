import CallshadeCore
import Foundation
import XCTest

/// The star and the speech bubble (`drawing.md` section 6), held to sets
/// written here independently: the distance is negative exactly inside
/// (the star as its inner pentagon and five point triangles, the bubble as
/// its body's inequalities and its tail's barycentric test), equals the
/// distance to a dense sampling of the outline, and changes no faster than
/// the point moves (so the coverage rule's one-pixel ramp holds).
final class StarAndSpeechBubbleTests: XCTestCase {
    static func corner(_ index: Int, outer: Double) -> Vec2 {
        let angle = -Double.pi / 2 + Double(index) * Double.pi / 5
        let radius = index % 2 == 0 ? outer : outer / 2
        return Vec2(radius * cos(angle), radius * sin(angle))
    }

    /// Whether `p` lies in the triangle (a, b, c), by the signs of its three edge functions.
    static func inTriangle(_ p: Vec2, _ a: Vec2, _ b: Vec2, _ c: Vec2) -> Bool {
        func side(_ u: Vec2, _ v: Vec2) -> Double { (v.x - u.x) * (p.y - u.y) - (v.y - u.y) * (p.x - u.x) }
        let (s1, s2, s3) = (side(a, b), side(b, c), side(c, a))
        return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0)
    }

    static func starContains(_ p: Vec2, outer: Double) -> Bool {
        let inner = (0..<5).map { corner(2 * $0 + 1, outer: outer) }
        // The inner pentagon as triangles from its centre, and each point's triangle.
        for index in 0..<5 {
            if inTriangle(p, Vec2(0, 0), inner[index], inner[(index + 1) % 5]) { return true }
            if inTriangle(p, corner(2 * index, outer: outer), corner((2 * index + 9) % 10, outer: outer), corner(2 * index + 1, outer: outer)) { return true }
        }
        return false
    }

    static func distance(from p: Vec2, toPolyline points: [Vec2]) -> Double {
        zip(points, points.dropFirst() + [points[0]]).map { a, b in Capsule(from: a, to: b, radius: 0).signedDistance(p) }.min() ?? .infinity
    }

    func testTheStarIsNegativeExactlyInsideAndItsDistanceIsExact() {
        var generator = SeededGenerator(state: 35)
        let star = Star(outer: 50)
        let outline = (0..<10).flatMap { index -> [Vec2] in
            let a = Self.corner(index, outer: 50), b = Self.corner((index + 1) % 10, outer: 50)
            return (0..<40).map { Vec2.lerp(a, b, Double($0) / 40) }
        }
        var inside = 0
        for _ in 0..<5000 {
            let p = Vec2(Double.random(in: -60...60, using: &generator), Double.random(in: -60...60, using: &generator))
            let distance = star.signedDistance(p)
            guard abs(distance) > 1e-6 else { continue }
            XCTAssertEqual(distance < 0, Self.starContains(p, outer: 50), "at \(p): \(distance)")
            XCTAssertEqual(abs(distance), Self.distance(from: p, toPolyline: outline), accuracy: 0.05, "at \(p)")
            if distance < 0 { inside += 1 }
        }
        XCTAssertGreaterThan(inside, 500)
        // The first point straight up, the inner corners at half the radius.
        XCTAssertEqual(star.signedDistance(Vec2(0, -50)), 0, accuracy: 1e-9)
        XCTAssertEqual(star.signedDistance(Self.corner(1, outer: 50)), 0, accuracy: 1e-9)
        XCTAssertEqual(Self.corner(1, outer: 50).length, 25, accuracy: 1e-9)
    }

    func testTheBubbleIsNegativeExactlyInsideItsBodyAndTail() {
        var generator = SeededGenerator(state: 36)
        let bubble = SpeechBubble(width: 200, height: 100)
        let radius = 25.0
        func inBody(_ p: Vec2) -> Bool {
            let qx = abs(p.x) - (100 - radius), qy = abs(p.y) - (50 - radius)
            if qx <= 0 || qy <= 0 { return abs(p.x) <= 100 && abs(p.y) <= 50 }
            return qx * qx + qy * qy <= radius * radius
        }
        let tail = [Vec2(-64, 20), Vec2(-16, 20), Vec2(-80, 70)]
        var inTail = 0
        for _ in 0..<8000 {
            let p = Vec2(Double.random(in: -110...110, using: &generator), Double.random(in: -60...80, using: &generator))
            let distance = bubble.signedDistance(p)
            guard abs(distance) > 1e-6 else { continue }
            let tailOnly = Self.inTriangle(p, tail[0], tail[1], tail[2]) && !inBody(p)
            XCTAssertEqual(distance < 0, inBody(p) || Self.inTriangle(p, tail[0], tail[1], tail[2]), "at \(p): \(distance)")
            if tailOnly { inTail += 1 }
        }
        XCTAssertGreaterThan(inTail, 10, "the tail reaches below the body")
        // Its tip 0.2 of the height below the body, at the bottom left.
        XCTAssertEqual(bubble.signedDistance(Vec2(-80, 70)), 0, accuracy: 1e-9)
    }

    /// Near the edge, the distance changes no faster than the point moves (1-Lipschitz), for both.
    func testTheDistancesChangeNoFasterThanThePoints() {
        var generator = SeededGenerator(state: 37)
        let star = Star(outer: 40), bubble = SpeechBubble(width: 120, height: 70)
        for _ in 0..<4000 {
            let p = Vec2(Double.random(in: -70...70, using: &generator), Double.random(in: -50...70, using: &generator))
            let step = Vec2(Double.random(in: -0.5...0.5, using: &generator), Double.random(in: -0.5...0.5, using: &generator))
            XCTAssertLessThanOrEqual(abs(star.signedDistance(p + step) - star.signedDistance(p)), step.length + 1e-9)
            XCTAssertLessThanOrEqual(abs(bubble.signedDistance(p + step) - bubble.signedDistance(p)), step.length + 1e-9)
        }
    }
}
