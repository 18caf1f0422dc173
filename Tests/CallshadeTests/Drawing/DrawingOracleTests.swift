@testable import CallshadeCore
import Foundation
import XCTest

/// The pen's geometry against Scripts/spec-drawing.py, the independent
/// oracle written from drawing.md: for the recorded strokes of
/// Goldens/drawing/pen-strokes.json at the instants it names, the kept
/// samples and their widths, and the smoothed centre line, within 0.01 px.
final class DrawingOracleTests: XCTestCase {
    static let tolerance = 0.01

    func testThePensWidthsAndCentreLineMatchTheOracle() throws {
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw XCTSkip("/usr/bin/python3 is missing: the drawing oracle (Scripts/spec-drawing.py) cannot run")
        }
        let fixture = try DrawingFixture.load("pen-strokes")
        let process = Process(), output = Pipe()
        process.executableURL = python
        process.arguments = [TestPaths.packageRoot.appendingPathComponent("Scripts/spec-drawing.py").path, "geometry",
                             DrawingFixture.url("pen-strokes").path]
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "spec-drawing.py geometry failed")
        let oracle = try XCTUnwrap((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["strokes"] as? [[String: Any]])
        XCTAssertEqual(oracle.count, fixture.instants.map(\.count).reduce(0, +))

        var largest = 0.0, compared = 0
        for entry in oracle {
            let index = try XCTUnwrap(entry["stroke"] as? Int), time = try XCTUnwrap((entry["at"] as? NSNumber)?.doubleValue)
            let kept = try XCTUnwrap(entry["kept"] as? [[Double]]), centre = try XCTUnwrap(entry["centre"] as? [[Double]])
            let pen = PenStroke(fixture.strokes[index], at: time, longerSide: fixture.longerSide)
            let what = "stroke \(index) at \(time) s"
            XCTAssertEqual(pen.kept.count, kept.count, "\(what): kept samples")
            XCTAssertEqual(pen.centreLine.count, centre.count, "\(what): centre points")
            for (swift, python) in zip(pen.kept, kept) {
                for (a, b) in [(swift.position.x, python[0]), (swift.position.y, python[1]), (swift.time, python[2]), (swift.width, python[3])] {
                    largest = max(largest, abs(a - b))
                    XCTAssertEqual(a, b, accuracy: Self.tolerance, "\(what): kept sample")
                }
            }
            for (swift, python) in zip(pen.centreLine, centre) {
                for (a, b) in [(swift.position.x, python[0]), (swift.position.y, python[1]), (swift.width, python[2])] {
                    largest = max(largest, abs(a - b))
                    XCTAssertEqual(a, b, accuracy: Self.tolerance, "\(what): centre line")
                }
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 1000)
        print("DrawingOracleTests: \(compared) centre points compared; the largest difference \(largest) px")
    }
}
