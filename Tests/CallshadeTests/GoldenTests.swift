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

    /// Waves and avatar at 390x844, from states of `ForegroundFixtures.timeline`.
    static let foregroundCases: [(name: String, time: Double, layers: Set<SceneTag>, photo: Bool)] = [
        ("call-waves-level0", 2, Set(SceneTag.allCases), false),
        ("call-waves-level3", 7, Set(SceneTag.allCases), false),
        ("call-waves-hidden-muted", 9.5, Set(SceneTag.allCases), false),
        ("call-waves-frozen-near", 13, Set(SceneTag.allCases), false),
        ("call-avatar-photo", 7, Set(SceneTag.allCases), true),
        ("call-waves-mask", 7, [.waves], false),
    ]

    var recording: Bool { ProcessInfo.processInfo.environment["CALLSHADE_RECORD_GOLDENS"] == "1" }
    /// With CALLSHADE_RECORD_GOLDENS=1, CALLSHADE_RECORD_ONLY=PREFIX records only the goldens whose names start so.
    var recordingOnly: String? { ProcessInfo.processInfo.environment["CALLSHADE_RECORD_ONLY"] }

    func testGoldens() throws {
        var cases: [(String, Scene, edgeTolerance: Bool)] = []
        for (palette, phase) in Self.cases {
            cases.append((Self.name(palette, phase), Scene(size: try FrameSize(parsing: Self.size),
                                                                  background: GradientParameters(palette: palette, phase: phase)), false))
        }
        for item in Self.foregroundCases {
            cases.append((item.name, try ForegroundFixtures.scene(at: item.time, layers: item.layers, photo: item.photo), true))
        }
        for item in WordsFixtures.goldenCases {
            cases.append((item.name, try WordsFixtures.goldenScene(at: item.time, palette: item.palette), true))
        }
        for item in ScriptFixtures.goldenCases {
            cases.append((item.name, try ScriptFixtures.goldenScene(title: item.title), true))
        }
        for item in KeyFixtures.goldenCases {
            cases.append((item.name, try KeyFixtures.goldenScene(at: item.time, layers: item.layers), true))
        }
        for item in RatingFixtures.goldenCases {
            cases.append((item.name, try RatingFixtures.goldenScene(item.scenario, at: item.time, layers: item.layers), true))
        }
        try check(cases)
    }

    func check(_ cases: [(String, Scene, edgeTolerance: Bool)]) throws {
        let gpu = try makeGPURenderer()
        let cpu = ReferenceRenderer()
        var recorded: [String] = []
        for (name, request, edgeTolerance) in cases {
            let goldenPath = TestPaths.goldens.appendingPathComponent(name + ".png").path
            if recording {
                if let prefix = recordingOnly, !name.hasPrefix(prefix) { continue }
                try PNGFile.write(try cpu.render(request), to: goldenPath)
                recorded.append(name)
                continue
            }
            let golden = try PNGFile.read(path: goldenPath)
            for (backend, renderer) in [("gpu", gpu as FrameRenderer), ("cpu", cpu)] {
                let actual = try renderer.render(request)
                let comparison = ImageComparison(actual, golden)
                if !(edgeTolerance ? comparison.withinForegroundParity : comparison.withinParity) {
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
            .filter { $0.hasSuffix(".png") }.sorted()
        let names = Self.cases.map { Self.name($0.0, $0.1) } + Self.foregroundCases.map(\.name) + WordsFixtures.goldenCases.map(\.name)
            + ScriptFixtures.goldenCases.map(\.name) + KeyFixtures.goldenCases.map(\.name) + RatingFixtures.goldenCases.map(\.name)
        XCTAssertEqual(files, names.map { $0 + ".png" }.sorted())
    }
}
