@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeGL
import CallshadePNG
import CallshadeText
import Foundation
import XCTest

/// The chat's bars, date pill and emoji messages (chat, sections 2.1 to 2.4
/// and 2.9), and the commands that draw chat scenarios (`render`, `sheet`,
/// `frame` with `--layers`).
final class ChatBarsTests: XCTestCase {
    func width(_ text: String, _ style: TextStyle) -> Double { Double(text.count) * (style.points == 17 ? 8 : 5) }

    /// An emoji message: a 96-pt box 11 pt from the edge, no tail, its pill at the box's bottom-right; it merges with nothing.
    func testAnEmojiMessageIsABoxWithItsTimeInAPill() {
        let messages = [ChatMessage(side: .outgoing, text: "Hi", time: "12:38"),
                        ChatMessage(side: .outgoing, text: "\u{1F389}", time: "12:39"),
                        ChatMessage(side: .incoming, text: "\u{2764}\u{FE0F}", time: "12:40")]
        XCTAssertEqual(messages.map(\.isEmoji), [false, true, true])
        let placed = ChatMessageLayout(messages, width: width).placed
        XCTAssertEqual(placed.map(\.isEmoji), [false, true, true])
        XCTAssertEqual([placed[1].frame.x, placed[1].frame.width, placed[1].frame.height], [390 - 11 - 96, 96, 96])
        XCTAssertEqual(placed[2].frame.x, 11)
        XCTAssertEqual(placed[2].frame.bottom, 765 - 4 - 7.0 / 3, accuracy: 1e-9)
        // Not merged: the bubble above keeps its tail and round corners (square where the tail attaches), 14/3 pt above the emoji.
        XCTAssertTrue(placed[0].hasTail)
        XCTAssertEqual(placed[0].radii, [16, 16, 0, 16])
        XCTAssertEqual(placed[1].frame.y - placed[0].frame.bottom, 14.0 / 3, accuracy: 1e-9)
        // The pill: 18 high at the box's bottom-right, the status box (10 + time + 13) and 4 pt for the second check.
        let pill = placed[1].pill
        XCTAssertEqual(pill?.right, 379)
        XCTAssertEqual(pill?.bottom ?? 0, placed[1].frame.bottom, accuracy: 1e-9)
        XCTAssertEqual(pill?.height, 18)
        XCTAssertEqual(pill?.width ?? 0, 10 + 25 + 13 + 4, accuracy: 1e-9)
        XCTAssertEqual(placed[2].pill?.width ?? 0, 10 + 25, accuracy: 1e-9)
    }

    /// The date pill sits in a 34-pt row above the first frame's 7/3 inset, 7 pt below the row's top, centred on x 195.
    func testTheDatePillSitsAboveTheFirstMessage() {
        let layout = ChatMessageLayout([ChatMessage(side: .incoming, text: "Hi", time: "12:38")], width: width)
        let pill = DatePillElement.pill(labelWidth: 40, above: layout)
        XCTAssertEqual(pill.y, layout.placed[0].frame.y - 7.0 / 3 - 34 + 7, accuracy: 1e-9)
        XCTAssertEqual([pill.width, pill.height, pill.x + pill.width / 2], [52, 20, 195])
        // On a frame of another aspect the list keeps its distance from the bottom.
        let taller = ChatMessageLayout([ChatMessage(side: .incoming, text: "Hi", time: "12:38")], height: 900, width: width)
        XCTAssertEqual(taller.placed[0].frame.bottom - layout.placed[0].frame.bottom, 56, accuracy: 1e-9)
    }

    /// The bars are glass over the wallpaper: the navigation bar's and the input panel's, and the date pill's,
    /// each showing the wallpaper; the conversation with them agrees on every route.
    func testTheBarsAreGlassOverTheWallpaperOnEveryRoute() throws {
        let scenario = ChatScenario(settings: ScenarioSettings(duration: 2), subtitle: "last seen recently", messages: [
            ChatMessage(side: .incoming, text: "Did you get the tickets?", time: "12:38"),
            ChatMessage(side: .outgoing, text: "\u{1F389}", time: "12:40", status: .sent),
        ], events: [ChatEvent(at: 1, change: .read, index: 0)])
        let size = try FrameSize(width: 195, height: 422)
        let setter = try TextSetter(scale: 0.5, texts: ChatKind.elements.texts(for: scenario))
        let scene = ChatScreen(scenario, size: size, text: setter).scene(at: 1.05)
        let glass = scene.nodes.compactMap { $0 as? GlassNode }
        // The emoji's pill, the date pill, the navigation bar and the input panel.
        XCTAssertEqual(glass.count, 4)
        XCTAssertTrue(glass.allSatisfy { $0.wallpaper != nil })
        XCTAssertEqual(glass[2].height, 91 * 0.5)
        XCTAssertEqual(glass[3].y, 765 * 0.5)
        XCTAssertNotNil(scene.node(VideoNode.self), "the avatar's placeholder")
        let matrix = RouteMatrix(gpu: try makeGPURenderer())
        let picture = try matrix.reference.render(scene)
        if let folder = ProcessInfo.processInfo.environment["CALLSHADE_LOOK"] { try PNGFile.write(picture, to: folder + "/chat-bars.png") }
        try matrix.assertEveryRouteAgrees(scene, name: "chat-bars", reference: picture, rule: \.withinForegroundParity)
        // The field is white inside its stroke; the bar's glass is #F2F2F2 at 0.9 over the wallpaper: light, not white.
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(picture.pixels[(y * picture.width + x) * 4..<(y * picture.width + x) * 4 + 3]) }
        XCTAssertEqual(pixel(150, 393), [255, 255, 255])
        XCTAssertTrue(pixel(150, 10).allSatisfy { (210...245).contains($0) }, "\(pixel(150, 10))")
    }

    /// The bars' tone is #F2F2F2 at 0.9 over the wallpaper, the pill's black at 0.2.
    func testTheTonesAreTheColoursOverTheWallpaper() {
        let below = RGB(0.4, 0.6, 0.2)
        let bars = ChatGlass.bars.apply(to: below)
        let grey = 0xF2 / 255.0
        XCTAssertEqual(bars.r, 0.1 * 0.4 + 0.9 * grey, accuracy: 1e-9)
        XCTAssertEqual(bars.g, 0.1 * 0.6 + 0.9 * grey, accuracy: 1e-9)
        XCTAssertEqual(ChatGlass.pill.apply(to: below).b, 0.8 * 0.2, accuracy: 1e-9)
    }

    /// `render` and `sheet` draw a chat scenario; `--layers` takes the chat's layers for it and refuses the call's, writing nothing.
    func testRenderSheetAndLayersDrawAChat() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chat-render-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let example = TestPaths.packageRoot.appendingPathComponent("Examples/chat.json").path
        let call = TestPaths.packageRoot.appendingPathComponent("Examples/call.json").path
        let frames = folder.appendingPathComponent("frames").path
        let rendered = try runCallshade(["render", example, "--at", "0.5,5.5", "--size", "98x211", "-o", frames])
        XCTAssertEqual(rendered.status, 0, rendered.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: frames).sorted(), ["frame_000000.png", "frame_000001.png"])
        let sheet = folder.appendingPathComponent("sheet.png").path
        let sheeted = try runCallshade(["sheet", example, "--every", "2", "--columns", "3", "--size", "60x130", "-o", sheet])
        XCTAssertEqual(sheeted.status, 0, sheeted.standardError)
        XCTAssertEqual(try PNGFile.read(path: sheet).width, 6 + 3 * (60 + 6), "three cells a row, 6 px apart")
        // The navigation bar alone: no wallpaper, so only its glass's top rows are drawn opaque.
        let nav = folder.appendingPathComponent("nav.png").path
        let layered = try runCallshade(["frame", "--scenario", example, "--layers", "nav,input", "--size", "98x211", "-o", nav])
        XCTAssertEqual(layered.status, 0, layered.standardError)
        for (scenario, layers) in [(example, "waves"), (call, "messages"), (example, "nav,sky")] {
            let out = folder.appendingPathComponent("refused.png").path
            let refused = try runCallshade(["frame", "--scenario", scenario, "--layers", layers, "--size", "98x211", "-o", out])
            XCTAssertEqual(refused.status, 64, layers)
            XCTAssertTrue(refused.standardError.hasPrefix("Error [option.value]: --layers"), refused.standardError)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        }
    }
}
