import CallshadeCore
import CallshadeGL
import CallshadePNG
import Foundation
import XCTest

/// Both renderers against the golden PNGs in Goldens/, with the parity
/// tolerance; Goldens/cases.json lists them (what each shows, how it is
/// compared, which oracle holds it). Set CALLSHADE_RECORD_GOLDENS=1 to
/// re-record them from the CPU reference: the run then fails on purpose, so
/// a re-record is never silent. On a mismatch the test names the first
/// differing pixel and writes what it got to .build/test-failures/.
final class GoldenTests: XCTestCase {
    var recording: Bool { ProcessInfo.processInfo.environment["CALLSHADE_RECORD_GOLDENS"] == "1" }
    /// With CALLSHADE_RECORD_GOLDENS=1, CALLSHADE_RECORD_ONLY=PREFIX records only the goldens whose names start so.
    var recordingOnly: String? { ProcessInfo.processInfo.environment["CALLSHADE_RECORD_ONLY"] }

    /// The goldens, a test per oracle (so that each is short and a failure
    /// says which family broke); `testEveryGoldenIsListedOnceWithAKnownParityAndOracle`
    /// fails for an oracle that none of them checks.
    static let oracles = ["spec-gradient", "spec-foreground", "spec-words", "spec-scripts", "spec-key", "spec-rating",
                          "spec-video", "spec-chat-wallpaper", "spec-chat-layout", "spec-chat-send", "spec-chat-types", "spec-chat-voice", "spec-chat-video",
                          "spec-access", "spec-shapes", "spec-texts", "spec-drawing", "spec-tools", "spec-lasso", "spec-editor", "spec-editor-chrome",
                          "spec-gallery"]
    func testGradientGoldens() throws { try checkGoldens(of: "spec-gradient") }
    func testForegroundGoldens() throws { try checkGoldens(of: "spec-foreground") }
    func testWordsGoldens() throws { try checkGoldens(of: "spec-words") }
    func testScriptsGoldens() throws { try checkGoldens(of: "spec-scripts") }
    func testKeyGoldens() throws { try checkGoldens(of: "spec-key") }
    func testRatingGoldens() throws { try checkGoldens(of: "spec-rating") }
    func testVideoGoldens() throws { try checkGoldens(of: "spec-video") }
    func testChatWallpaperGoldens() throws { try checkGoldens(of: "spec-chat-wallpaper") }
    func testChatLayoutGoldens() throws { try checkGoldens(of: "spec-chat-layout") }
    func testChatSendGoldens() throws { try checkGoldens(of: "spec-chat-send") }
    func testChatTypesGoldens() throws { try checkGoldens(of: "spec-chat-types") }
    func testChatVoiceGoldens() throws { try checkGoldens(of: "spec-chat-voice") }
    func testChatVideoGoldens() throws { try checkGoldens(of: "spec-chat-video") }
    func testAccessGoldens() throws { try checkGoldens(of: "spec-access") }
    func testShapeGoldens() throws { try checkGoldens(of: "spec-shapes") }
    func testTextGoldens() throws { try checkGoldens(of: "spec-texts") }
    func testDrawingGoldens() throws { try checkGoldens(of: "spec-drawing") }
    func testDrawingToolGoldens() throws { try checkGoldens(of: "spec-tools") }
    func testLassoGoldens() throws { try checkGoldens(of: "spec-lasso") }
    func testDrawingEditorGoldens() throws { try checkGoldens(of: "spec-editor") }
    func testDrawingEditorChromeGoldens() throws { try checkGoldens(of: "spec-editor-chrome") }
    func testGalleryGoldens() throws { try checkGoldens(of: "spec-gallery") }

    /// One GL context and its shaders for all the goldens.
    static let shared = SharedGPURenderer()
    override class func tearDown() { shared.release(); super.tearDown() }

    /// Every golden that `oracle` holds; there is at least one.
    func checkGoldens(of oracle: String) throws {
        let cases = try GoldenCase.all().filter { $0.oracle == oracle }.map { golden in
            (golden.name, try GoldenScenes.scene(for: golden), rule: try golden.rule())
        }
        XCTAssertFalse(cases.isEmpty, "Goldens/cases.json lists no golden held by \(oracle)")
        try check(cases)
    }

    /// Each golden on every route (`RouteMatrix`): a route that fell back to
    /// another fails, and a failure names the route and the environment and
    /// leaves what it got, the golden and their differences in .build/test-failures/.
    func check(_ cases: [(String, Scene, rule: (ImageComparison) -> Bool)]) throws {
        let matrix = RouteMatrix(gpu: try Self.shared.renderer())
        var recorded: [String] = []
        for (name, request, rule) in cases {
            let goldenPath = TestPaths.goldens.appendingPathComponent(name + ".png").path
            if recording {
                if let prefix = recordingOnly, !name.hasPrefix(prefix) { continue }
                try PNGFile.write(try matrix.reference.render(request), to: goldenPath)
                recorded.append(name)
                continue
            }
            let golden = try PNGFile.read(path: goldenPath)
            try matrix.assert(matrix.routes(for: request), drawing: request, match: golden, called: "its golden", name: name, rule: rule)
        }
        if recording {
            XCTFail("re-recorded \(recorded.count) goldens in Goldens/ (\(recorded.joined(separator: ", "))); "
                    + "look at them, then run again without CALLSHADE_RECORD_GOLDENS to compare")
        }
    }

    func testEveryGoldenIsListedOnceWithAKnownParityAndOracle() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: TestPaths.goldens.path)
            .filter { $0.hasSuffix(".png") }.sorted()
        let cases = try GoldenCase.all()
        XCTAssertEqual(files, cases.map { $0.name + ".png" }.sorted())
        XCTAssertEqual(Set(cases.map(\.name)).count, cases.count, "a name listed twice")
        for golden in cases {
            XCTAssertNoThrow(try golden.rule(), "\(golden.name): parity \(golden.parity)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: TestPaths.packageRoot.appendingPathComponent("Scripts/\(golden.oracle).py").path),
                          "\(golden.name): no oracle Scripts/\(golden.oracle).py")
            XCTAssertTrue(Self.oracles.contains(golden.oracle),
                          "\(golden.name): no test of GoldenTests checks the goldens of \(golden.oracle) (add it to `oracles` and a test for it)")
        }
    }
}
