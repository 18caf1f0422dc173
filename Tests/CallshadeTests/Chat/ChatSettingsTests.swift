@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeJSON
import CallshadePNG
import Foundation
import XCTest

/// The contest editor's settings (chat, sections 4 and 6): export is
/// byte-stable and check gives it back; every bad field is refused as
/// settings.invalid naming the file and the field, from a file and from an
/// object inside a scenario; nothing is written on a refusal.
final class ChatSettingsTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("chat-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    var defaults: String { ChatAnimationSettingsWriter.text(.defaults) }

    /// The exported defaults with `old` replaced by `new` (once, checked).
    func edited(_ old: String, _ new: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        XCTAssertTrue(defaults.contains(old), "the defaults have no \(old)", file: file, line: line)
        guard let range = defaults.range(of: old) else { return defaults }
        return defaults.replacingCharacters(in: range, with: new)
    }

    func write(_ text: String, _ name: String = "s.json") throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testExportIsTheDefaultsAndCheckGivesItBack() throws {
        let text = defaults
        XCTAssertTrue(text.hasPrefix("{\n  \"format\": \"callshade-chat-animation\",\n  \"version\": 1,\n  \"fps\": 60,\n  \"smallMessage\": {\n    \"duration\": 30,\n"))
        XCTAssertTrue(text.contains("\"colorChange\": {\"start\": 0, \"end\": 15, \"x1\": 0.33, \"x2\": 0.67}"))
        XCTAssertTrue(text.contains("\"colors\": [\"#FFF6BF\", \"#76A076\", \"#F6E477\", \"#316B4D\"]"))
        for name in ChatAnimationSettings.unrenderedBlocks { XCTAssertTrue(text.contains("\"\(name)\": {")) }
        let read = try ChatAnimationSettingsReader(file: "s.json").settings(try SettingsFile.parse(Array(text.utf8), file: "s.json"))
        XCTAssertEqual(read, .defaults)
        XCTAssertEqual(ChatAnimationSettingsWriter.text(read), text)
        // A file of our own with other windows and handles (the example's) comes back byte for byte too.
        let example = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("Examples/chat-settings.json"), encoding: .utf8)
        XCTAssertEqual(ChatAnimationSettingsWriter.text(try SettingsFile.settings(path: TestPaths.packageRoot.appendingPathComponent("Examples/chat-settings.json").path)),
                       example)
        // Blocks and properties left out take the defaults.
        let sparse = #"{"format": "callshade-chat-animation", "version": 1, "smallMessage": {"xPosition": {"start": 3, "end": 12}}}"#
        let settings = try ChatAnimationSettingsReader(file: "s.json").settings(try SettingsFile.parse(Array(sparse.utf8), file: "s.json"))
        XCTAssertEqual(settings.block("smallMessage").window("xPosition"), AnimationWindow(start: 3, end: 12, x1: 0.33, x2: 0))
        XCTAssertEqual(settings.block("bigMessage"), ChatAnimationSettings.defaults.block("bigMessage"))
    }

    func testExportPipedToCheckIsTheSameBytes() throws {
        let executable = TestPaths.executable.path
        let output = try Tools.run("/bin/sh", ["-c", "'\(executable)' chat-settings export | '\(executable)' chat-settings check -"])
        XCTAssertEqual(output.status, 0, output.standardError)
        XCTAssertEqual(output.text, defaults)
        let exported = try Tools.run(executable, ["chat-settings", "export"])
        XCTAssertEqual(exported.text, defaults)
        let path = folder.appendingPathComponent("out.json").path
        XCTAssertEqual(try Tools.run(executable, ["chat-settings", "export", "-o", path]).status, 0)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), defaults)
    }

    /// Every bad field of section 6, each with the field it names and what it says.
    static let badFields: [(old: String, new: String, field: String, message: String)] = [
        ("\"format\": \"callshade-chat-animation\"", "\"format\": \"other\"", "format", "must be \"callshade-chat-animation\" (got \"other\")"),
        ("\"version\": 1", "\"version\": 2", "version", "must be 1 (got 2)"),
        ("\"fps\": 60", "\"fps\": 30", "fps", "must be 60 (got 30)"),
        ("\"fps\": 60", "\"fps\": 60, \"speed\": 2", "speed", "unknown key; settings have format, version, fps, smallMessage, bigMessage, "
            + "singleEmoji, background, linkPreview, sticker, voiceMessage, videoMessage"),
        ("\"duration\": 30,\n    \"yPosition\"", "\"duration\": 30, \"wobble\": 1,\n    \"yPosition\"", "smallMessage.wobble",
         "unknown key; smallMessage has duration, yPosition, xPosition, bubbleShape, textPosition, colorChange, timeAppears"),
        ("\"xPosition\": {\"start\": 0, \"end\": 15,", "\"xPosition\": {\"start\": 0, \"end\": 15, \"y1\": 0,", "smallMessage.xPosition.y1",
         "unknown key; a window has start, end, x1 and x2"),
        ("\"duration\": 30,\n    \"yPosition\"", "\"duration\": 40,\n    \"yPosition\"", "smallMessage.duration", "must be 30, 45 or 60 frames (got 40)"),
        ("\"xPosition\": {\"start\": 0,", "\"xPosition\": {\"start\": -1,", "smallMessage.xPosition.start",
         "must be a whole number of frames, 0 to the block's duration (got -1)"),
        ("\"xPosition\": {\"start\": 0,", "\"xPosition\": {\"start\": 2.5,", "smallMessage.xPosition.start",
         "must be a whole number of frames, 0 to the block's duration (got 2.5)"),
        ("\"xPosition\": {\"start\": 0,", "\"xPosition\": {\"start\": 15,", "smallMessage.xPosition.start", "must be before end (15) (got 15)"),
        ("\"xPosition\": {\"start\": 0, \"end\": 15,", "\"xPosition\": {\"start\": 0, \"end\": 31,", "smallMessage.xPosition.end",
         "must be at most the block's duration, 30 frames (got 31)"),
        ("\"xPosition\": {\"start\": 0, \"end\": 15, \"x1\": 0.33,", "\"xPosition\": {\"start\": 0, \"end\": 15, \"x1\": 1.5,",
         "smallMessage.xPosition.x1", "must be a number from 0 to 1 (got 1.5)"),
        ("\"xPosition\": {\"start\": 0, \"end\": 15, \"x1\": 0.33, \"x2\": 0}", "\"xPosition\": {\"start\": 0, \"end\": 15, \"x1\": 0.33, \"x2\": -0.1}",
         "smallMessage.xPosition.x2", "must be a number from 0 to 1 (got -0.1)"),
        ("\"xPosition\": {\"start\": 0, \"end\": 15, \"x1\": 0.33, \"x2\": 0}", "\"xPosition\": {\"start\": 0, \"end\": 15, \"x1\": 0.33, \"x2\": \"0\"}",
         "smallMessage.xPosition.x2", "must be a number from 0 to 1 (got \"0\")"),
        ("\"colors\": [\"#FFF6BF\", \"#76A076\", \"#F6E477\", \"#316B4D\"]", "\"colors\": [\"#FFF6BF\", \"#76A076\"]", "background.colors",
         "must be 3 or 4 colours \"#RRGGBB\" (got a list of 2)"),
        ("\"colors\": [\"#FFF6BF\", \"#76A076\", \"#F6E477\", \"#316B4D\"]", "\"colors\": [\"#FFF6BF\", \"#76A076\", \"#F6E477\", \"red\"]",
         "background.colors[3]", "must be a colour \"#RRGGBB\" (got \"red\")"),
        ("\"stickerScale\": {\"start\": 0, \"end\": 30,", "\"stickerScale\": {\"start\": 0, \"end\": 45,", "sticker.stickerScale.end",
         "must be at most the block's duration, 30 frames (got 45)"),
        ("\"videoMessage\": {\n    \"duration\": 30", "\"videoMessage\": {\n    \"duration\": 60", "", ""),   // valid: a longer block
    ]

    func testEveryBadFieldOfAFileIsRefusedNamingIt() throws {
        for (old, new, field, message) in Self.badFields {
            let path = try write(edited(old, new))
            guard !field.isEmpty else {
                XCTAssertNoThrow(try SettingsFile.settings(path: path), new)
                continue
            }
            XCTAssertThrowsError(try SettingsFile.settings(path: path), new) { error in
                XCTAssertEqual(error as? SettingsError, SettingsError(file: path, field: field, message), new)
            }
        }
    }

    func testEveryBadFieldOfAnInlineObjectIsRefusedNamingIt() throws {
        for (old, new, field, message) in Self.badFields where !field.isEmpty {
            let scenario = "{\"scene\": \"chat\", \"duration\": 2, \"animation\": \(edited(old, new))}"
            XCTAssertThrowsError(try ScenarioFile.parseAny(Array(scenario.utf8), file: "c.json", folder: folder.path), new) { error in
                XCTAssertEqual(error as? SettingsError, SettingsError(file: "c.json", field: "animation." + field, message), new)
            }
        }
    }

    func testAFileThatIsNotStrictJSONOrTooLargeOrMissingIsRefused() throws {
        let duplicate = try write(edited("\"version\": 1", "\"version\": 1, \"version\": 1"), "duplicate.json")
        XCTAssertThrowsError(try SettingsFile.settings(path: duplicate)) { error in
            XCTAssertEqual((error as? SettingsError)?.message, "duplicate key \"version\"")
        }
        let comment = try write("// settings\n" + defaults, "comment.json")
        XCTAssertThrowsError(try SettingsFile.settings(path: comment)) { error in
            XCTAssertTrue((error as? SettingsError)?.message.hasPrefix("malformed JSON at line 1") == true, "\(error)")
        }
        let large = try write(defaults + String(repeating: " ", count: 1 << 20), "large.json")
        XCTAssertThrowsError(try SettingsFile.settings(path: large)) { error in
            XCTAssertTrue("\(error)".contains("more than the 1048576 (1 MiB) settings may have"), "\(error)")
        }
        XCTAssertThrowsError(try SettingsFile.settings(path: folder.appendingPathComponent("none.json").path)) { error in
            XCTAssertTrue("\(error)".hasSuffix("none.json: no such file"), "\(error)")
        }
    }

    func testAScenarioReadsItsSettingsFileRelativeToItself() throws {
        _ = try write(edited("\"duration\": 30,\n    \"yPosition\": {\"start\": 0, \"end\": 30", "\"duration\": 60,\n    \"yPosition\": {\"start\": 0, \"end\": 60"),
                      "mine.json")
        let scenario = try write(#"{"scene": "chat", "duration": 2, "animation": "mine.json"}"#, "chat.json")
        let chat = try XCTUnwrap(try ScenarioFile.loadAny(path: scenario) as? ChatScenario)
        XCTAssertEqual(chat.animation.settings?.block("smallMessage").window("yPosition").end, 60)
        XCTAssertEqual(chat.wallpaper.colors, ChatWallpaper.contestColors)
        // A bad file is named as itself, not as the scenario.
        let bad = try write(edited("\"version\": 1", "\"version\": 3"), "bad.json")
        let pointing = try write(#"{"scene": "chat", "duration": 2, "animation": "bad.json"}"#, "chat2.json")
        XCTAssertThrowsError(try ScenarioFile.loadAny(path: pointing)) { error in
            XCTAssertEqual(error as? SettingsError, SettingsError(file: bad, field: "version", "must be 1 (got 3)"))
        }
    }

    func testTheCommandLineSaysSettingsInvalidAndWritesNothing() throws {
        let bad = try write(edited("\"fps\": 60", "\"fps\": 50"), "bad.json")
        let output = folder.appendingPathComponent("curves.png").path
        let result = runInProcess(["curves", bad, "-o", output])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardError, "Error [settings.invalid]: \(bad): fps: must be 60 (got 50)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        let checked = try Tools.run(TestPaths.executable.path, ["chat-settings", "check", bad])
        XCTAssertEqual(checked.status, 1)
        XCTAssertEqual(checked.standardError, "Error [settings.invalid]: \(bad): fps: must be 60 (got 50)\n")
        XCTAssertEqual(checked.text, "")
    }

    func testCurvesDrawARowPerPropertyInBlue() throws {
        let output = folder.appendingPathComponent("curves.png").path
        XCTAssertEqual(runInProcess(["curves", TestPaths.packageRoot.appendingPathComponent("Examples/chat-settings.json").path,
                                     "--type", "smallMessage", "-o", output]).status, 0)
        let picture = try PNGFile.read(path: output)
        XCTAssertEqual(picture.width, 1000)
        XCTAssertEqual(picture.height, 6 * 160)
        // Each row's curve: #007AFF at progress 1 right of its window's end, at the plot's top (y 34 in the row).
        for row in 0..<6 {
            XCTAssertEqual(picture.pixel(x: 975, y: row * 160 + 34).map { Array($0.prefix(3)) }, [0x00, 0x7A, 0xFF], "row \(row)")
        }
        XCTAssertEqual(runInProcess(["curves", TestPaths.packageRoot.appendingPathComponent("Examples/chat.json").path, "-o", output]).status, 1)
        XCTAssertEqual(runInProcess(["curves", TestPaths.packageRoot.appendingPathComponent("Examples/chat-contest.json").path, "-o", output]).status, 0)
        XCTAssertEqual(try PNGFile.read(path: output).height, 32 * 160)
    }
}
