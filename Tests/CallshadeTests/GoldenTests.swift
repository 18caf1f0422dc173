import CallshadeCore
import CallshadeGL
import CallshadePNG
import Foundation
import XCTest

/// Both renderers against the golden PNGs in Goldens/, with the parity
/// tolerance. Set CALLSHADE_RECORD_GOLDENS=1 to re-record them from the CPU
/// reference: the run then fails on purpose, so a re-record is never silent.
/// On a mismatch the test names the first differing pixel and writes what it
/// got to .build/test-failures/.
final class GoldenTests: XCTestCase {
    static let size = "117x253"   // a tenth of the phone screen
    static let cases: [(Palette, Double)] = Palette.allCases.flatMap { palette in
        [0.0, 2.5, 6.75].map { (palette, $0) }
    }

    static func name(_ palette: Palette, _ phase: Double) -> String {
        "gradient-\(palette.name)-phase\(String(format: "%.2f", phase))"
    }

    var recording: Bool { ProcessInfo.processInfo.environment["CALLSHADE_RECORD_GOLDENS"] == "1" }

    func testGoldens() throws {
        let gpu = try makeGPURenderer()
        let cpu = ReferenceRenderer()
        var recorded: [String] = []
        for (palette, phase) in Self.cases {
            let name = Self.name(palette, phase)
            let request = FrameRequest(size: try FrameSize(parsing: Self.size),
                                       background: GradientParameters(palette: palette, phase: phase))
            let goldenPath = TestPaths.goldens.appendingPathComponent(name + ".png").path
            if recording {
                try PNGFile.write(try cpu.render(request), to: goldenPath)
                recorded.append(name)
                continue
            }
            let golden = try PNGFile.read(path: goldenPath)
            for (backend, renderer) in [("gpu", gpu as FrameRenderer), ("cpu", cpu)] {
                let actual = try renderer.render(request)
                let comparison = ImageComparison(actual, golden)
                if !comparison.withinParity {
                    try FileManager.default.createDirectory(at: TestPaths.failureOutput, withIntermediateDirectories: true)
                    let actualPath = TestPaths.failureOutput.appendingPathComponent("\(name)-\(backend).actual.png").path
                    try PNGFile.write(actual, to: actualPath)
                    XCTFail("\(name) on \(backend) differs from its golden: \(comparison) (got \(actualPath))")
                }
            }
        }
        if recording {
            XCTFail("re-recorded \(recorded.count) goldens in Goldens/ (\(recorded.joined(separator: ", "))); "
                    + "look at them, then run again without CALLSHADE_RECORD_GOLDENS to compare")
        }
    }

    func testEveryGoldenIsUsed() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: TestPaths.goldens.path)
            .filter { $0.hasPrefix("gradient-") }.sorted()
        XCTAssertEqual(files, Self.cases.map { Self.name($0.0, $0.1) + ".png" }.sorted())
    }
}
