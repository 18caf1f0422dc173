@testable import CallshadeCore
@testable import CallshadeKinds
import XCTest

/// The full-screen effect's particles: a pure function of (seed, instant),
/// launched in a fan upwards, ballistic, all gone by 2.2 s.
final class CelebrationTests: XCTestCase {
    let palette = Palette.blueViolet.colors
    func celebration(seed: Int64 = 7, scale: Double = 3) -> Celebration {
        Celebration(seed: seed, origin: Vec2(600, 1500), scale: scale, palette: palette)
    }

    func testAnyInstantComesOnItsOwnAndTheSameAtAnyFrameRate() {
        let effect = celebration()
        // Sampled at 30 and at 60 fps, in either order, or from a fresh copy: the same particles at the same instants.
        let at30 = (0..<66).map { effect.particles(at: Double($0) / 30) }
        let at60 = (0..<132).reversed().map { celebration().particles(at: Double($0) / 60) }.reversed()
        for (index, particles) in at30.enumerated() { XCTAssertEqual(particles, Array(at60)[2 * index], "frame \(index) at 30 fps") }
        XCTAssertNotEqual(celebration(seed: 8).particles(at: 0.5), effect.particles(at: 0.5), "another seed, other particles")
    }

    func testTheyLaunchUpwardsInAFanAndAreAllGoneBy2Point2Seconds() {
        let effect = celebration()
        XCTAssertEqual(effect.particles(at: -0.01), [])
        XCTAssertEqual(effect.particles(at: Celebration.seconds), [])
        XCTAssertEqual((0..<Celebration.count).compactMap { effect.particle($0, at: 2.1999) }.count, effect.particles(at: 2.1999).count)
        XCTAssertEqual((0..<Celebration.count).filter { effect.particle($0, at: 0.13) != nil }.count, Celebration.count,
                       "every one launched within 0.12 s, none gone so soon")
        var kinds = Set<Celebration.Kind>(), colours = Set<String>()
        for index in 0..<Celebration.count {
            guard let early = effect.particle(index, at: 0.125), let later = effect.particle(index, at: 0.135) else {
                return XCTFail("particle \(index) is not on screen at 0.13 s")
            }
            // Launched upwards within 60 degrees of straight up, from the star.
            let velocity = effect.launch(index).velocity
            XCTAssertLessThan(velocity.y, 0, "particle \(index) goes up")
            XCTAssertLessThanOrEqual(abs(velocity.x), abs(velocity.y) * tan(Double.pi / 3) + 1e-9, "particle \(index) within the fan")
            XCTAssertLessThan(later.centre.y, early.centre.y, "particle \(index) still rising")
            XCTAssertTrue((4 * 3...12 * 3).contains(early.size), "\(early.size)")
            kinds.insert(early.kind)
            colours.insert("\(early.colour)")
        }
        XCTAssertEqual(kinds, Set(Celebration.Kind.allCases))
        XCTAssertEqual(colours.count, 5, "white and the palette's four")
    }

    /// Ballistic under 900 pt/s²: the second difference of a position over steps of h is g h².
    func testTheyFallUnderGravityAndFadeOverTheirLastPart() throws {
        let effect = celebration(scale: 2)
        let h = 0.01
        let found = (0..<Celebration.count).first { effect.particle($0, at: 0.5 + h) != nil && effect.particle($0, at: 0.5 - h) != nil }
        let index = try XCTUnwrap(found)
        let (a, b, c) = (effect.particle(index, at: 0.5 - h)!, effect.particle(index, at: 0.5)!, effect.particle(index, at: 0.5 + h)!)
        XCTAssertEqual(a.centre.y - 2 * b.centre.y + c.centre.y, 900 * 2 * h * h, accuracy: 1e-6)
        XCTAssertEqual(a.centre.x - 2 * b.centre.x + c.centre.x, 0, accuracy: 1e-6)
        // Each fades to 0 at its end: its alpha just before it goes is small, and 1 early on.
        for index in 0..<Celebration.count {
            let last = stride(from: 2.2, through: 0, by: -0.001).first { effect.particle(index, at: $0) != nil } ?? 0
            XCTAssertLessThan(effect.particle(index, at: last)?.alpha ?? 1, 0.01, "particle \(index)")
            XCTAssertEqual(effect.particle(index, at: 0.2)?.alpha, 1)
        }
    }
}
