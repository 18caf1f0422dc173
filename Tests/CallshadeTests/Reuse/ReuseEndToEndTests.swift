@testable import callshade
import CallshadeCore
import CallshadeGL
import CallshadeJSON
import CallshadeKinds
import CallshadeRender
import XCTest

/// Work kept between frames changes no byte (issue 47): every example,
/// over ranges that cross its events, made with reuse on (frames in order,
/// and again in a shuffled order from an empty store) and with reuse off
/// (`ReuseStore(.off)`, what `CALLSHADE_REUSE=off` gives), on each route
/// (the CPU reference, the GPU passes, host composition forced onto the
/// small frames), in RGBA and in I420: the same bytes every way. Catches a
/// key that leaves out something its value depends on (a frame takes a
/// value made for another), a value changed after it was kept, a route
/// that reuses what another route made.
final class ReuseEndToEndTests: XCTestCase {
    /// An example and the instant a range of its frames starts (1/60 s apart), just before an event.
    private struct Range {
        let example: String
        let start: Double
    }

    private static let ranges = [
        Range(example: "call", start: 2.95), Range(example: "call", start: 12.45),
        Range(example: "chat", start: 0.97), Range(example: "chat", start: 3.97), Range(example: "chat", start: 6.1),
        Range(example: "drawing", start: 2.0), Range(example: "drawing", start: 9.0),
        Range(example: "access", start: 0.6), Range(example: "access", start: 1.1),
        Range(example: "video-call", start: 5.97), Range(example: "video-call", start: 13.97),
    ]
    private static let framesPerRange = 8
    private static let size = try! FrameSize(width: 180, height: 390)

    private enum Format: String, CaseIterable {
        case rgba
        case i420
    }

    /// A scenario's frames as the commands make them, keeping their work in `reuse`.
    private static func frames(of example: String, reuse: ReuseStore) throws -> any FrameScenes {
        let file = TestPaths.packageRoot.appendingPathComponent("Examples/\(example).json").path
        let parsed = try FramedScenarios.framed(try ScenarioFile.loadAny(path: file))
        let tags = try XCTUnwrap(SceneKinds.named(parsed.scene)).tags
        return try parsed.frames(FramesRequest(file: file, size: size, layers: Set(tags), reuse: reuse)).scenes
    }

    /// The renderer of `route` keeping its work in `reuse`: host composition with a grid fine enough for these frames.
    private static func renderer(_ route: TestRoute, context: GLContext, reuse: ReuseStore) throws -> any FrameRenderer {
        switch route {
        case .reference:
            return ReferenceRenderer()
        case .passes:
            return try GPURenderer(context: context, configuration: RendererConfiguration(route: .gpuPasses, yuvConverter: .cpu), reuse: reuse)
        case .host:
            var configuration = RendererConfiguration(route: .hostComposition, yuvConverter: .cpu, gradientFactor: 2)
            configuration.minimumGridSide = 16
            return try GPURenderer(context: context, configuration: configuration, reuse: reuse)
        }
    }

    /// The frames of `range` at `instants` (their numbers in the range), each its bytes in `format`, by number.
    private static func render(_ range: Range, numbers: [Int], route: TestRoute, format: Format, context: GLContext,
                               reuse: Reuse, hits: inout Int) throws -> [Int: [UInt8]] {
        let store = ReuseStore(reuse)
        let frames = try frames(of: range.example, reuse: store)
        let renderer = try renderer(route, context: context, reuse: store)
        var made: [Int: [UInt8]] = [:]
        for number in numbers {
            let scene = try frames.scene(at: range.start + Double(number) / 60)
            switch format {
            case .rgba:
                made[number] = try renderer.render(scene).pixels
            case .i420:
                var planes: [UInt8] = []
                try renderer.renderYUV420(scene, into: &planes)
                made[number] = planes
            }
            // As `FramePipeline` does: values no frame has used for a few frames go.
            store.nextFrame()
        }
        frames.waitUntilIdle()
        hits += store.shelves.reduce(0) { $0 + $1.hits }
        return made
    }

    func testEveryExampleIsTheSameWithReuseOnAndOffInOrderAndShuffled() throws {
        let context = try GLContext()
        var random = SeededGenerator(state: 47_03)
        var compared = 0, hits = 0, hitsOff = 0
        for range in Self.ranges {
            let inOrder = Array(0..<Self.framesPerRange)
            let shuffled = inOrder.shuffled(using: &random)
            for route in TestRoute.allCases {
                for format in Format.allCases where !(route == .reference && format == .i420) {
                    let name = "\(range.example) from \(range.start) s, \(route.rawValue), \(format.rawValue)"
                    let on = try Self.render(range, numbers: inOrder, route: route, format: format, context: context, reuse: .on, hits: &hits)
                    let off = try Self.render(range, numbers: inOrder, route: route, format: format, context: context, reuse: .off, hits: &hitsOff)
                    let mixed = try Self.render(range, numbers: shuffled, route: route, format: format, context: context, reuse: .on, hits: &hits)
                    for number in inOrder {
                        let (kept, fresh, again) = (on[number] ?? [], off[number] ?? [], mixed[number] ?? [])
                        XCTAssertFalse(fresh.isEmpty, "\(name): frame \(number) made nothing")
                        XCTAssertTrue(kept == fresh, "\(name): frame \(number) with reuse on differs from reuse off: \(SampleDifferences(kept, fresh))")
                        XCTAssertTrue(again == fresh, "\(name): frame \(number) in the order \(shuffled) differs from reuse off: \(SampleDifferences(again, fresh))")
                        compared += 1
                    }
                }
            }
        }
        XCTAssertEqual(compared, Self.ranges.count * Self.framesPerRange * 5)
        XCTAssertEqual(hitsOff, 0, "reuse off found nothing kept")
        XCTAssertGreaterThan(hits, 1000, "reuse on found kept work (else the comparison proves nothing)")
    }
}
