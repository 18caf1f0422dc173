import CallshadeCore
import CallshadePNG
import Foundation
import XCTest

final class ScenarioCommandTests: XCTestCase {
    var example: String { TestPaths.packageRoot.appendingPathComponent("Examples/call.json").path }

    func write(_ json: String, to folder: URL, name: String = "s.json") throws -> String {
        let url = folder.appendingPathComponent(name)
        try json.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testValidateSummarisesTheTimeline() throws {
        let result = try runCallshade(["validate", example, "--lines", "200"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("valid; 44 s, seed 11"), result.standardOutput)
        // The scene kind, on the line after the settings; the rest of the listing is the kind's.
        XCTAssertEqual(result.standardOutput.split(separator: "\n").dropFirst().first, "scene: call", result.standardOutput)
        for line in ["6.000  palette blue-green", "10.000  idle: background settles on phase 6",
                     "14.000  background resumes from phase 6", "30.000  waves frozen (proximity near)", "40.500  rated 5 stars"] {
            XCTAssertTrue(result.standardOutput.contains(line), "\(line) not in:\n\(result.standardOutput)")
        }
        // By default at most 40 lines of it: the first 20 and the last 20 (and six more: the
        // settings, the kind, two about the audio, the table's head, how many are left out).
        let short = try runCallshade(["validate", example])
        XCTAssertLessThanOrEqual(short.standardOutput.split(separator: "\n").count, 46)
    }

    func testBadScenariosGiveShortErrors() throws {
        let folder = try scratchFolder()
        let cases: [(String, String)] = [
            (#"{"duration": 5, "events": [{"at": 1, "lvl": 2}]}"#, "events[0].lvl: unknown key"),
            ("{\n\"duration\": 5,,\n}", "malformed JSON at line 2"),
            (#"{"duration": 5, "events": [{"at": 9, "tap": true}]}"#, "past the scenario's duration"),
        ]
        for (json, expected) in cases {
            let path = try write(json, to: folder)
            for command in [["validate", path], ["render", path, "-o", folder.appendingPathComponent("out").path],
                            ["frame", "--scenario", path, "-o", folder.appendingPathComponent("f.png").path]] {
                let result = runInProcess(command)
                assertDiagnostic(result, "scenario.invalid", status: 1, "\(command)")
                XCTAssertTrue(result.standardError.contains(expected), "\(command): \(result.standardError)")
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["s.json"])
        }
        let missing = runInProcess(["validate", folder.appendingPathComponent("none.json").path])
        assertDiagnostic(missing, "scenario.invalid", status: 1)
    }

    func testRenderWritesANumberedSequence() throws {
        let folder = try scratchFolder()
        let out = folder.appendingPathComponent("frames")
        let result = try runCallshade(["render", example, "--fps", "4", "--from", "9", "--to", "11", "--size", "39x84", "-o", out.path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        XCTAssertEqual(files, (0..<8).map { String(format: "frame_%06d.png", $0) })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["frames"])   // no temporaries
        // Frame 4 is 10 s: the same as `frame --time 10`.
        let single = folder.appendingPathComponent("ten.png").path
        XCTAssertEqual(runInProcess(["frame", "--scenario", example, "--time", "10", "--size", "39x84", "-o", single]).status, 0)
        assertSameImage(try PNGFile.read(path: single), try PNGFile.read(path: out.appendingPathComponent("frame_000004.png").path))
    }

    func testThirtyAndSixtyFramesASecondGiveTheSameBytesAtSharedInstants() throws {
        let folder = try scratchFolder()
        for fps in ["30", "60"] {
            // The GPU renderer: the schedule's instants are the renderer's input, and the CPU reference's
            // glass costs 60 ms a frame at any size.
            let result = runInProcess(["render", example, "--fps", fps, "--to", "1", "--size", "20x40",
                                       "-o", folder.appendingPathComponent(fps).path])
            XCTAssertEqual(result.status, 0, result.standardError)
        }
        for frame in [0, 7, 15, 29] {
            let thirty = try Data(contentsOf: folder.appendingPathComponent("30/" + String(format: "frame_%06d.png", frame)))
            let sixty = try Data(contentsOf: folder.appendingPathComponent("60/" + String(format: "frame_%06d.png", 2 * frame)))
            XCTAssertEqual(thirty, sixty, "frame \(frame) at 30 fps")
        }
    }

    func testRenderRefusesBadRangesAndOutputs() throws {
        let folder = try scratchFolder()
        let out = folder.appendingPathComponent("out").path
        let cases: [([String], String, Int32)] = [
            (["--from", "5", "--to", "3"], "render.range", 1),
            (["--to", "50"], "time.outside-scenario", 1),
            (["--from", "-1"], "time.outside-scenario", 1),
            (["--from", "abc"], "option.value", 64),
            (["--fps", "0"], "option.range", 64),
            (["--fps", "5000"], "option.range", 64),
            (["--size", "0x0"], "option.value", 64),
        ]
        for (arguments, id, status) in cases {
            let result = runInProcess(["render", example, "-o", out] + arguments)
            assertDiagnostic(result, id, status: status, "\(arguments)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "\(arguments)")
        }
        let nested = runInProcess(["render", example, "-o", folder.appendingPathComponent("a/b").path])
        assertDiagnostic(nested, "output.folder-missing", status: 1)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("full"), withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("full/keep.txt"))
        let full = runInProcess(["render", example, "--to", "0.1", "-o", folder.appendingPathComponent("full").path])
        assertDiagnostic(full, "output.folder-not-empty", status: 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("full").path), ["keep.txt"])
    }

    func testFrameOverridesTheScenariosPaletteAndPhase() throws {
        let folder = try scratchFolder()
        let fromScenario = folder.appendingPathComponent("a.png").path
        let overridden = folder.appendingPathComponent("b.png").path
        let plain = folder.appendingPathComponent("c.png").path
        XCTAssertEqual(runInProcess(["frame", "--scenario", example, "--time", "11", "--size", "30x60", "--palette", "blue-green",
                                         "--phase", "1", "--layers", "background", "-o", overridden]).status, 0)
        XCTAssertEqual(runInProcess(["frame", "--palette", "blue-green", "--phase", "1", "--size", "30x60",
                                         "--layers", "background", "-o", plain]).status, 0)
        assertSameImage(try PNGFile.read(path: overridden), try PNGFile.read(path: plain))
        XCTAssertEqual(runInProcess(["frame", "--scenario", example, "--time", "11", "--size", "30x60", "--layers", "background",
                                         "-o", fromScenario]).status, 0)
        XCTAssertTrue(try PNGFile.read(path: fromScenario) != PNGFile.read(path: plain))
        let noScenario = runInProcess(["frame", "--time", "3", "-o", plain])
        assertDiagnostic(noScenario, "option.combination", status: 64)
        let late = runInProcess(["frame", "--scenario", example, "--time", "45", "-o", folder.appendingPathComponent("d.png").path])
        assertDiagnostic(late, "time.outside-scenario", status: 1)
    }

    /// The call's still options are refused for a kind that has no gradient or voice, naming the option, and nothing is written.
    func testFramesStillOptionsAreRefusedForAKindWithoutThem() throws {
        let folder = try scratchFolder()
        let out = folder.appendingPathComponent("chat.png").path
        let chat = TestPaths.packageRoot.appendingPathComponent("Examples/chat.json").path
        let refused = runInProcess(["frame", "--scenario", chat, "--phase", "2", "--size", "30x60", "-o", out])
        assertDiagnostic(refused, "option.combination", status: 64)
        XCTAssertTrue(refused.standardError.contains("--phase does not apply to a chat scene"), refused.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        XCTAssertEqual(runInProcess(["frame", "--scenario", chat, "--size", "30x60", "-o", out]).status, 0)
    }
}
