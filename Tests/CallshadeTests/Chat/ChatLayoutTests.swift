import CallshadeCore
import CallshadeKinds
import CallshadeGL
import CallshadePNG
import CallshadeText
import Foundation
import XCTest

/// The chat's message layout (chat, sections 2.4 to 2.8) with a stand-in
/// measure (every character 8 pt), and a conversation drawn on every route.
final class ChatLayoutTests: XCTestCase {
    func width(_ text: String, _ style: TextStyle) -> Double { Double(text.count) * (style.points == 17 ? 8 : 5) }

    func testFramesStackFromTheBottomWithMergedGroups() {
        let messages = [ChatMessage(side: .incoming, text: "Hi", time: "12:38"),
                        ChatMessage(side: .outgoing, text: "One", time: "12:39"),
                        ChatMessage(side: .outgoing, text: "Two", time: "12:39"),
                        ChatMessage(side: .outgoing, text: String(repeating: "w", count: 50), time: "12:40")]
        let layout = ChatMessageLayout(messages, width: width)
        let placed = layout.placed
        XCTAssertEqual(placed.count, 4)
        XCTAssertEqual(placed[3].frame.bottom, 765 - 4 - 7.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(placed[3].frame.right, 386)
        XCTAssertEqual(placed[0].frame.x, 4)
        // Merged outgoing frames are 2 pt apart; the incoming one 14/3 above its neighbour.
        XCTAssertEqual(placed[3].frame.y - placed[2].frame.bottom, 2, accuracy: 1e-9)
        XCTAssertEqual(placed[1].frame.y - placed[0].frame.bottom, 14.0 / 3, accuracy: 1e-9)
        // The tail on the single incoming and the group's last; 8 pt corners on the tail side facing a neighbour;
        // where the tail attaches the bottom tail-side corner is square (body and tail one shape, section 2.6).
        XCTAssertEqual(placed.map(\.hasTail), [true, false, false, true])
        XCTAssertEqual(placed[0].radii, [16, 16, 16, 0])
        XCTAssertEqual(placed[1].radii, [16, 16, 8, 16])
        XCTAssertEqual(placed[2].radii, [16, 8, 8, 16])
        XCTAssertEqual(placed[3].radii, [16, 8, 0, 16])
        // 50 w's of 8 pt wrap at 316 pt (39 a line); the status on its own line as the last line + status does not fit.
        XCTAssertEqual(placed[3].lines.map(\.text.count), [39, 11])
        XCTAssertEqual(placed[0].frame.height, 35)
        XCTAssertEqual(placed[3].frame.height, 12 + 21 * 2, accuracy: 1e-9)
        // Body: inset 1, 7 on the tail side; text 11 pt inside; status 11 pt from the body's right.
        XCTAssertEqual(placed[1].body.x, placed[1].frame.x + 1)
        XCTAssertEqual(placed[1].body.right, placed[1].frame.right - 7)
        XCTAssertEqual(placed[0].body.x, 11)
        XCTAssertEqual(placed[1].textLeft, placed[1].body.x + 11)
        XCTAssertEqual(placed[1].status.right, placed[1].body.right - 11, accuracy: 1e-9)
        let expectedWidth: Double = 30 + 24 + 10 + 25 + 13   // "One" (3 x 8) with its status box beside it ("12:39": 5 x 5)
        XCTAssertEqual(placed[1].frame.width, expectedWidth, accuracy: 1e-9)
    }

    func testLinesBreakAtSpacesAndOverlongWordsByGrapheme() {
        let measure: (String) -> Double = { Double($0.count) * 10 }
        XCTAssertEqual(ChatMessageLayout.lines("aaa bbb", width: measure), ["aaa bbb"])
        XCTAssertEqual(ChatMessageLayout.lines(String(repeating: "ab ", count: 12), width: measure).count, 2)
        XCTAssertEqual(ChatMessageLayout.lines(String(repeating: "x", count: 70), width: measure).map(\.count), [31, 31, 8])
        XCTAssertEqual(ChatMessageLayout.lines("one\ntwo", width: measure), ["one", "two"])
    }

    func testAReadMarksSentMessagesRead() {
        let scenario = ChatScenario(settings: ScenarioSettings(duration: 5), messages: [ChatMessage(side: .outgoing, text: "a", time: "1", status: .sent)],
                                    events: [ChatEvent(at: 1, change: .send(text: "b", kind: nil, time: nil), index: 0),
                                             ChatEvent(at: 2, change: .read, index: 1)])
        let timeline = ChatTimeline(scenario)
        XCTAssertEqual(timeline.messages(at: 0.5).map(\.text), ["a"])
        XCTAssertEqual(timeline.messages(at: 1.5).map(\.status), [.sent, .sent])
        XCTAssertEqual(timeline.messages(at: 1.5).last?.time, "12:41")
        XCTAssertEqual(timeline.messages(at: 2).map(\.status), [.read, .read])
        XCTAssertEqual(timeline.messageStates(at: 2).map(\.readAt), [2, 2])
        // The second check pops 1.3 -> 1 in 0.1 s from the read.
        XCTAssertEqual(ChatTimeline.readPop(since: 2, at: 2), 1.3, accuracy: 1e-12)
        XCTAssertEqual(ChatTimeline.readPop(since: 2, at: 2.05), 1.15, accuracy: 1e-12)
        XCTAssertEqual(ChatTimeline.readPop(since: 2, at: 3), 1)
        XCTAssertEqual(ChatTimeline.readPop(since: nil, at: 3), 1)
    }

    func testAConversationAgreesOnEveryRoute() throws {
        let scenario = ChatScenario(settings: ScenarioSettings(duration: 3), messages: [
            ChatMessage(side: .incoming, text: "Are you coming to the park later?", time: "12:38"),
            ChatMessage(side: .outgoing, text: "Yes!", time: "12:39"),
            ChatMessage(side: .outgoing, text: "At five, by the fountain. I'll bring the frisbee and something to drink for everyone", time: "12:39"),
        ], events: [ChatEvent(at: 1, change: .send(text: "See you", kind: nil, time: nil), index: 0)])
        let size = try FrameSize(width: 195, height: 422)
        let setter = try TextSetter(scale: 0.5, texts: ChatKind.elements.texts(for: scenario))
        let scene = ChatScreen(scenario, size: size, text: setter).scene(at: 2)
        XCTAssertEqual(scene.node(BubbleNode.self)?.bubbles.count, 4)
        // Two read outgoing messages (two checks: three strokes) and the sent one (one check: two).
        XCTAssertEqual(scene.node(BubbleNode.self)?.strokes.count, 2 * 3 + 2)
        let matrix = RouteMatrix(gpu: try makeGPURenderer())
        let picture = try matrix.reference.render(scene)
        if let folder = ProcessInfo.processInfo.environment["CALLSHADE_LOOK"] { try PNGFile.write(picture, to: folder + "/conversation.png") }
        try matrix.assertEveryRouteAgrees(scene, name: "conversation", reference: picture, rule: \.withinForegroundParity)
    }

    /// `frame --scenario` draws a chat scenario; an instant outside it is refused, writing nothing.
    func testTheFrameCommandDrawsAChat() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chat-frame-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let example = TestPaths.packageRoot.appendingPathComponent("Examples/chat.json").path
        let out = folder.appendingPathComponent("chat.png").path
        let result = try runCallshade(["frame", "--scenario", example, "--time", "3.5", "--size", "98x211", "-o", out])
        XCTAssertEqual(result.status, 0, result.standardError)
        let picture = try PNGFile.read(path: out)
        XCTAssertEqual([picture.width, picture.height], [98, 211])
        let late = folder.appendingPathComponent("late.png").path
        let refused = try runCallshade(["frame", "--scenario", example, "--time", "15", "--size", "98x211", "-o", late])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.standardError.hasPrefix("Error [time.outside-scenario]"), refused.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: late))
    }
}
