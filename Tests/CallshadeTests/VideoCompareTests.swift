@testable import callshade
import Foundation
import XCTest

/// `callshade compare A B` on two videos: two renders of the example
/// drawing, B starting 0.5 s (15 frames) later and with one stroke's colour
/// changed. The offset is found exactly, and the changed frames are exactly
/// those whose PNG frames (rendered apart, compared byte for byte) differ.
final class VideoCompareTests: XCTestCase {
    private func render(_ scenario: String, from: Double, to: Double, output: String) {
        let result = runInProcess(["render", scenario, "--size", "108x192", "--from", "\(from)", "--to", "\(to)", "--backend", "cpu"]
                                  + (output.hasSuffix(".mkv") ? ["--codec", "ffv1"] : []) + ["-o", output])
        XCTAssertEqual(result.status, 0, result.standardError)
    }

    func testTheOffsetAndTheChangedRangeOfTwoRendersAreFoundExactly() throws {
        let folder = try scratchFolder()
        let original = TestPaths.packageRoot.appendingPathComponent("Examples/drawing.json").path
        var drawing = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: original))) as? [String: Any])
        var strokes = try XCTUnwrap(drawing["strokes"] as? [[String: Any]])
        XCTAssertEqual(strokes[2]["color"] as? String, "#1B2A4A", "the third stroke, drawn from 1.5 s, is where this test looks for it")
        strokes[2]["color"] = "#E8C000"
        drawing["strokes"] = strokes
        let changed = folder.appendingPathComponent("changed.json").path
        try JSONSerialization.data(withJSONObject: drawing).write(to: URL(fileURLWithPath: changed))

        // A: the original from 0 to 3 s; B: the changed one from 0.5 to 3.5 s (B's frame k is A's frame k + 15).
        let a = folder.appendingPathComponent("a.mkv").path, b = folder.appendingPathComponent("b.mkv").path
        render(original, from: 0, to: 3, output: a)
        render(changed, from: 0.5, to: 3.5, output: b)
        // The oracle: the two scenarios' PNG frames at A's instants, byte for byte.
        let framesA = folder.appendingPathComponent("frames-a").path, framesB = folder.appendingPathComponent("frames-b").path
        render(original, from: 0, to: 3, output: framesA)
        render(changed, from: 0, to: 3, output: framesB)
        let differing = try (15..<90).filter { frame in
            let name = String(format: "frame_%06d.png", frame)
            return try Data(contentsOf: URL(fileURLWithPath: framesA + "/" + name)) != Data(contentsOf: URL(fileURLWithPath: framesB + "/" + name))
        }
        let first = try XCTUnwrap(differing.first)
        XCTAssertEqual(differing, Array(first..<90), "the changed stroke stays from its first frame on")
        XCTAssertEqual(Double(first) / 30, 1.5, accuracy: 0.05)

        let comparison = try VideoComparison(a, b, mostOffset: 2, tolerance: 1)
        XCTAssertEqual(comparison.offset, 15)
        XCTAssertEqual(comparison.pairs.count, 75)
        XCTAssertEqual(comparison.pairs.first?.a, 15)
        XCTAssertEqual(comparison.pairs.first?.b, 0)
        XCTAssertEqual(comparison.changedRanges, [first...89])
        for pair in comparison.pairs where pair.a < first {
            XCTAssertEqual(pair.largestDifference, 0, "A \(pair.a)")
            XCTAssertEqual(pair.ssim, 1, accuracy: 1e-12, "A \(pair.a)")
        }
        let worst = try XCTUnwrap(comparison.worst)
        XCTAssertLessThan(worst.ssim, 1)
        XCTAssertGreaterThanOrEqual(worst.a, first)

        // Swapped: the same frames, the offset negated.
        let swapped = try VideoComparison(b, a, mostOffset: 2, tolerance: 1)
        XCTAssertEqual(swapped.offset, -15)
        XCTAssertEqual(swapped.changedRanges, [(first - 15)...74])

        // The command (the binary, for its standard output): its lines, exit 1 for frames over the tolerance, 0 for a video against itself.
        let result = try runCallshade(["compare", a, b])
        XCTAssertEqual(result.status, 1, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("offset: 15 frames (0.500 s)"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("changed (largest luma difference over 1): A \(first)-89 ("), result.standardOutput)
        let same = try runCallshade(["compare", a, a])
        XCTAssertEqual(same.status, 0, same.standardError)
        XCTAssertTrue(same.standardOutput.contains("offset: 0 frames") && same.standardOutput.contains("changed (largest luma difference over 1): none"),
                      same.standardOutput)
    }

    func testVideosThatCannotBeComparedAreRefused() throws {
        let folder = try scratchFolder()
        let original = TestPaths.packageRoot.appendingPathComponent("Examples/drawing.json").path
        let a = folder.appendingPathComponent("a.mkv").path
        render(original, from: 0, to: 1, output: a)
        let other = folder.appendingPathComponent("other.mkv").path
        let result = runInProcess(["render", original, "--size", "54x96", "--to", "1", "--backend", "cpu", "--codec", "ffv1", "-o", other])
        XCTAssertEqual(result.status, 0, result.standardError)
        let sizes = runInProcess(["compare", a, other])
        XCTAssertEqual(sizes.status, 2)
        XCTAssertTrue(sizes.standardError.contains("compare needs the same size"), sizes.standardError)
        let missing = runInProcess(["compare", a, folder.appendingPathComponent("none.mp4").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.standardError.contains("none.mp4"), missing.standardError)
        let report = runInProcess(["compare", a, a, "-o", folder.appendingPathComponent("report").path])
        XCTAssertEqual(report.status, 2)
        XCTAssertTrue(report.standardError.contains("two videos' comparison is printed"), report.standardError)
        // A shift longer than the videos: every shift is looked at, none traps.
        let huge = runInProcess(["compare", a, a, "--most-offset", "1e300"])
        XCTAssertEqual(huge.status, 0, huge.standardError)
        let short = folder.appendingPathComponent("short.mkv").path
        render(original, from: 0, to: 0.1, output: short)
        let shortAgainstLong = try runCallshade(["compare", short, a, "--most-offset", "1e300"])
        XCTAssertEqual(shortAgainstLong.status, 0, shortAgainstLong.standardError)
        XCTAssertTrue(shortAgainstLong.standardOutput.contains("offset: 0 frames"), shortAgainstLong.standardOutput)
    }
}
