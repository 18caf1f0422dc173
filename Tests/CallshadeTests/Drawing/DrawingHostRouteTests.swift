@testable import CallshadeCore
@testable import CallshadeKinds
@testable import CallshadeGL
import XCTest

/// A drawing on the host route, where the host draws the frame whole (no
/// background, so no grid: `HostPicture` for the canvas, `HostStroke` for
/// pen strokes being drawn, `HostShapes` for shapes): such frames take that
/// route and agree with the CPU reference by the parity rule; a marker
/// being drawn sends its frame to the GPU passes; the I420 planes agree
/// with the RGBA frame converted.
final class DrawingHostRouteTests: XCTestCase {
    /// DrawingSceneTests' session: a pen with an arrow, a marker, a pen drawn over it, a pencil hatch.
    static func screen() throws -> DrawingScreen { DrawingScreen(try DrawingSceneTests.scenario(), size: DrawingSceneTests.size) }

    func testPenFramesAreDrawnWholeOnTheHost() throws {
        let matrix = RouteMatrix(gpu: try DrawingRouteTests.shared.renderer())
        let screen = try Self.screen()
        // Only the canvas (0), a pen stroke growing (0.2), the arrow drawing in (0.45), all finished (3): the host draws them.
        for time in [0, 0.2, 0.45, 3] {
            let scene = screen.scene(at: time)
            XCTAssertEqual(matrix.routes(for: scene), TestRoute.allCases, "at \(time) the host draws the frame whole")
            try matrix.assertEveryRouteAgrees(scene, name: "drawing-host-\(time)")
        }
        // The marker being drawn: its stamps are the GPU's.
        let marking = screen.scene(at: 0.9)
        XCTAssertTrue(marking.nodes.contains { $0 is StampNode })
        XCTAssertEqual(matrix.routes(for: marking), [.reference, .passes])
    }

    /// DrawingSceneTests' session with a shape of every kind, filled and
    /// stroked, half of them translucent, overlapping, moving, scaling and turning.
    static func screenWithShapes() throws -> DrawingScreen {
        let base = try DrawingSceneTests.scenario()
        let entities = ShapeEntity.Kind.allCases.enumerated().flatMap { index, kind in
            [true, false].map { fill -> ShapeEntity in
                let x = 60 + Double(index % 3) * 120 + (fill ? 0 : 30), y = 80 + Double(index / 3) * 260 + (fill ? 0 : 90)
                return ShapeEntity(kind: kind, fill: fill, colour: StrokeColour(color: RGB(0.2 + 0.15 * Double(index), 0.3, 0.8), alpha: fill ? 1 : 0.6),
                                   width: 7, w: 150, h: 100,
                                   keys: [EntityKey(at: 0, x: x, y: y), EntityKey(at: 2, x: x + 40, y: y + 60, scale: 1.4, rotation: 75)])
            }
        }
        return DrawingScreen(DrawingScenario(settings: base.settings, canvas: base.canvas, strokes: base.strokes, entities: entities),
                             size: DrawingSceneTests.size)
    }

    func testShapesAreDrawnWholeOnTheHost() throws {
        let matrix = RouteMatrix(gpu: try DrawingRouteTests.shared.renderer())
        let screen = try Self.screenWithShapes()
        // Shapes popping in, over a pen stroke growing, mid-spring, at rest over the finished strokes.
        for time in [0.1, 0.45, 1.3, 3] {
            let scene = screen.scene(at: time)
            XCTAssertTrue(scene.nodes.contains { $0 is ShapesNode }, "at \(time)")
            XCTAssertEqual(matrix.routes(for: scene), TestRoute.allCases, "at \(time) the host draws the frame whole")
            try matrix.assertEveryRouteAgrees(scene, name: "drawing-shapes-host-\(time)")
        }
        // A block's chroma is mixed by its mean amount over its mean colour below, where the RGBA frame
        // mixes each pixel over its own: a shape's edge along a dark stroke's edge in the same 2x2 block
        // differs by up to a quarter of their colours' difference (here 6 levels of Cb at 3 s, 4 at 1.3 s).
        try matrix.assertHostPlanesMatchConvertedFrame(screen.scene(at: 1.3), maxDelta: 6)
        try matrix.assertHostPlanesMatchConvertedFrame(screen.scene(at: 3), maxDelta: 6)
    }

    func testPlanesMatchTheConvertedFrame() throws {
        let matrix = RouteMatrix(gpu: try DrawingRouteTests.shared.renderer())
        let scene = try Self.screen().scene(at: 0.45)
        try matrix.assertHostPlanesMatchConvertedFrame(scene)
    }
}
