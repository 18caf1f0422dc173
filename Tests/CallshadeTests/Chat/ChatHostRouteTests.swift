@testable import CallshadeCore
@testable import CallshadeKinds
@testable import CallshadeGL
import CallshadeSVG
import CallshadeText
import XCTest

/// The chat on the host route, where the host draws the frame whole (no
/// background, so no grid: `HostWallpaper`, `HostBubbles`, the words'
/// `HostMarks`): a conversation like the example's takes that route and
/// agrees with the CPU reference by the parity rule; its I420 planes agree
/// with its RGBA frame converted; how the rows are cut into bands changes
/// no byte; and what a bubble's row surely fills is wholly its fill by the
/// reference's own coverage.
final class ChatHostRouteTests: XCTestCase {
    static let shared = SharedGPURenderer()
    override class func tearDown() {
        shared.release()
        super.tearDown()
    }

    /// The example's conversation at `size` and `time`: the pattern at 50, messages, sends, a read.
    static func conversation(size: FrameSize, at time: Double) throws -> Scene {
        let scenario = ChatScenario(settings: ScenarioSettings(duration: 6),
                                    wallpaper: ChatWallpaper(patternPath: "chat-pattern.svg", intensity: 50), messages: [
            ChatMessage(side: .incoming, text: "Are you coming to the park later?", time: "12:36"),
            ChatMessage(side: .outgoing, text: "Yes!", time: "12:37"),
            ChatMessage(side: .outgoing, text: "At five, by the fountain. I'll bring the frisbee and something cold.", time: "12:37",
                        status: .sent),
            ChatMessage(side: .incoming, text: "Perfect", time: "12:38"),
        ], events: [
            ChatEvent(at: 1, change: .send(text: "Great, see you there", kind: nil, time: nil), index: 0),
            ChatEvent(at: 2, change: .read, index: 1),
        ])
        let mask = try PatternDrawing.mask(file: TestPaths.packageRoot.appendingPathComponent("Examples/chat-pattern.svg").path, size: size)
        let text = try TextSetter(scale: Double(size.width) / 390, texts: ChatKind.elements.texts(for: scenario))
        return ChatScreen(scenario, size: size, pattern: mask, text: text).scene(at: time)
    }

    func testAConversationTakesTheHostRouteAndAgreesWithTheReference() throws {
        let matrix = RouteMatrix(gpu: try Self.shared.renderer())
        // At the example's own size and at an odd one; mid-step (the wallpaper moving) and with the read's check popping.
        for (width, height, time) in [(390, 844, 1.1), (271, 587, 2.05)] {
            let scene = try Self.conversation(size: try FrameSize(width: width, height: height), at: time)
            XCTAssertNotNil(scene.node(BubbleNode.self))
            XCTAssertEqual(matrix.routes(for: scene), TestRoute.allCases, "\(width)x\(height): the host draws a chat frame whole")
            try matrix.assertEveryRouteAgrees(scene, name: "chat-host-\(width)x\(height)")
        }
    }

    func testPlanesMatchTheConvertedFrame() throws {
        let matrix = RouteMatrix(gpu: try Self.shared.renderer())
        let scene = try Self.conversation(size: try FrameSize(width: 390, height: 844), at: 2.05)
        try matrix.assertHostPlanesMatchConvertedFrame(scene)
    }

    /// The wallpaper drawn in one band, or cut into bands at other (even) rows, is the same bytes, RGBA and I420.
    func testBandsChangeNoByte() throws {
        let size = try FrameSize(width: 134, height: 290)
        let scene = try Self.conversation(size: size, at: 1.1)
        let node = try XCTUnwrap(scene.node(WallpaperNode.self))
        let wallpaper = HostWallpaper(node, size: size, dither: false)
        func drawn(_ cuts: [Int], yuv: Bool) -> [UInt8] {
            var pixels = [UInt8](repeating: 7, count: yuv ? YUV420.frameBytes(width: size.width, height: size.height) : size.pixelCount * 4)
            pixels.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                let edges = [0] + cuts + [size.height]
                for (top, bottom) in zip(edges, edges.dropFirst()) {
                    if yuv { wallpaper.drawYUV420(into: base, rows: top..<bottom) } else { wallpaper.draw(into: base, rows: top..<bottom) }
                }
            }
            return pixels
        }
        for yuv in [false, true] {
            let whole = drawn([], yuv: yuv)
            XCTAssertEqual(drawn([2, 64, 130, 288], yuv: yuv), whole, "yuv \(yuv)")
            XCTAssertEqual(drawn([146], yuv: yuv), whole, "yuv \(yuv)")
            XCTAssertFalse(whole.contains(7) && Set(whole).count == 1, "it drew")
        }
    }

    /// In I420 the wallpaper drawn only over some runs of tiles (what the tile plan leaves it under the
    /// bars' glass) is the whole drawing's bytes on every pixel of those tiles and every chroma block in them.
    func testTheWallpaperOverSomeTilesIsTheWholeDrawingThere() throws {
        let size = try FrameSize(width: 134, height: 290)
        let scene = try Self.conversation(size: size, at: 1.1)
        let node = try XCTUnwrap(scene.node(WallpaperNode.self))
        let shown = [PixelRect(x: 0, y: 0, width: 8, height: 40), PixelRect(x: 128, y: 0, width: 6, height: 40),
                     PixelRect(x: 0, y: 40, width: 134, height: 16), PixelRect(x: 40, y: 56, width: 24, height: 8),
                     PixelRect(x: 16, y: 200, width: 8, height: 90), PixelRect(x: 96, y: 200, width: 38, height: 90)]
        func drawn(_ wallpaper: HostWallpaper) -> [UInt8] {
            var planes = [UInt8](repeating: 7, count: YUV420.frameBytes(width: size.width, height: size.height))
            planes.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                for (top, bottom) in [(0, 64), (64, 202), (202, 290)] { wallpaper.drawYUV420(into: base, rows: top..<bottom) }
            }
            return planes
        }
        let whole = drawn(HostWallpaper(node, size: size, dither: false))
        let some = drawn(HostWallpaper(node, size: size, dither: false, shown: shown))
        var compared = 0
        let chroma = (size.width / 2) * (size.height / 2)
        for rect in shown {
            for y in rect.y..<rect.y + rect.height {
                for x in rect.x..<rect.x + rect.width {
                    XCTAssertEqual(some[y * size.width + x], whole[y * size.width + x], "Y at (\(x), \(y))")
                    compared += 1
                    guard x % 2 == 0, y % 2 == 0, x / 2 < size.width / 2, y / 2 < size.height / 2 else { continue }
                    for plane in 0..<2 {
                        let at = size.pixelCount + plane * chroma + (y / 2) * (size.width / 2) + x / 2
                        XCTAssertEqual(some[at], whole[at], "chroma \(plane) at (\(x / 2), \(y / 2))")
                    }
                }
            }
        }
        XCTAssertEqual(compared, shown.reduce(0) { $0 + $1.width * $1.height })
        // Far from every shown tile nothing was drawn.
        XCTAssertEqual(some[100 * size.width + 70], 7)
        XCTAssertNotEqual(whole[100 * size.width + 70], 7)
    }

    /// A frame whose wallpaper is the last frame's copies the host's kept
    /// wallpaper (`KeptSamples`, in the reuse store) rather than drawing it: the same bytes
    /// as drawing it afresh, RGBA and I420.
    func testAKeptWallpaperChangesNoByte() throws {
        let matrix = RouteMatrix(gpu: try Self.shared.renderer())
        let size = try FrameSize(width: 390, height: 844)
        // The send's step is over by 1.3 s: 1.6 and 1.7 show the same wallpaper, 0.5 another.
        let (before, still, other) = (try Self.conversation(size: size, at: 1.6), try Self.conversation(size: size, at: 1.7),
                                      try Self.conversation(size: size, at: 0.5))
        XCTAssertEqual(before.node(WallpaperNode.self), still.node(WallpaperNode.self))
        XCTAssertNotEqual(other.node(WallpaperNode.self), still.node(WallpaperNode.self))
        let host = try XCTUnwrap(matrix.renderer(.host, for: still) as? GPURenderer)
        XCTAssertNil(matrix.fallback(of: host, .host, for: still))
        var planes: [UInt8] = []
        _ = try host.render(other)
        try host.renderYUV420(other, into: &planes)
        let drawn = try host.render(still)
        var drawnPlanes: [UInt8] = []
        try host.renderYUV420(still, into: &drawnPlanes)
        _ = try host.render(before)
        try host.renderYUV420(before, into: &planes)
        let copied = try host.render(still)
        var copiedPlanes: [UInt8] = []
        try host.renderYUV420(still, into: &copiedPlanes)
        XCTAssertEqual(copied, drawn, "RGBA")
        XCTAssertEqual(copiedPlanes, drawnPlanes, "I420")
    }

    /// Bodies of many sizes and corners (merged 8 against 16, radii clamped
    /// to small bodies), at several scales: every pixel centre of a row that
    /// `PlacedBubble.surelyFilled` gives is wholly fill and no outline by
    /// `Bubble.coverage(at:)`, the reference's; and the runs are not empty
    /// where the body is wide and tall.
    func testSurelyFilledRunsAreAllFill() {
        var generator = SeededGenerator(state: 32)
        var checked = 0
        for _ in 0..<300 {
            let scale = [1.0, 2.0, 2.77, 3.0][Int.random(in: 0..<4, using: &generator)]
            let width = Double.random(in: 4...300, using: &generator) * scale / 2, height = Double.random(in: 4...120, using: &generator) * scale / 2
            let radius = { [8 * scale, 16 * scale, 0][Int.random(in: 0..<3, using: &generator)] }
            let body = BubbleBody(x: Double.random(in: 0...40, using: &generator), y: Double.random(in: 0...40, using: &generator),
                                  width: width, height: height, radii: (radius(), radius(), radius(), radius()))
            let outgoing = Bool.random(using: &generator)
            let tail = Bool.random(using: &generator)
                ? BubbleNode.Bubble.Tail(corner: Vec2(outgoing ? body.x + width : body.x, body.y + height), scale: scale, mirrored: !outgoing) : nil
            let bubble = BubbleNode.Bubble(body: body, tail: tail, fill: .white, outlineAlpha: 0.2, outlineHalfWidth: 0.3 * scale)
            let placed = PlacedBubble(bubble)
            var filled = 0
            for row in Int(body.y)..<Int(body.y + height) + 1 {
                let centreY = Double(row) + 0.5
                guard let run = placed.surelyFilled(atRow: centreY) else { continue }
                var x = (run.lowerBound - 0.5).rounded(.up) + 0.5
                while x <= run.upperBound {
                    let (fill, outline) = bubble.coverage(at: Vec2(x, centreY))
                    XCTAssertEqual(fill, 1, "\(body) at (\(x), \(centreY))")
                    XCTAssertEqual(outline, 0, "\(body) at (\(x), \(centreY))")
                    if fill != 1 || outline != 0 { return }
                    filled += 1
                    x += 1
                }
            }
            if width > 100, height > 100 { XCTAssertGreaterThan(filled, Int(width * height / 3), "\(body): runs this body surely fills") }
            checked += filled
        }
        XCTAssertGreaterThan(checked, 10_000)
    }
}
