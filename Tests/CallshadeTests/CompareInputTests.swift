import CallshadeCore
import CallshadePNG
import Foundation
import XCTest

/// `compare A.png B.png`: a PNG it cannot read (missing, a folder, not a PNG,
/// cut short) is the input's fault, reported as picture.unreadable with the
/// file named; only the report it writes can be an output error.
final class CompareInputTests: XCTestCase {
    /// A 64x64 PNG of varied pixels (well over 100 bytes) and a copy of its first 100 bytes.
    private func pictures(in folder: URL) throws -> (whole: String, truncated: String) {
        let whole = folder.appendingPathComponent("whole.png").path
        var pixels: [UInt8] = []
        for y in 0..<64 {
            for x in 0..<64 {
                let noise = UInt8(truncatingIfNeeded: (x * 131 + y * 71) * 37)
                pixels += [UInt8(x * 4), UInt8(y * 4), noise, 255]
            }
        }
        try PNGFile.write(try XCTUnwrap(RGBAImage(width: 64, height: 64, pixels: pixels)), to: whole)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        XCTAssertGreaterThan(bytes.count, 200)
        let truncated = folder.appendingPathComponent("truncated.png")
        try bytes.prefix(100).write(to: truncated)
        return (whole, truncated.path)
    }

    /// Asserts `result` is the input diagnostic naming `path`, with no output diagnostic.
    private func assertInputError(_ result: CommandResult, naming path: String, _ context: String,
                                  file: StaticString = #filePath, line: UInt = #line) {
        assertDiagnostic(result, "picture.unreadable", status: 2, context, file: file, line: line)
        XCTAssertTrue(result.standardError.contains("'\(path)'"), "\(context): \(result.standardError)", file: file, line: line)
        XCTAssertFalse(result.standardError.contains("[output."), "\(context): \(result.standardError)", file: file, line: line)
    }

    func testATruncatedPNGIsAnInputErrorNamingIt() throws {
        let folder = try scratchFolder()
        let (whole, truncated) = try pictures(in: folder)
        let report = folder.appendingPathComponent("report").path
        for arguments in [[truncated, whole], [whole, truncated], [truncated, whole, "-o", report]] {
            assertInputError(runInProcess(["compare"] + arguments), naming: truncated, "\(arguments)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: report), "no report for pictures that cannot be read")
    }

    func testMissingFolderAndNonPNGInputsAreInputErrorsNamingThem() throws {
        let folder = try scratchFolder()
        let (whole, _) = try pictures(in: folder)
        let missing = folder.appendingPathComponent("missing.png").path
        let aFolder = folder.appendingPathComponent("folder.png").path
        try FileManager.default.createDirectory(atPath: aFolder, withIntermediateDirectories: false)
        let text = folder.appendingPathComponent("text.png")
        try Data("not a picture".utf8).write(to: text)
        for input in [missing, aFolder, text.path] {
            assertInputError(runInProcess(["compare", whole, input]), naming: input, input)
        }
    }

    func testReportErrorsStayOutputErrors() throws {
        let folder = try scratchFolder()
        let (whole, _) = try pictures(in: folder)
        let full = folder.appendingPathComponent("full")
        try FileManager.default.createDirectory(at: full, withIntermediateDirectories: false)
        try Data().write(to: full.appendingPathComponent("keep.txt"))
        assertDiagnostic(runInProcess(["compare", whole, whole, "-o", full.path]), "output.folder-not-empty", status: 2)
        let orphan = folder.appendingPathComponent("nowhere/report").path
        assertDiagnostic(runInProcess(["compare", whole, whole, "-o", orphan]), "output.folder-missing", status: 2)
    }
}
