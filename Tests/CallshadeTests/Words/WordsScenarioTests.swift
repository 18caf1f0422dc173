import CallshadeCore
import CallshadeKinds
import CallshadeJSON
import Foundation
import XCTest

/// The scenario's `name` and the ended state's `reason`, and frames with
/// words through the command line.
final class WordsScenarioTests: XCTestCase {
    func parse(_ json: String) throws -> Scenario {
        try ScenarioFile.parse(Array(json.utf8), file: "s.json", folder: "/tmp")
    }

    func testNameAndReasonAreRead() throws {
        let scenario = try parse(#"{"duration": 5, "name": "Zoë 🦊 Łukasz", "events": [{"at": 1, "state": "ended", "reason": "busy"}]}"#)
        XCTAssertEqual(scenario.name, "Zoë 🦊 Łukasz")
        XCTAssertEqual(scenario.events.first?.change, .state(.ended, reason: .busy))
        XCTAssertEqual(try parse(#"{"duration": 5}"#).name, "Emma Walker")
        let sixtyFour = String(repeating: "👩‍👩‍👧", count: 64)
        XCTAssertEqual(try parse(#"{"duration": 5, "name": "\#(sixtyFour)"}"#).name, sixtyFour)
    }

    func testBadNamesAndReasonsAreRefusedNamingTheField() throws {
        let cases: [(String, String)] = [
            (#"{"duration": 5, "name": 3}"#, "name: must be a string"),
            (#"{"duration": 5, "name": ""}"#, "name: is empty"),
            (#"{"duration": 5, "name": "\#(String(repeating: "a", count: 65))"}"#, "name: has 65 characters; at most 64"),
            (#"{"duration": 5, "name": "Emma\nWalker"}"#, "name: contains the control character U+000A"),
            (#"{"duration": 5, "name": "Emma\u0007"}"#, "name: contains the control character U+0007"),
            (#"{"duration": 5, "events": [{"at": 1, "state": "ended", "reason": "bored"}]}"#,
             "events[0].reason: unknown reason 'bored'; valid reasons: hangup, busy, declined, failed, missed"),
            (#"{"duration": 5, "events": [{"at": 1, "state": "active", "reason": "busy"}]}"#,
             "events[0].reason: only an \"ended\" state has a reason"),
            (#"{"duration": 5, "events": [{"at": 1, "tap": true, "reason": "busy"}]}"#, "events[0].reason: only an \"ended\" state"),
            (#"{"duration": 5, "events": [{"at": 1, "state": "ended", "reason": 2}]}"#, "events[0].reason: must be a string"),
        ]
        let folder = try scratchFolder()
        for (json, expected) in cases {
            XCTAssertThrowsError(try parse(json)) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(json): \(error)")
                XCTAssertFalse("\(error)".contains("\n"), "one line: \(error)")
            }
            let path = folder.appendingPathComponent("s.json")
            try json.write(to: path, atomically: true, encoding: .utf8)
            let result = runInProcess(["render", path.path, "-o", folder.appendingPathComponent("out.mp4").path])
            assertDiagnostic(result, "scenario.invalid", status: 1, json)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["s.json"], json)
        }
    }

    /// Frame 90 at 30 fps and frame 180 at 60 fps are the same instant (3 s,
    /// where "Ringing" replaces "Requesting"), and so the same bytes, words and all.
    func testWordsDoNotDependOnTheFrameRate() throws {
        let example = TestPaths.packageRoot.appendingPathComponent("Examples/call.json").path
        var frames: [Data] = []
        for (fps, end) in [("30", "3.02"), ("60", "3.01")] {
            frames.append(try renderRawInProcess([example, "--fps", fps, "--from", "3", "--to", end, "--size", "390x844", "--pix-fmt", "rgba", "--quiet"]))
        }
        XCTAssertEqual(frames[0].count, 390 * 844 * 4)
        XCTAssertEqual(frames[0], frames[1])
    }
}
