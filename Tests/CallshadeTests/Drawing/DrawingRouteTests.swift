@testable import CallshadeCore
@testable import CallshadeGL
import CallshadePNG
import XCTest

/// Pen strokes on every route: the CPU reference (coverage of the union
/// of capsules, the alpha once per stroke), the GPU passes (segments into
/// a coverage target, then composed) and host composition (the GPU's tiles
/// pasted), held to each other by the parity rule.
final class DrawingRouteTests: XCTestCase {
    static let shared = SharedGPURenderer()
    override class func tearDown() {
        shared.release()
        super.tearDown()
    }

    /// The frame scale: the 360x640 canvas drawn at 180x320.
    static let scale = 0.5

    /// The fixture's strokes as drawn at `time`, one node each, over the gradient (or nothing).
    static func scene(at time: Double, background: Bool = true) throws -> Scene {
        let fixture = try DrawingFixture.load("pen-routes")
        let nodes: [any SceneNode] = fixture.strokes.map {
            StrokeNode(pen: PenStroke($0, at: time, longerSide: fixture.longerSide), colour: $0.colour, scale: scale)
        }
        return Scene(size: try FrameSize(width: 180, height: 320), background: background ? GradientParameters(palette: .blueGreen, phase: 1) : nil,
                     nodes: nodes)
    }

    /// Mid-stroke, at the arrow's draw-in and finished: every route agrees with the reference.
    func testPenStrokesAgreeOnEveryRoute() throws {
        let matrix = RouteMatrix(gpu: try Self.shared.renderer())
        for time in [0.43, 0.82, 1.5] {
            let scene = try Self.scene(at: time)
            XCTAssertEqual(matrix.routes(for: scene), TestRoute.allCases)
            let reference = try matrix.reference.render(scene)
            if ProcessInfo.processInfo.environment["CALLSHADE_DRAWING_PNG"] != nil {
                try PNGFile.write(reference, to: TestPaths.failureOutput.appendingPathComponent("drawing-pen-\(time).png").path)
            }
            try matrix.assertEveryRouteAgrees(scene, name: "drawing-pen-\(time)", reference: reference)
        }
    }

    /// Where the half-alpha loop crosses itself its colour is what one layer
    /// gives (its alpha once), and the ink is there at all: on the reference and the GPU.
    func testOverlapsWithinAStrokeDoNotDarken() throws {
        let scene = try Self.scene(at: 1.5, background: false)
        let loop = try XCTUnwrap(scene.nodes.first as? StrokeNode)
        // Pixels the loop surely covers, more than one segment of it far apart along the stroke.
        var crossings: [(Int, Int)] = []
        for y in 0..<scene.size.height {
            for x in 0..<scene.size.width {
                let centre = Vec2(Double(x) + 0.5, Double(y) + 0.5)
                let covering = loop.segments.indices.filter { loop.segments[$0].coverage(at: centre) == 1 }
                if let first = covering.first, let last = covering.last, last - first > 100 { crossings.append((x, y)) }
            }
        }
        XCTAssertFalse(crossings.isEmpty, "the loop does not cross itself")
        let expected = UInt8((loop.opacity * 255).rounded())
        for (name, renderer) in [("reference", ReferenceRenderer() as any FrameRenderer),
                                 ("passes", try Self.shared.renderer().reconfigured(RendererConfiguration(route: .gpuPasses, yuvConverter: .cpu)))] {
            let image = try renderer.render(Scene(size: scene.size, background: nil, nodes: [loop]))
            for (x, y) in crossings {
                let alpha = image.pixels[(y * image.width + x) * 4 + 3]
                XCTAssertLessThanOrEqual(abs(Int(alpha) - Int(expected)), 1, "\(name) at \(x), \(y): alpha \(alpha), one layer \(expected)")
            }
        }
    }
}
