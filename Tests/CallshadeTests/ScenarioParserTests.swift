import CallshadeCore
import Foundation
import XCTest

final class ScenarioParserTests: XCTestCase {
    func parse(_ json: String, folder: String = "/tmp") throws -> Scenario {
        try ScenarioParser.parse(Data(json.utf8), file: "s.json", folder: folder)
    }

    /// Asserts that `json` is refused with a message containing every fragment.
    func assertRefused(_ json: String, _ fragments: String..., file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try parse(json), file: file, line: line) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("s.json: "), text, file: file, line: line)
            XCTAssertFalse(text.contains("\n"), "one line: \(text)", file: file, line: line)
            for fragment in fragments {
                XCTAssertTrue(text.contains(fragment), "'\(fragment)' not in: \(text)", file: file, line: line)
            }
        }
    }

    func testAFullScenario() throws {
        let scenario = try parse("""
        {"duration": 40, "seed": 11, "size": "390x844", "fps": 30, "events": [
          {"at": 6, "state": "active"}, {"at": 0, "state": "requesting"}, {"at": 7, "level": 3},
          {"at": 10, "signal": 0.1}, {"at": 14, "tap": true}, {"at": 30, "proximity": "near"},
          {"at": 32, "proximity": "far"}, {"at": 34, "remoteMuted": true}, {"at": 35, "energySaving": false},
          {"at": 6, "level": 1}
        ]}
        """)
        XCTAssertEqual(scenario.duration, 40)
        XCTAssertEqual(scenario.seed, 11)
        XCTAssertEqual(scenario.size, try FrameSize(parsing: "390x844"))
        XCTAssertEqual(scenario.fps, 30)
        // Sorted by time; the two events at 6 s keep their file order.
        XCTAssertEqual(scenario.events.map(\.at), [0, 6, 6, 7, 10, 14, 30, 32, 34, 35])
        XCTAssertEqual(scenario.events[1].change, .state(.active))
        XCTAssertEqual(scenario.events[2].change, .level(1))
        XCTAssertEqual(scenario.events[2].index, 9)
        XCTAssertEqual(scenario.events.last?.change, .energySaving(false))
    }

    func testDefaults() throws {
        let scenario = try parse(#"{"duration": 2.5}"#)
        XCTAssertEqual(scenario.seed, 0)
        XCTAssertNil(scenario.size)
        XCTAssertNil(scenario.fps)
        XCTAssertTrue(scenario.events.isEmpty)
    }

    func testMalformedJSONSaysWhereItBroke() {
        assertRefused("{\n  \"duration\": 5,\n  \"events\": [1,, 2]\n}", "malformed JSON at line 3")
        assertRefused("{\"duration\": 5", "malformed JSON")
        assertRefused("", "malformed JSON")
        assertRefused("[1, 2]", "must be a JSON object")
    }

    func testTopLevelErrors() {
        assertRefused("{}", "duration: missing")
        assertRefused(#"{"duration": "long"}"#, "duration: must be a number, not a string")
        assertRefused(#"{"duration": 0}"#, "duration: must be more than 0")
        assertRefused(#"{"duration": -3}"#, "duration: must be more than 0")
        assertRefused(#"{"duration": 1e9}"#, "duration: must be at most 86400")
        assertRefused(#"{"duration": 5, "colour": "red"}"#, "colour: unknown key")
        assertRefused(#"{"duration": 5, "seed": 1.5}"#, "seed: must be a whole number")
        assertRefused(#"{"duration": 5, "seed": true}"#, "seed: must be a number, not a boolean")
        assertRefused(#"{"duration": 5, "size": "0x10"}"#, "size: size '0x10' must have a width and height of at least 1")
        assertRefused(#"{"duration": 5, "size": 100}"#, "size: must be a string")
        assertRefused(#"{"duration": 5, "fps": 0}"#, "fps: must be between 1 and 1000")
        assertRefused(#"{"duration": 5, "fps": 29.97}"#, "fps: must be a whole number")
        assertRefused(#"{"duration": 5, "avatar": "nope.png"}"#, "avatar: file 'nope.png' not found")
        assertRefused(#"{"duration": 5, "audio": "voice.wav"}"#, "audio: file 'voice.wav' not found")
        assertRefused(#"{"duration": 5, "events": {"at": 1}}"#, "events: must be a list")
    }

    func testEventErrorsNameTheEventAndField() {
        assertRefused(#"{"duration": 5, "events": [{"at": 1, "tap": true}, 7]}"#, "events[1]", "must be an object")
        assertRefused(#"{"duration": 5, "events": [{"tap": true}]}"#, "events[0].at: missing")
        assertRefused(#"{"duration": 5, "events": [{"at": "soon", "tap": true}]}"#, "events[0].at: must be a number")
        assertRefused(#"{"duration": 5, "events": [{"at": 6, "tap": true}]}"#, "events[0].at: 6 is past the scenario's duration of 5")
        assertRefused(#"{"duration": 5, "events": [{"at": -1, "tap": true}]}"#, "events[0].at: must be 0 or later")
        assertRefused(#"{"duration": 5, "events": [{"at": 1}]}"#, "events[0]: the event has no change")
        assertRefused(#"{"duration": 5, "events": [{"at": 1, "tap": true, "level": 2}]}"#, "events[0]: the event has 2 changes (level, tap)")
        assertRefused(#"{"duration": 5, "events": [{"at": 1, "lvl": 2}]}"#, "events[0].lvl: unknown key")
        assertRefused(#"{"duration": 5, "events": [{"at": 1, "state": "dialing"}]}"#, "events[0].state: unknown state 'dialing'", "requesting, ringing")
        assertRefused(#"{"duration": 5, "events": [{"at": 1, "state": 3}]}"#, "events[0].state: must be a string, not a number")
        assertRefused(#"{"duration": 5, "events": [{"at": 1, "level": -0.5}]}"#, "events[0].level: must be 0 or more")
        assertRefused(#"{"duration": 5, "events": [{"at": 1, "level": "loud"}]}"#, "events[0].level: must be a number, not a string")
        assertRefused(#"{"duration": 5, "events": [{"at": 1, "signal": 1.5}]}"#, "events[0].signal: must be between 0 and 1")
        assertRefused(#"{"duration": 5, "events": [{"at": 1, "tap": false}]}"#, "events[0].tap: must be true")
        assertRefused(#"{"duration": 5, "events": [{"at": 1, "tap": 1}]}"#, "events[0].tap: must be true")
        assertRefused(#"{"duration": 5, "events": [{"at": 1, "proximity": "middle"}]}"#, "events[0].proximity: must be \"near\" or \"far\"")
        assertRefused(#"{"duration": 5, "events": [{"at": 1, "remoteMuted": "yes"}]}"#, "events[0].remoteMuted: must be true or false, not a string")
        assertRefused(#"{"duration": 5, "events": [{"at": 1, "energySaving": 1}]}"#, "events[0].energySaving: must be true or false, not a number")
        assertRefused(#"{"duration": 5, "events": [{"at": 1, "tap": true}, {"at": 2, "tap": true}, {"at": 9, "tap": true}]}"#, "events[2].at")
    }

    func testRelativeFilesResolveAgainstTheScenariosFolder() throws {
        let folder = try TestPaths.scratchFolder()
        try Data().write(to: folder.appendingPathComponent("avatar.png"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let scenario = try parse(#"{"duration": 5, "avatar": "avatar.png"}"#, folder: folder.path)
        XCTAssertEqual(scenario.avatarPath, folder.appendingPathComponent("avatar.png").path)
        XCTAssertThrowsError(try parse(#"{"duration": 5, "audio": "sub"}"#, folder: folder.path)) { error in
            XCTAssertTrue("\(error)".contains("is a folder"), "\(error)")
        }
    }

    func testLoadingMissingOrFolderPaths() throws {
        let folder = try TestPaths.scratchFolder()
        XCTAssertThrowsError(try ScenarioParser.load(path: folder.appendingPathComponent("none.json").path)) {
            XCTAssertTrue("\($0)".contains("no such file"))
        }
        XCTAssertThrowsError(try ScenarioParser.load(path: folder.path)) { XCTAssertTrue("\($0)".contains("is a folder")) }
    }
}
