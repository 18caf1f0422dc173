@testable import callshade
import CallshadeCore
import CallshadePNG
import CallshadeReport
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
        let original = TestPaths.packageRoot.appendingPathComponent("Examples/drawing-canvas.json").path
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

        // The report: the plot over time with one point a pair and the changed range shaded exactly, then the worst pairs' pictures.
        let report = folder.appendingPathComponent("report")
        let reported = runInProcess(["compare", a, b, "-o", report.path])
        XCTAssertEqual(reported.status, 1, reported.standardError)
        let page = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertEqual(page.components(separatedBy: "class=\"changed\"").count - 1, 1, "one changed range")
        XCTAssertTrue(page.contains("data-from=\"\(first)\" data-to=\"89\""), "the range shaded is A \(first) to 89")
        let ssimLine = try XCTUnwrap(page.components(separatedBy: "class=\"ssim\"").dropFirst().first)
        let points = try XCTUnwrap(ssimLine.components(separatedBy: "points=\"").dropFirst().first?.components(separatedBy: "\"").first)
        XCTAssertEqual(points.split(separator: " ").count, 75, "a point for each pair")
        let worstPairs = comparison.worstPairs(count: CompareCommand.worstShown, spacing: 15)
        XCTAssertFalse(worstPairs.isEmpty)
        XCTAssertLessThan(worstPairs.count, CompareCommand.worstShown, "the 45 changed frames have room for fewer than 6 pairs 15 frames apart")
        // Every changed pair left out is nearer than 15 frames to a worse (or as bad) one shown.
        for pair in comparison.pairs where pair.largestDifference > 0 && !worstPairs.contains(pair) {
            XCTAssertTrue(worstPairs.contains { abs($0.a - pair.a) < 15 && ($0.ssim, $0.a) < (pair.ssim, pair.a) }, "A \(pair.a) left out")
        }
        for (index, pair) in worstPairs.enumerated() {
            XCTAssertTrue((first...89).contains(pair.a), "worst pair A \(pair.a) is a changed frame")
            XCTAssertEqual(pair.b, pair.a - 15)
            for other in worstPairs[..<index] { XCTAssertGreaterThanOrEqual(abs(other.a - pair.a), 15) }
            if index > 0 { XCTAssertGreaterThanOrEqual(pair.ssim, worstPairs[index - 1].ssim) }
            let stem = report.appendingPathComponent(String(format: "a%06d", pair.a)).path
            for suffix in ["-side.png", "-diff.png"] { XCTAssertTrue(FileManager.default.fileExists(atPath: stem + suffix), stem + suffix) }
            XCTAssertTrue(page.contains(String(format: "a%06d-side.png", pair.a)))
            // Each side is its own video's frame: nearer the PNG frame of its scenario than the other's (they differ there).
            let name = String(format: "frame_%06d.png", pair.a)
            let pngA = try PNGFile.read(path: framesA + "/" + name), pngB = try PNGFile.read(path: framesB + "/" + name)
            let shownA = try PNGFile.read(path: stem + "-a.png"), shownB = try PNGFile.read(path: stem + "-b.png")
            let mean = { (x: RGBAImage, y: RGBAImage) in try ImageMetrics(x, y, tolerance: 1).meanDifference.prefix(3).reduce(0, +) }
            XCTAssertLessThan(try mean(shownA, pngA), try mean(shownA, pngB), "A \(pair.a)")
            XCTAssertLessThan(try mean(shownB, pngB), try mean(shownB, pngA), "B \(pair.b)")
        }
    }

    func testVideosThatCannotBeComparedAreRefused() throws {
        let folder = try scratchFolder()
        let original = TestPaths.packageRoot.appendingPathComponent("Examples/drawing-canvas.json").path
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
        // A video against itself: a report without worst pairs.
        let report = runInProcess(["compare", a, a, "-o", folder.appendingPathComponent("report").path])
        XCTAssertEqual(report.status, 0, report.standardError)
        let page = try String(contentsOf: folder.appendingPathComponent("report/index.html"), encoding: .utf8)
        XCTAssertFalse(page.contains("<section"), "no pair differs")
        let again = runInProcess(["compare", a, a, "-o", folder.appendingPathComponent("report").path])
        XCTAssertEqual(again.status, 2, "the report folder is not empty any more")
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
