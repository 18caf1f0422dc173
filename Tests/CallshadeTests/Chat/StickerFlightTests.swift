@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeJSON
import Foundation
import XCTest

/// A sticker's place and send against `chat-types.md` section 9: a 512 x 320 canvas on the newest row (bottom 758.67) at 390 x 844 has
/// its frame (176, 623.67)-(380, 758.67), box (186, 633.67)-(370, 748.67), pill right 376, bottom 754.67; at s = 0.1 from the default,
/// the box (183.11, 684.52)-(352.46, 790.37).
final class StickerFlightTests: XCTestCase {
    func testTheWorkedExample() {
        let flight = StickerFlight(animation: .shipped, canvas: (512, 320))
        func assert(_ box: Box, _ want: [Double], line: UInt = #line) {
            for (got, expected) in zip([box.x, box.y, box.right, box.bottom], want) {
                XCTAssertEqual(got, expected, accuracy: 0.006, "\(box)", line: line)
            }
        }
        assert(flight.frame(rowBottom: 758.67), [176, 623.67, 380, 758.67])
        assert(flight.box(rowBottom: 758.67), [186, 633.67, 370, 748.67])
        XCTAssertEqual(flight.pillCorner(rowBottom: 758.67).x, 376, accuracy: 1e-9)
        XCTAssertEqual(flight.pillCorner(rowBottom: 758.67).y, 754.67, accuracy: 1e-9)
        let state = flight.state(0.1, rowBottom: 758.67)
        assert(state.box, [183.11, 684.52, 352.46, 790.37])
        XCTAssertEqual(state.pillAlpha, 0, "the pill waits 0.16 s")
        assert(flight.state(0.3, rowBottom: 758.67).box, [186, 633.67, 370, 748.67])
        XCTAssertEqual(flight.state(0.31, rowBottom: 758.67).pillAlpha, 1)
    }

    /// A wide, short sticker still takes a row of 74; a square one the whole 184 box.
    func testRows() {
        XCTAssertEqual(StickerFlight(animation: .shipped, canvas: (512, 100)).rowHeight, 74)
        XCTAssertEqual(StickerFlight(animation: .shipped, canvas: (512, 512)).rowHeight, 204)
        XCTAssertEqual(StickerFlight(animation: .contest, canvas: (512, 512)).state(0.5, rowBottom: 700).box.width, 184, accuracy: 1e-9)
    }
}

/// A sticker send read from a scenario and laid out as a row of the list (chat-types sections 0 to 2).
final class LottieSendTests: XCTestCase {
    private func parse(_ events: String) throws -> ChatScenario {
        let json = #"{"scene": "chat", "duration": 3, "events": ["# + events + "]}"
        let parsed = try ScenarioFile.parseAny(Array(json.utf8), file: "c.json", folder: TestPaths.packageRoot.appendingPathComponent("Examples").path)
        return try XCTUnwrap(parsed as? ChatScenario)
    }

    func testASendObjectWithASticker() throws {
        let chat = try parse(#"{"at": 1, "send": {"sticker": "sticker.tgs", "from": [40, 700]}, "time": "9:00"}"#)
        let path = TestPaths.packageRoot.appendingPathComponent("Examples/sticker.tgs").path
        XCTAssertEqual(chat.events.map(\.change), [.send(text: "Sticker", kind: .sticker, time: "9:00",
                                                         media: .sticker(.init(path: path, from: Vec2(40, 700))))])
        // Sent, it is a sticker message from its send's instant, with no draft before it.
        let messages = ChatTimeline(chat).messages(at: 2)
        XCTAssertEqual(messages.first?.sticker?.sentAt, 1)
        XCTAssertFalse(ChatTimeline(chat).milestones.contains { $0.text.hasPrefix("draft") })
        XCTAssertEqual(try parse(#"{"at": 1, "send": {"text": "Hi"}}"#).events.map(\.change), [.send(text: "Hi", kind: nil, time: nil)])
    }

    func testRefusals() {
        let cases: [(String, String)] = [
            (#"{"at": 1, "send": {}}"#, "events[0].send: the send object has no kind; give text, sticker, voice or video"),
            (#"{"at": 1, "send": {"text": "a", "sticker": "sticker.tgs"}}"#, "events[0].send: the send object has 2 kinds (text, sticker); give one"),
            (#"{"at": 1, "send": "Yes", "reply": 0}"#, "events[0].reply: replies are not drawn yet; a send stands on its own"),
            (#"{"at": 1, "read": true, "reply": 0}"#, "events[0].reply: only a send has a reply (this event is \"read\")"),
            (#"{"at": 1, "send": {"link": {"url": "https://example.org"}}}"#,
             "events[0].send.link: link sends are not drawn yet; a send object has text, sticker, voice or video"),
            (#"{"at": 1, "send": {"sticker": "sticker.tgs", "size": 3}}"#,
             "events[0].send.size: unknown key; a send object has text, sticker, voice or video (and from, with a sticker)"),
            (#"{"at": 1, "send": {"text": "a", "from": [1, 2]}}"#, "events[0].send.from: only a sticker has from (this send is text)"),
            (#"{"at": 1, "send": {"sticker": "sticker.tgs"}, "kind": "small"}"#, "events[0].kind: only a text send has a kind (this send is a sticker)"),
            (#"{"at": 1, "send": "a", "kind": "sticker"}"#, "events[0].kind: must be small, large or emoji (got \"sticker\")"),
            (#"{"at": 1, "send": {"sticker": "sticker.tgs", "from": [400, 2]}}"#,
             "events[0].send.from: must lie in the 390 x 844-point screen (got [400, 2])"),
            (#"{"at": 1, "send": {"sticker": "sticker.tgs", "from": [1]}}"#, "events[0].send.from: must be two numbers [x, y] in points (got a list)"),
            (#"{"at": 1, "send": {"sticker": "nothing.tgs"}}"#, "events[0].send.sticker: file 'nothing.tgs' not found (looked for "),
        ]
        for (events, expected) in cases {
            XCTAssertThrowsError(try parse(events), events) { error in
                XCTAssertTrue("\(error)".hasPrefix("c.json: " + expected), "\(error)")
            }
        }
        // A TGS over 1 MiB, refused before it is read.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("callshade-big-sticker-\(getpid())")
        XCTAssertNoThrow(try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true))
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertNoThrow(try Data(count: (1 << 20) + 1).write(to: folder.appendingPathComponent("big.tgs")))
        let json = #"{"scene": "chat", "duration": 3, "events": [{"at": 1, "send": {"sticker": "big.tgs"}}]}"#
        XCTAssertThrowsError(try ScenarioFile.parseAny(Array(json.utf8), file: "c.json", folder: folder.path)) { error in
            XCTAssertEqual("\(error)", "c.json: events[0].send.sticker: the file is over 1 MiB (got 1048577 bytes)")
        }
    }

    /// The worked example's row (section 9) in the list, and the gaps around it (1 pt each way beside its side, else 7/3).
    func testItsRow() throws {
        let width: (String, TextStyle) -> Double = { text, _ in Double(text.count) * 8 }
        let sticker = ChatMessage(side: .outgoing, text: "Sticker", time: "12:40", media: .sticker(.init(path: "/s.tgs")))
        let layout = ChatMessageLayout([ChatMessage(side: .outgoing, text: "Yes", time: "12:39"), sticker], width: width) { _ in (512, 320) }
        let row = layout.placed[1]
        for (got, want) in zip([row.frame.x, row.frame.y, row.frame.right, row.frame.bottom], [176, 623.67, 380, 758.67]) {
            XCTAssertEqual(got, want, accuracy: 0.005)
        }
        XCTAssertEqual(try XCTUnwrap(row.pill).right, 376, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(row.pill).bottom, 754.67, accuracy: 0.005)
        XCTAssertEqual(row.frame.y - layout.placed[0].frame.bottom, 2, accuracy: 1e-9, "same side above: 1 pt each way")
        XCTAssertFalse(layout.placed[0].hasTail == false, "the bubble above keeps its tail: a sticker merges with nothing")
        let incoming = ChatMessageLayout([ChatMessage(side: .incoming, text: "Yes", time: "12:39"), sticker], width: width) { _ in (512, 320) }
        XCTAssertEqual(incoming.placed[1].frame.y - incoming.placed[0].frame.bottom, 14.0 / 3, accuracy: 1e-9)
    }
}

/// An emoji the scenario animates (chat-types section 0, rule 3; section 2, rule 3).
final class AnimatedEmojiTests: XCTestCase {
    private func parse(_ extra: String) throws -> ChatScenario {
        let json = #"{"scene": "chat", "duration": 3, "# + extra + "}"
        let parsed = try ScenarioFile.parseAny(Array(json.utf8), file: "c.json", folder: TestPaths.packageRoot.appendingPathComponent("Examples").path)
        return try XCTUnwrap(parsed as? ChatScenario)
    }

    func testAOneEmojiSendItNamesBecomesAnAnimatedEmoji() throws {
        let path = TestPaths.packageRoot.appendingPathComponent("Examples/emoji.tgs").path
        // U+FE0F is left out on both sides: "❤️" sent matches the key "❤".
        let chat = try parse(#""animatedEmoji": {"❤": "emoji.tgs"}, "events": [{"at": 1, "send": "❤️"}, {"at": 2, "send": "❤️", "kind": "small"}, {"at": 2.5, "send": "👍"}]"#)
        XCTAssertEqual(chat.events.map(\.change), [.send(text: "❤️", kind: .animatedEmoji, time: nil, media: .animatedEmoji(.init(path: path))),
                                                   .send(text: "❤️", kind: .small, time: nil), .send(text: "👍", kind: nil, time: nil)])
        // Typed in the field: its draft shows before it.
        XCTAssertTrue(ChatTimeline(chat).milestones.contains { $0.text == "draft \"❤️\" until 1" })
        XCTAssertEqual(ChatTimeline(chat).messages(at: 1.5).last?.animatedEmoji?.sentAt, 1)
    }

    func testRefusals() {
        let cases: [(String, String)] = [
            (#""animatedEmoji": ["emoji.tgs"]"#, "animatedEmoji: must be an object of emoji to TGS files"),
            (#""animatedEmoji": {"ab": "emoji.tgs"}"#, "animatedEmoji.ab: the key must be one emoji (got \"ab\")"),
            (#""animatedEmoji": {"❤": "emoji.tgs", "❤️": "emoji.tgs"}"#, "animatedEmoji.❤️: names the same emoji as another key (U+FE0F aside)"),
            (#""animatedEmoji": {"👍": "nothing.tgs"}"#, "animatedEmoji.👍: file 'nothing.tgs' not found"),
        ]
        for (extra, expected) in cases {
            XCTAssertThrowsError(try parse(extra), extra) { error in
                XCTAssertTrue("\(error)".hasPrefix("c.json: " + expected), "\(error)")
            }
        }
        let many = (0..<65).map { "\"\(String(UnicodeScalar(0x1F600 + $0)!))\": \"emoji.tgs\"" }.joined(separator: ", ")
        XCTAssertThrowsError(try parse("\"animatedEmoji\": {\(many)}")) { error in
            XCTAssertEqual("\(error)", "c.json: animatedEmoji: has over 64 emoji (got 65)")
        }
    }

    /// Its row: a 135-pt box, right edge 380, its row 135 tall; it merges with no bubble.
    func testItsRow() {
        let width: (String, TextStyle) -> Double = { text, _ in Double(text.count) * 8 }
        let emoji = ChatMessage(side: .outgoing, text: "👍", time: "12:40", media: .animatedEmoji(.init(path: "/e.tgs")))
        let layout = ChatMessageLayout([ChatMessage(side: .outgoing, text: "Yes", time: "12:39"), emoji], width: width) { _ in (512, 512) }
        XCTAssertEqual(layout.placed[1].frame, Box(x: 245, y: ChatMessageLayout.newestBottom - 135, width: 135, height: 135))
        XCTAssertTrue(layout.placed[0].hasTail)
        XCTAssertFalse(layout.placed[1].isEmoji)
    }
}
