import CallshadeCore
import CallshadePNG
import CallshadeReport
import Foundation
import XCTest

final class ReportTests: XCTestCase {
    func image(_ width: Int, _ height: Int, _ pixel: (Int) -> [UInt8]) -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: (0..<(width * height)).flatMap(pixel))!
    }

    func testMetricsOfSmallSyntheticImages() throws {
        // 4 pixels; b differs from a by (2, 0, 0) at pixel 0 and (0, 6, 0) at pixel 3.
        let a = image(2, 2) { _ in [100, 100, 100, 255] }
        let b = image(2, 2) { [100 + ($0 == 0 ? 2 : 0), 100 + ($0 == 3 ? 6 : 0), 100, 255] }
        let metrics = try ImageMetrics(a, b, tolerance: 1)
        XCTAssertEqual(metrics.maxDifference, [2, 6, 0, 0])
        XCTAssertEqual(metrics.meanDifference, [0.5, 1.5, 0, 0])
        // MSE over R, G, B = (4 + 36) / 12; PSNR = 10 log10(255^2 / MSE).
        XCTAssertEqual(metrics.psnr, 10 * log10(255.0 * 255 / (40.0 / 12)), accuracy: 1e-9)
        XCTAssertEqual(metrics.pixelsOverTolerance, 2)
        XCTAssertFalse(metrics.passes)   // half the pixels over: far more than 0.1 %
        XCTAssertEqual(try ImageMetrics(a, b, tolerance: 6).pixelsOverTolerance, 0)
        XCTAssertTrue(try ImageMetrics(a, b, tolerance: 6).passes)
        let same = try ImageMetrics(a, a)
        XCTAssertEqual(same.psnr, .infinity)
        XCTAssertTrue(same.passes)
        XCTAssertThrowsError(try ImageMetrics(a, image(1, 4) { _ in [0, 0, 0, 255] }))
        // One pixel over in 2000: 0.05 %, within the share allowed; 17 levels breaks the edge allowance.
        let big = image(40, 50) { _ in [10, 10, 10, 255] }
        var nudged = big
        nudged.withUnsafeMutablePixels { $0[0] = 14 }
        XCTAssertTrue(try ImageMetrics(big, nudged).passes)
        nudged.withUnsafeMutablePixels { $0[0] = 27 }
        XCTAssertFalse(try ImageMetrics(big, nudged).passes)
    }

    func testComparingTwoPNGsGivesExitCodes() throws {
        let folder = try scratchFolder()
        let a = folder.appendingPathComponent("a.png").path
        let b = folder.appendingPathComponent("b.png").path
        let c = folder.appendingPathComponent("c.png").path
        try PNGFile.write(image(64, 64) { _ in [90, 120, 200, 255] }, to: a)
        try PNGFile.write(image(64, 64) { $0 < 64 ? [90, 160, 200, 255] : [90, 120, 200, 255] }, to: b)
        try PNGFile.write(image(32, 64) { _ in [90, 120, 200, 255] }, to: c)
        XCTAssertEqual(runInProcess(["compare", a, a]).status, 0)
        let differing = try runCallshade(["compare", a, b, "-o", folder.appendingPathComponent("ab").path])
        XCTAssertEqual(differing.status, 1, differing.standardError)
        XCTAssertTrue(differing.standardOutput.contains("FAIL"), differing.standardOutput)
        XCTAssertTrue(differing.standardOutput.contains("64 of 4096"), differing.standardOutput)
        XCTAssertEqual(runInProcess(["compare", a, b, "--tolerance", "40"]).status, 0)
        let mismatch = runInProcess(["compare", a, c])
        assertDiagnostic(mismatch, "compare.sizes-differ", status: 2)
        XCTAssertTrue(mismatch.standardError.contains("the images differ in size: 64x64 and 32x64"), mismatch.standardError)
        XCTAssertEqual(runInProcess(["compare", a, folder.appendingPathComponent("none.png").path]).status, 2)
        XCTAssertEqual(runInProcess(["compare", "--times", "1"]).status, 2)   // no -o
        try assertPageIsComplete(folder.appendingPathComponent("ab"))
    }

    func testScenarioReportHasEveryFrameAndPasses() throws {
        let folder = try scratchFolder()
        let report = folder.appendingPathComponent("report")
        let example = TestPaths.packageRoot.appendingPathComponent("Examples/call.json").path
        let result = try runCallshade(["compare", example, "--times", "0,8.5,31", "--size", "130x282", "-o", report.path])
        XCTAssertEqual(result.status, 0, result.standardOutput + result.standardError)
        let files = try FileManager.default.contentsOfDirectory(atPath: report.path)
        XCTAssertEqual(files.filter { $0.hasSuffix(".png") }.count, 12)
        try assertPageIsComplete(report)
        let html = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        for time in ["0 s", "8.5 s", "31 s"] { XCTAssertTrue(html.contains(time), time) }
        XCTAssertFalse(html.contains("<script"))
        XCTAssertFalse(html.contains("http://") || html.contains("https://"), "the page must not need the network")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["report"])
    }

    /// Every file the page refers to exists beside it.
    func assertPageIsComplete(_ folder: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        var references: [String] = []
        for marker in ["src=\"", "href=\""] {
            var rest = Substring(html)
            while let start = rest.range(of: marker) {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                references.append(String(rest[..<end]))
                rest = rest[end...]
            }
        }
        let files = references.filter { !$0.hasPrefix("#") }
        XCTAssertFalse(files.isEmpty, file: file, line: line)
        for name in files {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name) is missing",
                          file: file, line: line)
        }
    }

    func testContactSheetGrid() throws {
        let folder = try scratchFolder()
        let sheet = folder.appendingPathComponent("sheet.png").path
        let example = TestPaths.packageRoot.appendingPathComponent("Examples/call.json").path
        // 40 s every 5 s: 8 cells, 3 columns: 3 x 3 grid of 60x120 cells.
        let result = try runCallshade(["sheet", example, "--every", "5", "--columns", "3", "--size", "60x120", "-o", sheet])
        XCTAssertEqual(result.status, 0, result.standardError)
        let image = try PNGFile.read(path: sheet)
        let text = try TextRenderer(pixelHeight: max(12, 60 / 9))
        let gap = 6
        let label = text.pixelHeight * 2
        XCTAssertEqual(image.width, gap + 3 * (60 + gap))
        XCTAssertEqual(image.height, gap + 3 * (120 + label + gap))
        XCTAssertEqual(ReviewPictures.gridSize(count: 8, columns: 3).rows, 3)
        // The labels are drawn: the strip under the first cell has dark pixels, the gap column does not.
        let strip = (gap + 120)..<(gap + 120 + label)
        let dark = strip.contains { y in (gap..<(gap + 60)).contains { x in (image.pixel(x: x, y: y)?[0] ?? 255) < 128 } }
        XCTAssertTrue(dark, "no label text under the first cell")
        XCTAssertEqual(image.pixel(x: 2, y: 2), [255, 255, 255, 255])
    }

    func testTextRendererDrawsGlyphs() throws {
        let text = try TextRenderer(pixelHeight: 20)
        XCTAssertGreaterThan(text.width(of: "12.5 s"), text.width(of: "1"))
        var canvas = RGBAImage(width: 100, height: 30, fill: (255, 255, 255, 255))
        text.draw("8 s", into: &canvas, x: 5, baseline: 22, color: (0, 0, 0))
        XCTAssertGreaterThan(canvas.pixels.enumerated().filter { $0.offset % 4 == 0 && $0.element < 100 }.count, 20)
        XCTAssertThrowsError(try TextRenderer(pixelHeight: 20, candidates: ["/nonexistent/font.ttf"])) { error in
            XCTAssertTrue("\(error)".contains("fonts-dejavu-core"), "\(error)")
        }
    }
}
