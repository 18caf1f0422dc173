import CallshadeCore
import CallshadeKinds
import CallshadeJSON
import Foundation
import XCTest

final class ScenarioParserTests: XCTestCase {
    func parse(_ json: String, folder: String = "/tmp") throws -> Scenario {
        try ScenarioFile.parse(Array(json.utf8), file: "s.json", folder: folder)
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
        assertRefused(#"{"duration": 5, "events": [{"at": 1, "tap": false}]}"#, "events[0].tap: must be true or a target (screen, key, tooltip, panel, pip), not false")
        assertRefused(#"{"duration": 5, "events": [{"at": 1, "tap": 1}]}"#, "events[0].tap: must be true or a target (screen, key, tooltip, panel, pip), not a number")
        assertRefused(#"{"duration": 5, "events": [{"at": 1, "proximity": "middle"}]}"#, "events[0].proximity: must be \"near\" or \"far\"")
        assertRefused(#"{"duration": 5, "events": [{"at": 1, "remoteMuted": "yes"}]}"#, "events[0].remoteMuted: must be true or false, not a string")
        assertRefused(#"{"duration": 5, "events": [{"at": 1, "energySaving": 1}]}"#, "events[0].energySaving: must be true or false, not a number")
        assertRefused(#"{"duration": 5, "events": [{"at": 1, "tap": true}, {"at": 2, "tap": true}, {"at": 9, "tap": true}]}"#, "events[2].at")
    }

    func testRelativeFilesResolveAgainstTheScenariosFolder() throws {
        let folder = try scratchFolder()
        try Data().write(to: folder.appendingPathComponent("avatar.png"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let scenario = try parse(#"{"duration": 5, "avatar": "avatar.png"}"#, folder: folder.path)
        XCTAssertEqual(scenario.avatarPath, folder.appendingPathComponent("avatar.png").path)
        XCTAssertThrowsError(try parse(#"{"duration": 5, "audio": "sub"}"#, folder: folder.path)) { error in
            XCTAssertTrue("\(error)".contains("is a folder"), "\(error)")
        }
    }

    func testLoadingMissingOrFolderPaths() throws {
        let folder = try scratchFolder()
        XCTAssertThrowsError(try ScenarioFile.load(path: folder.appendingPathComponent("none.json").path)) {
            XCTAssertTrue("\($0)".contains("no such file"))
        }
        XCTAssertThrowsError(try ScenarioFile.load(path: folder.path)) { XCTAssertTrue("\($0)".contains("is a folder")) }
    }

    /// Asserts that `bytes` are refused with exactly `expected`.
    func assertRefused(bytes: [UInt8], exactly expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try ScenarioFile.parse(bytes, file: "s.json", folder: "/tmp"), file: file, line: line) { error in
            XCTAssertEqual("\(error)", expected, file: file, line: line)
        }
    }

    func testFileSizeLimit() throws {
        let path = try scratchFolder().appendingPathComponent("big.json").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        XCTAssertEqual(ftruncate(descriptor, off_t(ScenarioFile.maximumBytes + 1)), 0)
        close(descriptor)
        XCTAssertThrowsError(try ScenarioFile.load(path: path)) { error in
            XCTAssertEqual("\(error)", "\(path): is 16777217 bytes, more than the 16777216 (16 MiB) a scenario may have")
        }
    }

    func testEventCountLimit() throws {
        func events(_ count: Int, _ event: String) -> [UInt8] {
            Array(#"{"duration": 5, "events": ["#.utf8)
                + Array(repeating: Array((event + ",").utf8), count: count).joined().dropLast()
                + Array("]}".utf8)
        }
        XCTAssertEqual(try ScenarioFile.parse(events(Scenario.maximumEvents, #"{"at": 1, "tap": true}"#),
                                              file: "s.json", folder: "/tmp").events.count,
                       Scenario.maximumEvents)
        // Refused as the item past the limit starts, whatever the items are.
        assertRefused(bytes: events(Scenario.maximumEvents + 1, "0"), exactly: "s.json: events: more than 100000 events")
    }

    func testDepthLimit() {
        func nested(_ arrays: Int) -> String {
            #"{"duration": 5, "x": "# + String(repeating: "[", count: arrays) + String(repeating: "]", count: arrays) + "}"
        }
        // The document is level 1: 31 arrays in it reach the limit, and pass the reader.
        assertRefused(nested(31), "s.json: x: unknown key")
        assertRefused(bytes: Array(nested(32).utf8),
                      exactly: "s.json: x" + String(repeating: "[0]", count: 31) + ": nested more than 32 levels deep")
    }

    func testStringLengthLimit() {
        let atLimit = String(repeating: "é", count: 2048)
        assertRefused(#"{"duration": 5, "size": ""# + atLimit + #""}"#, "size: must be WIDTHxHEIGHT")
        assertRefused(bytes: Array((#"{"duration": 5, "size": ""# + atLimit + #"a"}"#).utf8),
                      exactly: "s.json: size: a string longer than 4096 bytes")
        assertRefused(bytes: Array((#"{"duration": 5, "events": [{""# + atLimit + #"a": 1}]}"#).utf8),
                      exactly: "s.json: events[0]: a key longer than 4096 bytes")
        assertRefused(bytes: Array((#"{"duration": 5, "seed": "# + String(repeating: "1", count: 4097) + "}").utf8),
                      exactly: "s.json: seed: a number longer than 4096 bytes")
    }

    func testReaderLimitsOnValuesAndItems() {
        let limits = JSONLimits(depth: 4, textBytes: 8, arrayItems: 3, values: 6)
        XCTAssertEqual(try JSONReader.read(Array(#"{"a": [1, 2, 3], "b": null}"#.utf8), limits: limits),
                       .object(["a": .array([.number(1), .number(2), .number(3)]), "b": .null]))
        for (json, expected) in [
            (#"{"a": [1, 2, 3, 4]}"#, "a: more than 3 items"),
            (#"{"a": [1, 2], "b": [3, 4]}"#, "more than 6 JSON values"),
            (#"[[[[[]]]]]"#, "[0][0][0][0]: nested more than 4 levels deep"),
            (#"["123456789"]"#, "[0]: a string longer than 8 bytes"),
        ] {
            XCTAssertThrowsError(try JSONReader.read(Array(json.utf8), limits: limits), json) { error in
                XCTAssertEqual("\(error)", expected, json)
            }
        }
    }

    func testDuplicateKeysAreRefused() {
        assertRefused(bytes: Array(#"{"duration": 5, "duration": 6}"#.utf8), exactly: #"s.json: duplicate key "duration""#)
        assertRefused(bytes: Array(#"{"duration": 5, "events": [{"at": 1, "tap": true}, {"at": 1, "tap": true, "at": 2}]}"#.utf8),
                      exactly: #"s.json: events[1]: duplicate key "at""#)
    }

    func testStrictJSON() {
        // Invalid UTF-8, raw and through an escaped lone surrogate.
        assertRefused(bytes: Array(#"{"duration": 5, "size": ""#.utf8) + [0xFF, 0x22, 0x7D], exactly:
                      "s.json: malformed JSON at line 1, column 26: lexical error: invalid bytes in UTF8 string")
        assertRefused(bytes: Array(#"{"duration": 5, "size": "\udc00"}"#.utf8), exactly: "s.json: size: a string is not valid UTF-8")
        assertRefused(#"{"duration": 5} x"#, "malformed JSON at line 1", "trailing garbage")
        assertRefused(#"{"duration": 5} {}"#, "malformed JSON at line 1", "trailing garbage")
        assertRefused(#"{"duration": 5 /* long */}"#, "malformed JSON at line 1")
        assertRefused(#"{"duration": 1e999}"#, "duration: must be a finite number")
        assertRefused(#"{"duration": 5, "size": "1x1\n2"}"#, #"size: must be WIDTHxHEIGHT (got "1x1\n2")"#)
        XCTAssertEqual(try parse(#"{"duration": 5, "events": [{"at": -0, "tap": true}]}"#).events.first?.at, 0)
    }

    func testAFIFOIsRefusedAtOnce() throws {
        let path = try scratchFolder().appendingPathComponent("pipe.json").path
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        // A regression would block in open or read: wait at most 10 s, then
        // free the reader by opening the other end.
        let outcome = LockedBox<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do {
                _ = try ScenarioFile.load(path: path)
                outcome.set("loaded")
            } catch {
                outcome.set("\(error)")
            }
            done.signal()
        }
        if done.wait(timeout: .now() + 10) == .timedOut {
            let writer = open(path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            XCTFail("loading a FIFO blocked")
            _ = done.wait(timeout: .now() + 10)
            return
        }
        XCTAssertEqual(outcome.get(), "\(path): is a FIFO (named pipe) or pipe, not a regular file; save it to a file first")
    }
}

/// A value shared between threads under a lock.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func get() -> Value { lock.withLock { value } }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
}
