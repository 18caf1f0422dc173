@testable import CallshadeCore
import XCTest

final class RoundedRectangleTests: XCTestCase {
    /// Random rounded rectangles (fractional places and sizes, corners from
    /// none to more than half the shorter side, slivers under a pixel):
    /// tile classification, surely-covered runs and touched spans agree
    /// with the coverage at every pixel centre.
    func testTilesRunsAndSpansHoldTheCoverageAtEveryPixel() {
        var random = SeededGenerator(state: 29_03)
        var check = ShapeCoverageCheck()
        for _ in 0..<200 {
            let width = random.pick([random.number(in: 0.2...3), random.number(in: 3...60), random.number(in: 60...220)])
            let height = random.pick([random.number(in: 0.2...3), random.number(in: 3...60), random.number(in: 60...220), width])
            let half = min(width, height) / 2
            let cornerRadius = random.pick([0, random.number(in: 0...half), half, 2 * half + 1, -3])
            let shape = RoundedRectangle(x: random.number(in: -20...40), y: random.number(in: -20...40), width: width, height: height,
                                         cornerRadius: cornerRadius)
            let region = ShapeCoverageCheck.region(x: shape.x...(shape.x + width), y: shape.y...(shape.y + height), reach: 12,
                                                   offset: (random.below(8), random.below(8)))
            check.check(shape, over: region, rules: [("coverage", shape.coverage)])
        }
        check.assertHolds("rounded rectangles", inside: 0.99, outside: 0.9, runs: 0.99)
    }

    /// Its tile classification's shortcut (a tile a pixel inside one of its
    /// straight bands is inside) gives what the four distances give
    /// (`ConvexTiles.classify`), tile for tile, and finds most tiles of a large shape.
    func testTheInsideTileShortcutGivesTheClassification() {
        var random = SeededGenerator(state: 31_17)
        var wrong = FailureCount()
        var inside = 0, tiles = 0
        for _ in 0..<300 {
            let width = random.pick([random.number(in: 0.2...3), random.number(in: 3...60), random.number(in: 60...400)])
            let height = random.pick([random.number(in: 0.2...3), random.number(in: 3...60), random.number(in: 60...400), width])
            let half = min(width, height) / 2
            let shape = RoundedRectangle(x: random.number(in: -20...40), y: random.number(in: -20...40), width: width, height: height,
                                         cornerRadius: random.pick([0, 0.5, random.number(in: 0...half), half, 2 * half + 1]))
            let region = ShapeCoverageCheck.region(x: shape.x...(shape.x + width), y: shape.y...(shape.y + height), reach: 12,
                                                   offset: (random.below(8), random.below(8)))
            let (columns, rows) = SceneTiles.count(region)
            for row in 0..<rows {
                for column in 0..<columns {
                    let box = SceneTiles.centreBox(column: column, row: row, region: region, origin: Vec2(0, 0))
                    let classified = ConvexTiles.classify(box) { shape.signedDistance($0) }
                    wrong.check(shape.tileCoverage(box) == classified, "\(shape), \(box)")
                    tiles += 1
                    if classified == .inside { inside += 1 }
                }
            }
        }
        wrong.assertNone("the inside tile shortcut")
        XCTAssertGreaterThan(inside, tiles / 10, "inside tiles, where the shortcut may apply")
    }

    /// The host glass's shortcut beside the straight part of an edge gives
    /// the full distance to the bit, in Float as in Double.
    func testTheDistanceBesideASideIsTheFullOneToTheBit() {
        var random = SeededGenerator(state: 29_31)
        var wrong = FailureCount()
        for _ in 0..<20_000 {
            let (qx, qy, radius) = (random.number(in: -300...300), -random.number(in: 0...300), random.number(in: 0...100))
            wrong.check(RoundedRectangle.signedDistanceBesideSide(qx: qx, qy: qy, radius: radius)
                        == RoundedRectangle.signedDistance(qx: qx, qy: qy, radius: radius), "\(qx), \(qy), \(radius)")
            let (x, y, r) = (Float(qx), Float(qy), Float(radius))
            wrong.check(RoundedRectangle.signedDistanceBesideSide(qx: x, qy: y, radius: r)
                        == RoundedRectangle.signedDistance(qx: x, qy: y, radius: r), "\(x), \(y), \(r) in Float")
        }
        wrong.assertNone("the distance beside a side")
    }

    /// The distance is that of a rectangle along its sides and that of a
    /// corner's circle about it; the corners are brought within half the shorter side.
    func testItsDistanceAndItsCorners() {
        let shape = RoundedRectangle(x: 10, y: 20, width: 100, height: 40, cornerRadius: 8)
        XCTAssertEqual(shape.signedDistance(Vec2(60, 15)), 5)
        XCTAssertEqual(shape.signedDistance(Vec2(60, 40)), -20)
        XCTAssertEqual(shape.signedDistance(Vec2(18 - 3, 28 - 4)), 5 - 8, accuracy: 1e-12)
        XCTAssertEqual(shape.coverage(at: Vec2(60, 20.25)), 0.75)
        XCTAssertEqual(RoundedRectangle(x: 0, y: 0, width: 30, height: 10, cornerRadius: 50).radius, 5)
        XCTAssertEqual(RoundedRectangle(x: 0, y: 0, width: 30, height: 10, cornerRadius: -1).radius, 0)
    }
}
