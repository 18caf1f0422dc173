@testable import CallshadeCore
import XCTest

final class StampStrokeTests: XCTestCase {
    private func stroke(_ tool: DrawingTool, _ points: [[Double]], colour: String = "#FF000080", size: Double = 0, seed: Int64 = 7) throws -> Stroke {
        try Stroke(index: 0, tool: tool, colour: XCTUnwrap(StrokeColour(hex: colour)), size: size, seed: seed,
                   samples: points.map { StrokeSample(x: $0[0], y: $0[1], time: $0[2]) })
    }

    /// The marker's range and its stamps' alpha, a / (W / 2) x 2.5 (at most 1).
    func testWidthAndStampAlpha() {
        XCTAssertEqual(StampWidthRange(longerSide: 1920, size: 0).width, 19.2, accuracy: 1e-12)
        XCTAssertEqual(StampWidthRange(longerSide: 1920, size: 1).width, 172.8, accuracy: 1e-12)
        XCTAssertEqual(StampWidthRange(longerSide: 100, size: 0.5).width, 15)
        XCTAssertEqual(StampWidthRange(longerSide: 1920, size: 0).stampAlpha(colourAlpha: 0.5), 0.5 / 9.6 * 2.5, accuracy: 1e-12)
        XCTAssertEqual(StampWidthRange(longerSide: 100, size: 0).stampAlpha(colourAlpha: 1), 0.5)
        XCTAssertEqual(StampWidthRange(longerSide: 100, size: 0).stampAlpha(colourAlpha: 4), 1)
    }

    /// Spacing carries across the polyline's corners; the first point is a stamp.
    func testSpacingAlongAPolyline() {
        XCTAssertEqual(StampPath.spaced([Vec2(0, 0), Vec2(10, 0)], spacing: 2).map(\.x), [0, 2, 4, 6, 8, 10])
        let corner = StampPath.spaced([Vec2(0, 0), Vec2(3, 0), Vec2(3, 3)], spacing: 2)
        XCTAssertEqual(corner, [Vec2(0, 0), Vec2(2, 0), Vec2(3, 1), Vec2(3, 3)])
        XCTAssertEqual(StampPath.spaced([Vec2(4, 4)], spacing: 2), [Vec2(4, 4)])
    }

    /// The midpoint path starts at the first sample, ends at the last, and its pieces are at most 5 px.
    func testTheFlattenedPath() {
        let points = [Vec2(0, 0), Vec2(40, 0), Vec2(40, 40), Vec2(80, 50), Vec2(81, 50)]
        let path = StampPath.flattened(points)
        XCTAssertEqual(path.first, points.first)
        XCTAssertEqual(path.last, points.last)
        for index in path.indices.dropFirst() { XCTAssertLessThanOrEqual((path[index] - path[index - 1]).length, 5 + 1e-9) }
        // The first curve passes near its control point's corner, not through it, and reaches mid(p1, p2).
        XCTAssertTrue(path.contains(Vec2(40, 20)))
        XCTAssertFalse(path.contains(Vec2(40, 0)))
        XCTAssertEqual(StampPath.flattened([Vec2(0, 0), Vec2(12, 0)]).count, 4)
    }

    /// The marker's stamps are 2 px apart along a straight stroke, chisel ellipses W by 0.35 W turned 30 degrees.
    func testMarkerStampsAreTwoPixelsApart() throws {
        let marker = MarkerStroke(try stroke(.marker, [[0, 0, 0], [50, 0, 0.5], [100, 0, 1]]), at: 1, longerSide: 1000)
        XCTAssertEqual(marker.stamps.count, 51)
        for index in marker.stamps.indices.dropFirst() {
            XCTAssertEqual((marker.stamps[index].centre - marker.stamps[index - 1].centre).length, 2, accuracy: 1e-9)
        }
        XCTAssertEqual(marker.stamps[0].a * 2, 10)
        XCTAssertEqual(marker.stamps[0].b * 2, 3.5, accuracy: 1e-12)
        XCTAssertEqual(marker.stamps[0].angle, Double.pi / 6)
        // Half way through, half the stamps.
        XCTAssertEqual(MarkerStroke(try stroke(.marker, [[0, 0, 0], [50, 0, 0.5], [100, 0, 1]]), at: 0.5, longerSide: 1000).stamps.count, 26)
        // The layer builds up where stamps overlap, and never past 1.
        let middle = marker.layerAlpha(at: Vec2(50.5, 0.5))
        XCTAssertGreaterThan(middle, marker.stampAlpha)
        XCTAssertLessThanOrEqual(middle, 1)
        XCTAssertEqual(marker.layerAlpha(at: Vec2(50, 30)), 0)
    }

    /// The pencil: the same seed gives the same stroke, another seed another grain; the grain is 0.55...1.
    func testPencilGrainIsSeeded() throws {
        let points: [[Double]] = [[0, 0, 0], [60, 20, 0.5], [120, 0, 1]]
        let a = PencilStroke(try stroke(.pencil, points, seed: 7), at: 1, longerSide: 1000)
        let b = PencilStroke(try stroke(.pencil, points, seed: 7), at: 1, longerSide: 1000)
        let c = PencilStroke(try stroke(.pencil, points, seed: 8), at: 1, longerSide: 1000)
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a.stamps.map(\.turn), c.stamps.map(\.turn))
        XCTAssertEqual(a.stamps.map(\.centre), c.stamps.map(\.centre))
        var differs = false
        for stamp in a.stamps.prefix(5) {
            for step in 0..<9 {
                let point = stamp.centre + Vec2(Double(step % 3) - 1, Double(step / 3) - 1) * 1.3
                let grain = a.grain(of: stamp, at: point)
                XCTAssertTrue((0.55...1).contains(grain), "\(grain)")
                XCTAssertEqual(grain, b.grain(of: stamp, at: point))
                if grain != c.grain(of: c.stamps[stamp.index], at: point) { differs = true }
            }
        }
        XCTAssertTrue(differs)
        // Stamps of 0.3 W every 0.1 W.
        XCTAssertEqual((a.stamps[1].centre - a.stamps[0].centre).length, 0.1 * a.width, accuracy: 1e-9)
    }
}
