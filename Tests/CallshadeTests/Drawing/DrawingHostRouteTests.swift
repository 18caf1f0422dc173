@testable import CallshadeCore
@testable import CallshadeGL
import XCTest

/// A drawing on the host route, where the host draws the frame whole (no
/// background, so no grid: `HostPicture` for the canvas, `HostStroke` for
/// pen strokes being drawn): such frames take that route and agree with the
/// CPU reference by the parity rule; a marker being drawn sends its frame
/// to the GPU passes; the I420 planes agree with the RGBA frame converted.
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

    func testPlanesMatchTheConvertedFrame() throws {
        let matrix = RouteMatrix(gpu: try DrawingRouteTests.shared.renderer())
        let scene = try Self.screen().scene(at: 0.45)
        try matrix.assertHostPlanesMatchConvertedFrame(scene)
    }
}
