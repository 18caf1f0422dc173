@testable import CallshadeCore
@testable import CallshadeGL
import CallshadePNG
import XCTest

/// Marker strokes on every route: the CPU reference (each stamp's alpha
/// times its coverage, source-over into the layer), the GPU passes (stamps
/// into a half-float layer, then composed) and host composition (the GPU's
/// tiles pasted), held to each other by the parity rule.
final class DrawingStampRouteTests: XCTestCase {
    /// The 360x640 canvas drawn at 180x320, over the gradient.
    static func scene(at time: Double) throws -> Scene {
        let fixture = try DrawingFixture.load("marker-routes")
        let nodes: [any SceneNode] = fixture.strokes.map {
            StampNode(marker: MarkerStroke($0, at: time, longerSide: fixture.longerSide), colour: $0.colour, scale: 0.5)
        }
        return Scene(size: try FrameSize(width: 180, height: 320), background: GradientParameters(palette: .blueGreen, phase: 1), nodes: nodes)
    }

    func testMarkerStrokesAgreeOnEveryRoute() throws {
        let matrix = RouteMatrix(gpu: try DrawingRouteTests.shared.renderer())
        for time in [0.4, 1.5] {
            let scene = try Self.scene(at: time)
            let reference = try matrix.reference.render(scene)
            if ProcessInfo.processInfo.environment["CALLSHADE_DRAWING_PNG"] != nil {
                try PNGFile.write(reference, to: TestPaths.failureOutput.appendingPathComponent("drawing-marker-\(time).png").path)
            }
            try matrix.assertEveryRouteAgrees(scene, name: "drawing-marker-\(time)", reference: reference)
        }
    }

    /// The reference's layer is the stamps' source-over at each pixel (the node's own rule), and zero outside its bounds.
    func testTheReferenceLayerIsTheStampsSourceOver() throws {
        let scene = try Self.scene(at: 1.5)
        let node = try XCTUnwrap(scene.nodes.first as? StampNode)
        let reference = ReferenceStamps(node: node, size: scene.size)
        for (x, y) in [(60, 60), (90, 70), (100, 100), (5, 5)] {
            let expected = node.layerAlpha(at: Vec2(Double(x) + 0.5, Double(y) + 0.5))
            let bounds = reference.bounds
            let inside = x >= bounds.x && x < bounds.x + bounds.width && y >= bounds.y && y < bounds.y + bounds.height
            let got = inside ? 1 - reference.clear[(y - bounds.y) * bounds.width + (x - bounds.x)] : 0
            XCTAssertEqual(got, expected, accuracy: 1e-12, "at \(x), \(y)")
        }
    }
}
