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
        // Every other pixel each way (enough to find the crossings, and cheap).
        for y in stride(from: 0, to: scene.size.height, by: 2) {
            for x in stride(from: 0, to: scene.size.width, by: 2) {
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

    /// The node's bounds and tiles hold the coverage at every pixel centre
    /// (worked out here over each segment's generous box): nothing outside
    /// its region or where a tile is called outside, full coverage where opaque.
    func testTilesHoldTheCoverage() throws {
        let scene = try Self.scene(at: 1.5), (width, height) = (scene.size.width, scene.size.height)
        // The fixture's strokes, and a thick one whose single segments cover whole tiles.
        let thick = StrokeNode(segments: [TaperedCapsule(from: Vec2(60, 60), to: Vec2(100, 90), startRadius: 20, endRadius: 26)],
                               color: .white, alpha: 1)
        var opaque = 0
        for case var node as StrokeNode in scene.nodes + [thick] {
            var coverage = [Double](repeating: 0, count: width * height)
            for segment in node.segments {
                let reach = max(segment.startRadius, segment.endRadius) + 3
                let left = max(Int(min(segment.start.x, segment.end.x) - reach), 0), right = min(Int(max(segment.start.x, segment.end.x) + reach), width - 1)
                let top = max(Int(min(segment.start.y, segment.end.y) - reach), 0), bottom = min(Int(max(segment.start.y, segment.end.y) + reach), height - 1)
                guard left <= right, top <= bottom else { continue }
                for y in top...bottom {
                    for x in left...right {
                        coverage[y * width + x] = max(coverage[y * width + x], segment.coverage(at: Vec2(Double(x) + 0.5, Double(y) + 0.5)))
                    }
                }
            }
            for alpha in [node.alpha, 1] {
                node.alpha = alpha
                let region = node.bounds(in: scene.size).aligned8(within: scene.size)
                let tiles = node.tileCoverage(in: region), (columns, _) = SceneTiles.count(region)
                for y in 0..<height {
                    for x in 0..<width {
                        let covered = coverage[y * width + x]
                        guard x >= region.x, x < region.x + region.width, y >= region.y, y < region.y + region.height else {
                            XCTAssertEqual(covered, 0, "at \(x), \(y): covered outside the node's region")
                            continue
                        }
                        switch tiles[(y - region.y) / SceneTiles.side * columns + (x - region.x) / SceneTiles.side] {
                        case .outside: XCTAssertEqual(covered, 0, "at \(x), \(y): an outside tile covered")
                        case .opaque:
                            XCTAssertEqual(alpha, 1)
                            XCTAssertEqual(covered, 1, "at \(x), \(y): an opaque tile not covered")
                            opaque += 1
                        default: break
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(opaque, 0, "no tile called opaque: the check saw none")
    }
}
