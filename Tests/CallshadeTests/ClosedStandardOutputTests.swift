import Foundation
import XCTest

/// Standard output closed when callshade starts (the shell's `>&-`): it is
/// put on /dev/null, so `-o -` would write every frame there unseen and
/// exit 0. It is refused before any frame instead; outputs to files are
/// unaffected, and so is `-o -` with only standard input and error closed.
final class ClosedStandardOutputTests: XCTestCase {
    /// A 0.2 s call scenario (12 frames at 60 fps) in `folder`.
    private func scenario(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("call.json").path
        try Data(HostileInputs.scenario(duration: 0.2).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs callshade with `arguments` and the standard descriptors `closed` closed at start.
    private func run(_ arguments: [String], closed: [Int32]) throws -> HostileResult {
        try HostileHarness.run(HostileCase(name: arguments.joined(separator: " "), arguments: arguments, outcome: .succeeds, streams: .closed(closed)))
    }

    func testRawFramesToAClosedStandardOutputAreRefused() throws {
        let call = try scenario(in: try scratchFolder())
        for extra in [[], ["--format", "raw", "--pix-fmt", "yuv420p"]] {
            let result = try run(["render", call, "--size", "64x64", "-o", "-"] + extra, closed: [1])
            XCTAssertEqual(result.status, 1, "\(extra): \(result.standardError)")
            let lines = result.standardError.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, "\(extra): \(result.standardError)")
            XCTAssertTrue(lines.first?.hasPrefix("Error [output.standard-output-closed]: standard output is closed") ?? false,
                          "\(extra): \(result.standardError)")
        }
    }

    func testARenderToFilesWorksWithStandardOutputClosed() throws {
        let folder = try scratchFolder()
        let frames = folder.appendingPathComponent("frames").path
        let result = try run(["render", try scenario(in: folder), "--size", "64x64", "--backend", "cpu", "-o", frames], closed: [1])
        XCTAssertEqual(result.status, 0, result.standardError)
        let written = try FileManager.default.contentsOfDirectory(atPath: frames).filter { $0.hasSuffix(".png") }
        XCTAssertEqual(written.count, 12, "\(written)")
    }

    func testRawFramesAreWrittenWithOnlyStandardInputAndErrorClosed() throws {
        let call = try scenario(in: try scratchFolder())
        // The shell closes 0 and 2, then becomes callshade; standard output stays the pipe read here.
        let result = try Tools.run("/bin/sh", ["-c", "exec 0<&- 2>&-; exec \"$@\"", "sh", TestPaths.executable.path,
                                               "render", call, "--size", "64x64", "--backend", "cpu", "-o", "-"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.standardOutput.count, 12 * 64 * 64 * 4, "12 RGBA frames of 64x64")
    }
}
