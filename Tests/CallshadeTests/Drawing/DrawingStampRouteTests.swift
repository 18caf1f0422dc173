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

    /// The pencil's strokes, drawn as the marker's.
    static func pencilScene(at time: Double) throws -> Scene {
        let fixture = try DrawingFixture.load("pencil-routes")
        let nodes: [any SceneNode] = fixture.strokes.map {
            PencilNode(pencil: PencilStroke($0, at: time, longerSide: fixture.longerSide), colour: $0.colour, scale: 0.5)
        }
        return Scene(size: try FrameSize(width: 180, height: 320), background: GradientParameters(palette: .blueGreen, phase: 1), nodes: nodes)
    }

    func testPencilStrokesAgreeOnEveryRoute() throws {
        let matrix = RouteMatrix(gpu: try DrawingRouteTests.shared.renderer())
        for time in [0.4, 1.5] {
            let scene = try Self.pencilScene(at: time)
            let reference = try matrix.reference.render(scene)
            if ProcessInfo.processInfo.environment["CALLSHADE_DRAWING_PNG"] != nil {
                try PNGFile.write(reference, to: TestPaths.failureOutput.appendingPathComponent("drawing-pencil-\(time).png").path)
            }
            try matrix.assertEveryRouteAgrees(scene, name: "drawing-pencil-\(time)", reference: reference)
        }
    }

    /// The node's grain is the stroke's (its table holds the stroke's lattice values).
    func testThePencilNodesGrainIsTheStrokes() throws {
        let fixture = try DrawingFixture.load("pencil-routes")
        let pencil = PencilStroke(fixture.strokes[0], at: 1.5, longerSide: fixture.longerSide)
        let node = PencilNode(pencil: pencil, colour: fixture.strokes[0].colour)
        for index in [0, 7, pencil.stamps.count - 1] {
            let stamp = pencil.stamps[index]
            for step in 0..<25 {
                let point = stamp.centre + Vec2(Double(step % 5) - 2, Double(step / 5) - 2) * (node.radius / 2.5)
                let disc = Disc(centre: stamp.centre, radius: node.radius).coverage(at: point)
                XCTAssertEqual(node.coverage(ofStamp: index, at: point), disc * pencil.grain(of: stamp, at: point), accuracy: 1e-12)
            }
        }
    }
}
