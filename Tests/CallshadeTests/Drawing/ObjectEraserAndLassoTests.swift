@testable import CallshadeCore
@testable import CallshadeKinds
import XCTest

/// The object eraser's contact and the lasso's geometry (`drawing-tools.md`
/// sections 1 and 2) against the spec's worked examples on a 1080x1920 canvas.
final class ObjectEraserAndLassoTests: XCTestCase {
    /// Pen W (size 0.23) 33.869, eraser W (0.5) 96.0, contact at 64.934; the
    /// eraser down x 540 from y 500 at 2.0 s to 1100 at 2.6 s meets the line y
    /// 800 at 2.23507 s; half alpha at 2.33507 s, gone from 2.43507 s.
    func testTheEraserWorkedExample() throws {
        let pen = PenWidthRange(longerSide: 1920, size: 0.23).width, eraser = PenWidthRange.eraser(longerSide: 1920, size: 0.5).width
        XCTAssertEqual(pen, 33.869, accuracy: 0.0005)
        XCTAssertEqual(eraser, 96.0, accuracy: 1e-9)
        let reach = (pen + eraser) / 2
        XCTAssertEqual(reach, 64.934, accuracy: 0.0005)
        let tau = try XCTUnwrap(ObjectEraserContact.instant(eraser: [StrokeSample(x: 540, y: 500, time: 2), StrokeSample(x: 540, y: 1100, time: 2.6)],
                                                            path: [Vec2(200, 800), Vec2(880, 800)], distance: reach))
        XCTAssertEqual(tau, 2.23507, accuracy: 0.000005)
        XCTAssertEqual(ObjectEraserContact.opacity(at: tau + 0.1, touched: tau), 0.5, accuracy: 1e-9)
        XCTAssertEqual(ObjectEraserContact.opacity(at: tau + 0.2, touched: tau), 0)
        XCTAssertEqual(ObjectEraserContact.opacity(at: tau - 0.01, touched: tau), 1)
    }

    /// Past the line's end the eraser meets the disc at its end; already within reach at its first sample it touches then; far off, never.
    func testContactAtAnEndAtTheStartAndNever() throws {
        let path = [Vec2(200, 800), Vec2(880, 800)]
        // Down x 900 (20 px past the end): it enters the end's disc at y = 800 - sqrt(50^2 - 20^2).
        let atEnd = try XCTUnwrap(ObjectEraserContact.instant(eraser: [StrokeSample(x: 900, y: 500, time: 0), StrokeSample(x: 900, y: 1100, time: 6)],
                                                              path: path, distance: 50))
        XCTAssertEqual(atEnd, (300 - (2500.0 - 400).squareRoot()) / 100, accuracy: 1e-9)
        XCTAssertEqual(ObjectEraserContact.instant(eraser: [StrokeSample(x: 500, y: 820, time: 1), StrokeSample(x: 500, y: 1500, time: 2)],
                                                   path: path, distance: 50), 1)
        XCTAssertNil(ObjectEraserContact.instant(eraser: [StrokeSample(x: 100, y: 100, time: 0), StrokeSample(x: 1000, y: 100, time: 1)],
                                                 path: path, distance: 50))
    }

    /// The lasso (100,100)-(500,500): A 8/10 inside, selected; B 3/10, not; C
    /// 5/10, selected. The hull of A and C (300,60) (680,300) (300,510),
    /// perimeter 1333.61; grown by 33.869: 1546.41 px, 31.91 periods of 48.46 px.
    func testTheLassoWorkedExample() {
        let lasso = [Vec2(100, 100), Vec2(500, 100), Vec2(500, 500), Vec2(100, 500)]
        let a = (0..<10).map { Vec2(300, 60 + 50 * Double($0)) }
        let b = (0..<10).map { Vec2(400 + 40 * Double($0), 300) }
        let c = (0..<10).map { Vec2(320 + 40 * Double($0), 300) }
        XCTAssertEqual(a.filter { LassoGeometry.isInside($0, polygon: lasso) }.count, 8)
        XCTAssertEqual(b.filter { LassoGeometry.isInside($0, polygon: lasso) }.count, 3)
        XCTAssertEqual(c.filter { LassoGeometry.isInside($0, polygon: lasso) }.count, 5)
        XCTAssertEqual([a, b, c].map { LassoGeometry.selects($0, polygon: lasso) }, [true, false, true])
        let hull = LassoGeometry.hull(a + c)
        XCTAssertEqual(hull, [Vec2(300, 60), Vec2(680, 300), Vec2(300, 510)], "clockwise on screen from the top-most")
        XCTAssertEqual(LassoGeometry.grownPerimeter(hull, by: 0), 1333.61, accuracy: 0.005)
        let grown = LassoGeometry.grownPerimeter(hull, by: PenWidthRange(longerSide: 1920, size: 0.23).width)
        XCTAssertEqual(grown, 1546.41, accuracy: 0.005)
        let period = LassoGeometry.periodPoints * 1080 / 390
        XCTAssertEqual(period, 48.46, accuracy: 0.005)
        XCTAssertEqual(grown / period, 31.91, accuracy: 0.005)
    }

    /// A sample on an edge counts as outside; the dashes' phase runs 0 to 17.5 pt every 0.45 s.
    func testEdgesAndThePhase() {
        let square = [Vec2(0, 0), Vec2(10, 0), Vec2(10, 10), Vec2(0, 10)]
        XCTAssertFalse(LassoGeometry.isInside(Vec2(10, 5), polygon: square))
        XCTAssertFalse(LassoGeometry.isInside(Vec2(5, 0), polygon: square))
        XCTAssertTrue(LassoGeometry.isInside(Vec2(5, 5), polygon: square))
        XCTAssertEqual(LassoGeometry.phase(at: 1.225, start: 1), 8.75, accuracy: 1e-9)
        XCTAssertEqual(LassoGeometry.phase(at: 1.5625, start: 1), 4.375, accuracy: 1e-9, "a turn and a quarter")
        XCTAssertEqual(LassoGeometry.hull([Vec2(5, 5)]), [Vec2(5, 5)])
        XCTAssertEqual(LassoGeometry.grownPerimeter([Vec2(5, 5)], by: 3), 6 * Double.pi, accuracy: 1e-12, "a single point's outline is a disc")
    }

    /// The runs' boxes only leave out segments that cannot be met: over
    /// seeded random paths and erasers, the contact is the one every pair
    /// of segments tested gives.
    func testTheCulledContactIsEveryPairs() {
        let random = CounterRandom(seed: 55, domain: 1)
        var met = 0
        for trial in 0..<200 {
            func point(_ k: Int, _ salt: UInt64) -> Vec2 {
                Vec2(1000 * random.unit(UInt64(trial), salt + 2 * UInt64(k)), 1000 * random.unit(UInt64(trial), salt + 2 * UInt64(k) + 1))
            }
            let path = (0..<(1 + trial % 90)).map { point($0, 0) }
            let eraser = (0..<(1 + trial % 7)).map { StrokeSample(x: point($0, 10_000).x, y: point($0, 10_000).y, time: Double($0)) }
            let distance = 5 + 60 * random.unit(UInt64(trial), 99_999)
            let culled = ObjectEraserContact.Target(path).contact(eraser: eraser, distance: distance)
            // Every pair.
            let segments = path.count == 1 ? [(path[0], path[0])] : Array(zip(path, path.dropFirst()))
            var everyPair: Double?
            if segments.contains(where: { ObjectEraserContact.distance(from: eraser[0].position, to: $0) <= distance }) {
                everyPair = eraser[0].time
            } else {
                for (from, to) in zip(eraser, eraser.dropFirst()) {
                    if let s = segments.compactMap({ ObjectEraserContact.entry(from: from.position, to: to.position, capsule: $0, radius: distance) }).min() {
                        everyPair = from.time + s * (to.time - from.time)
                        break
                    }
                }
            }
            XCTAssertEqual(culled, everyPair, "trial \(trial)")
            if culled != nil { met += 1 }
        }
        XCTAssertGreaterThan(met, 20, "enough of the trials meet their path")
        XCTAssertLessThan(met, 190, "enough of them miss it")
    }
}
