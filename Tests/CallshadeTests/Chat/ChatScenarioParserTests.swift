@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeJSON
import Foundation
import XCTest

/// The chat kind's scenario (chat, sections 0 and 6): its keys and events
/// with their defaults, and every refusal naming the field and what it got.
final class ChatScenarioParserTests: XCTestCase {
    func parse(_ json: String) throws -> ChatScenario {
        let parsed = try ScenarioFile.parseAny(Array(json.utf8), file: "c.json", folder: NSTemporaryDirectory())
        return try XCTUnwrap(parsed as? ChatScenario)
    }

    func assertRefused(_ json: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try ScenarioFile.parseAny(Array(json.utf8), file: "c.json", folder: NSTemporaryDirectory()),
                             file: file, line: line) { error in
            XCTAssertEqual("\(error)", "c.json: " + expected, file: file, line: line)
        }
    }

    func testDefaults() throws {
        let chat = try parse(#"{"scene": "chat", "duration": 2}"#)
        XCTAssertEqual(chat.scene, "chat")
        XCTAssertEqual(chat.subtitle, "online")
        XCTAssertEqual(chat.date, "Today")
        XCTAssertEqual(chat.now, "12:41")
        XCTAssertEqual(chat.wallpaper, ChatWallpaper())
        XCTAssertEqual(chat.wallpaper.colors.map(\.description), ["#DBDDBB", "#6BA587", "#D5D88D", "#88B884"])
        XCTAssertEqual(chat.wallpaper.variant, .ios)
        XCTAssertEqual(chat.wallpaper.step, .auto)
        XCTAssertFalse(chat.wallpaper.iosKeyframes)
        XCTAssertEqual(chat.animation, .shipped)
        // The contest settings bring their background's colours, unless the scenario gives its own.
        XCTAssertEqual(try parse(#"{"scene": "chat", "duration": 2, "animation": "contest"}"#).wallpaper.colors, ChatWallpaper.contestColors)
        XCTAssertEqual(try parse(##"{"scene": "chat", "duration": 2, "animation": "contest", "wallpaper": {"colors": ["#000000", "#111111", "#222222"]}}"##)
            .wallpaper.colors.count, 3)
    }

    func testMessagesAndEvents() throws {
        let chat = try parse(#"""
        {"scene": "chat", "duration": 5, "now": "9:00", "wallpaper": {"colors": ["#112233", "#445566", "#778899"], "phase": 3,
         "variant": "article", "step": "article", "iosKeyframes": true},
         "messages": [{"side": "incoming", "text": "Hi\nthere", "time": "12:38"}, {"side": "outgoing", "text": "Yo", "time": "12:39"},
                      {"side": "outgoing", "text": "Ok", "time": "12:40", "status": "sent"}],
         "events": [{"at": 1, "send": "Hello", "kind": "large", "time": "9:01"}, {"at": 2, "wallpaper": "step"}, {"at": 3, "read": true}]}
        """#)
        XCTAssertEqual(chat.wallpaper.colors.count, 3)
        XCTAssertEqual(chat.wallpaper.phase, 3)
        XCTAssertEqual(chat.wallpaper.variant, .article)
        XCTAssertEqual(chat.messages.map(\.status), [nil, .read, .sent])
        XCTAssertEqual(chat.messages[0].text, "Hi\nthere")
        XCTAssertEqual(chat.events.map(\.change), [.send(text: "Hello", kind: .large, time: "9:01"), .wallpaperStep, .read])
    }

    func testEveryBadFieldIsRefusedNamingItAndWhatItGot() {
        let chat = #""scene": "chat", "duration": 2"#
        let cases: [(String, String)] = [
            (##"{\##(chat), "wallpaper": {"colors": ["#000000", "#111111"]}}"##, "wallpaper.colors: must be a list of 3 or 4 \"#RRGGBB\" colours (got a list)"),
            (##"{\##(chat), "wallpaper": {"colors": ["#000000", "#111111", "123456"]}}"##, "wallpaper.colors[2]: must be a \"#RRGGBB\" colour (got \"123456\")"),
            (#"{\#(chat), "wallpaper": {"phase": 1.5}}"#, "wallpaper.phase: must be a whole number 0 to 7 (got 1.5)"),
            (#"{\#(chat), "wallpaper": {"variant": "web"}}"#, "wallpaper.variant: unknown variant; valid variants: ios, android, article (got \"web\")"),
            (#"{\#(chat), "wallpaper": {"step": "fast"}}"#, "wallpaper.step: unknown step; valid steps: auto, android, article (got \"fast\")"),
            (#"{\#(chat), "wallpaper": {"iosKeyframes": 1}}"#, "wallpaper.iosKeyframes: must be true or false (got 1)"),
            (#"{\#(chat), "wallpaper": {"intensity": 30}}"#, "wallpaper.intensity: needs a pattern (got 30 without \"pattern\")"),
            (#"{\#(chat), "wallpaper": {"pattern": "no-such.svg"}}"#, "wallpaper.pattern: file 'no-such.svg' not found"),
            (#"{\#(chat), "wallpaper": {"tint": 1}}"#, "wallpaper.tint: unknown key; valid keys: colors, phase, variant, step, iosKeyframes, pattern, intensity"),
            (#"{\#(chat), "messages": [{"side": "left", "text": "a", "time": "1"}]}"#, "messages[0].side: must be incoming or outgoing (got \"left\")"),
            (#"{\#(chat), "messages": [{"side": "incoming", "text": "", "time": "1"}]}"#, "messages[0].text: is empty"),
            (#"{\#(chat), "messages": [{"side": "incoming", "text": "a\tb", "time": "1"}]}"#, "messages[0].text: has a control character U+0009 (got \"a\\tb\")"),
            (#"{\#(chat), "messages": [{"side": "incoming", "text": "a", "time": "12345678901234567"}]}"#,
             "messages[0].time: is over 16 characters (got \"12345678901234567\")"),
            (#"{\#(chat), "messages": [{"side": "incoming", "text": "a", "time": ""}]}"#, "messages[0].time: is empty"),
            (#"{\#(chat), "messages": [{"side": "incoming", "text": "a", "time": "1", "status": "read"}]}"#,
             "messages[0].status: only an outgoing message has a status (this one is incoming)"),
            (#"{\#(chat), "events": [{"at": 1, "send": ""}]}"#, "events[0].send: is empty"),
            (#"{\#(chat), "events": [{"at": 1, "send": "ab", "kind": "emoji"}]}"#, "events[0].send: kind emoji needs one emoji (got \"ab\")"),
            (#"{\#(chat), "events": [{"at": 1, "send": "a"}, {"at": 1, "send": "b"}]}"#,
             "events[1].at: two sends at one instant (events[0] is at 1 too; got 1)"),
            (#"{\#(chat), "events": [{"at": 1, "read": false}]}"#, "events[0].read: must be true (got false)"),
            (#"{\#(chat), "events": [{"at": 1, "wallpaper": "spin"}]}"#, "events[0].wallpaper: must be \"step\" (got \"spin\")"),
            (#"{\#(chat), "events": [{"at": 1, "read": true, "kind": "small"}]}"#, "events[0].kind: only a send has a kind (this event is \"read\")"),
            (#"{\#(chat), "animation": 3}"#, "animation: must be \"shipped\", \"contest\", a settings file (.json) or a settings object (got 3)"),
            (#"{\#(chat), "audio": "x.wav"}"#, "audio: a key of \"call\" scenarios, not of \"chat\" ones; valid keys: "
                + "animatedEmoji, animation, avatar, date, duration, events, fps, messages, name, now, scene, seed, size, subtitle, wallpaper"),
            (#"{"duration": 2, "messages": []}"#, "messages: a key of \"chat\" scenarios, not of \"call\" ones; valid keys: "
                + "audio, avatar, duration, events, fps, key, localVideo, name, remoteVideo, scene, seed, size, tooltipSeen"),
            (#"{"scene": "chats", "duration": 2}"#, "scene: unknown scene kind 'chats'; valid kinds: call, chat, drawing, access, gallery"),
        ]
        for (json, expected) in cases {
            if expected.hasPrefix("wallpaper.pattern") {
                XCTAssertThrowsError(try parse(json)) { XCTAssertTrue("\($0)".hasPrefix("c.json: " + expected), "\($0)") }
            } else {
                assertRefused(json, expected)
            }
        }
        let long = String(repeating: "a", count: 4097)
        assertRefused(#"{\#(chat), "events": [{"at": 1, "send": "\#(long)"}]}"#, "events[0].send: a string longer than 4096 bytes")
        let many = Array(repeating: #"{"side": "incoming", "text": "a", "time": "1"}"#, count: 501).joined(separator: ",")
        assertRefused(#"{\#(chat), "messages": [\#(many)]}"#, "messages: has over 500 messages (got 501)")
    }

    func testAOneEmojiSendIsAnEmoji() {
        XCTAssertTrue(SendKind.isSingleEmoji("👍"))
        XCTAssertTrue(SendKind.isSingleEmoji("👍🏽"))
        XCTAssertTrue(SendKind.isSingleEmoji("❤️"))
        XCTAssertFalse(SendKind.isSingleEmoji("a"))
        XCTAssertFalse(SendKind.isSingleEmoji("1"))
        XCTAssertFalse(SendKind.isSingleEmoji("👍👍"))
    }

    /// `validate` prints the kind and the listing; a bad file gets one line and exit 1, writing nothing.
    func testValidateListsAChat() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chat-validate-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("c.json")
        try Data(#"{"scene": "chat", "duration": 3, "events": [{"at": 1, "send": "Hi"}, {"at": 2, "wallpaper": "step"}]}"#.utf8).write(to: file)
        let result = try runCallshade(["validate", file.path])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("\nscene: chat\n"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("draft \"Hi\" until 1"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("wallpaper step until 2.3 (auto)"), result.standardOutput)
        try Data(#"{"scene": "chat", "duration": 3, "wallpaper": {"phase": 9}}"#.utf8).write(to: file)
        let bad = try runCallshade(["validate", file.path])
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(bad.standardError, "Error [scenario.invalid]: \(file.path): wallpaper.phase: must be a whole number 0 to 7 (got 9)\n")
        // A pattern that names another file is refused, naming the scenario, the field and the SVG.
        let svg = folder.appendingPathComponent("p.svg")
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><image href="/etc/hostname" width="9" height="9"/></svg>"#.utf8).write(to: svg)
        try Data(#"{"scene": "chat", "duration": 3, "wallpaper": {"pattern": "p.svg"}}"#.utf8).write(to: file)
        let named = try runCallshade(["validate", file.path])
        XCTAssertEqual(named.status, 1)
        XCTAssertEqual(named.standardError, "Error [pattern.unreadable]: \(file.path): wallpaper.pattern: \(svg.path): "
                       + "refers to another file or a URL ('/etc/hostname'); a pattern must be self-contained\n")
    }
}
