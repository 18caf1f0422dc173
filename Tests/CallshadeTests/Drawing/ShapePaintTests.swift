@testable import CallshadeCore
import XCTest

/// The shapes' polygons, paints across their boxes, fades down the frame and
/// soft edges (what the editor's tools are drawn with, `editor.md` section
/// 2.2): their rules, and the same frame on every route.
final class ShapePaintTests: XCTestCase {
    func testPaintsFadesAndSoftEdgesFollowTheirRules() {
        let red = RGB(1, 0, 0), blue = RGB(0, 0, 1)
        let linear = ShapePaint.across([ShapePaintStop(0, red), ShapePaintStop(0.5, blue)], steps: false)
        XCTAssertEqual(linear.colour(at: -1, solid: .white), red)
        XCTAssertEqual(linear.colour(at: 0.25, solid: .white), RGB(0.5, 0, 0.5))
        XCTAssertEqual(linear.colour(at: 0.9, solid: .white), blue)
        let steps = ShapePaint.across([ShapePaintStop(0, red), ShapePaintStop(0.25, blue), ShapePaintStop(0.75, red)], steps: true)
        XCTAssertEqual(steps.colour(at: 0.24, solid: .white), red)
        XCTAssertEqual(steps.colour(at: 0.25, solid: .white), blue)
        XCTAssertEqual(steps.colour(at: 0.8, solid: .white), red)
        XCTAssertEqual(ShapePaint.solid.colour(at: 0.5, solid: .white), .white)
        let fade = ShapeFade(start: 100, end: 120)
        XCTAssertEqual(fade.share(atY: 99), 1)
        XCTAssertEqual(fade.share(atY: 110), 0.5)
        XCTAssertEqual(fade.share(atY: 121), 0)
        XCTAssertEqual(SoftEdge.coverage(signedDistance: 0, sigma: 3), 0.5, accuracy: 1e-6)
        XCTAssertEqual(SoftEdge.coverage(signedDistance: -3, sigma: 3), 0.841345, accuracy: 1e-6)
        XCTAssertEqual(SoftEdge.coverage(signedDistance: 6, sigma: 3), 0.022750, accuracy: 1e-6)
        XCTAssertEqual(SoftEdge.coverage(signedDistance: 12, sigma: 3), 0, "nothing from 4 sigma out")
    }

    /// A polygon's distance is the even-odd rule's, exact at the edges.
    func testAPolygonIsFilledWhereItsOutlineSays() {
        let cone = PlacedShape(geometry: .polygon([Vec2(18.5, 13), Vec2(21.5, 13), Vec2(37, 80), Vec2(37, 176), Vec2(3, 176), Vec2(3, 80)]),
                               stroke: 0, centre: Vec2(0, 0), scale: 1, rotation: 0, color: .white, alpha: 1)
        XCTAssertEqual(cone.signedDistance(Vec2(20, 100)), -17, accuracy: 1e-9)
        XCTAssertEqual(cone.signedDistance(Vec2(20, 10)), 3, accuracy: 1e-9)
        XCTAssertEqual(cone.localBox.left, 3)
        XCTAssertEqual(cone.localBox.bottom, 176)
    }

    func testEveryRouteAgrees() throws {
        let size = try FrameSize(width: 160, height: 120)
        // Off its centre, as the tools' parts are.
        let band = RoundedRectangle(x: -12, y: -9, width: 40, height: 12, cornerRadius: 2)
        let paint = ShapePaint.across([ShapePaintStop(0, RGB(0.4, 0.1, 0.1)), ShapePaintStop(0.15, RGB(0.9, 0.2, 0.2)),
                                       ShapePaintStop(0.85, RGB(0.9, 0.2, 0.2)), ShapePaintStop(1, RGB(0.4, 0.1, 0.1))], steps: false)
        let stepped = ShapePaint.across([ShapePaintStop(0, RGB(0.1, 0.3, 0.6)), ShapePaintStop(0.25, RGB(0.2, 0.5, 1)),
                                         ShapePaintStop(0.75, RGB(0.1, 0.3, 0.6))], steps: true)
        let polygon = [Vec2(18.5, 13), Vec2(21.5, 13), Vec2(37, 80), Vec2(37, 176), Vec2(3, 176), Vec2(3, 80)].map { $0 - Vec2(20, 88) }
        let shapes = [
            PlacedShape(geometry: .polygon(polygon), stroke: 0, centre: Vec2(30, 60), scale: 0.55, rotation: 0, color: RGB(0.23, 0.23, 0.23), alpha: 1,
                        fade: ShapeFade(start: 80, end: 100)),
            PlacedShape(geometry: .rectangle(band), stroke: 0, centre: Vec2(80, 30), scale: 1.3, rotation: 0, color: .white, alpha: 1, paint: paint),
            PlacedShape(geometry: .rectangle(band), stroke: 0, centre: Vec2(80, 60), scale: 1.3, rotation: 0.2, color: .white, alpha: 0.8, paint: stepped),
            PlacedShape(geometry: .rectangle(RoundedRectangle(x: -3, y: -12, width: 18, height: 15, cornerRadius: 4)), stroke: 0, centre: Vec2(125, 70),
                        scale: 1.5, rotation: 0, color: RGB(0.2, 1, 0.67), alpha: 0.8, softness: 4.5),
            PlacedShape(geometry: .polygon([Vec2(11, 28), Vec2(11, 19), Vec2(27, 9.3), Vec2(29, 11), Vec2(29, 28)].map { $0 - Vec2(20, 18) }), stroke: 0,
                        centre: Vec2(125, 30), scale: 2, rotation: 0, color: RGB(1, 0.9, 0.1), alpha: 1),
        ]
        // The weight slider's wedge, the Undo icon (lines and an arc, one outline, at 0.3) and the colour ring (conic).
        let ring = ShapePaint.conic([ShapePaintStop(0, RGB(0.88, 0.34, 0.3)), ShapePaintStop(0.3, RGB(0.34, 0.62, 0.95)),
                                     ShapePaintStop(0.6, RGB(0.5, 0.9, 0.33)), ShapePaintStop(0.9, RGB(0.9, 0.59, 0.27)),
                                     ShapePaintStop(1, RGB(0.88, 0.34, 0.3))], start: 0.0997)
        let undo = PlacedShape.Geometry.lines([.init(Vec2(8, 4.5), Vec2(4.25, 8.25)), .init(Vec2(4.25, 8.25), Vec2(8, 12)),
                                               .init(Vec2(4.25, 8.25), Vec2(16.25, 8.25)), .init(Vec2(16.25, 20.25), Vec2(4.25, 20.25))],
                                              arc: ShapeArc(centre: Vec2(16.25, 14.25), radius: 6, start: -Double.pi / 2, sweep: Double.pi))
        let more = [
            PlacedShape(geometry: .taperedCapsule(TaperedCapsule(from: Vec2(-30, 0), to: Vec2(25, 0), startRadius: 1, endRadius: 6)), stroke: 0,
                        centre: Vec2(50, 100), scale: 1.2, rotation: 0, color: RGB(0.6, 0.6, 0.6), alpha: 0.9),
            PlacedShape(geometry: undo, stroke: 0.83, centre: Vec2(5, 5), scale: 2.5, rotation: 0, color: .white, alpha: 0.3),
            PlacedShape(geometry: .ellipse(a: 15, b: 15), stroke: 1.5, centre: Vec2(125, 100), scale: 0.9, rotation: 0, color: .white, alpha: 1, paint: ring),
        ]
        var scene = Scene(size: size, background: nil)
        scene.nodes = [PictureNode(.colour(RGB(0.05, 0.05, 0.07))), ShapesNode(shapes: shapes + more)]
        let matrix = RouteMatrix(gpu: try DrawingRouteTests.shared.renderer())
        try matrix.assertEveryRouteAgrees(scene, name: "shape-paint")
    }
}
