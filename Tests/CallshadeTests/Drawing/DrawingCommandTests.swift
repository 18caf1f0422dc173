@testable import CallshadeCore
import CallshadePNG
import XCTest

/// The commands on a drawing scenario: `validate` lists its strokes,
/// `frame --time T` is frame N of a render, `sheet` draws it, and bad
/// input leaves nothing at OUT.
final class DrawingCommandTests: XCTestCase {
    static let session = """
    {"scene": "drawing", "duration": 1, "fps": 10, "canvas": {"size": "90x160", "background": "#F4EFE6"},
     "strokes": [
      {"tool": "pen", "color": "#1A3399", "size": 0.5, "arrow": true, "points": [[10, 20, 0], [30, 40, 0.1], [60, 50, 0.2], [80, 90, 0.3]]},
      {"tool": "marker", "color": "#FFCC0080", "size": 0.4, "points": [[10, 100, 0.35], [50, 110, 0.5], [80, 120, 0.6]]},
      {"tool": "pencil", "color": "#333333", "size": 0.6, "seed": 4, "points": [[20, 140, 0.55], [70, 130, 0.8]]},
      {"tool": "blur", "color": "#000000", "size": 0.2, "points": [[10, 30, 0.7], [70, 60, 0.85]]},
      {"tool": "neon", "color": "#00FF88", "size": 0.3, "points": [[5, 5, 0.9], [40, 5, 0.95]]}
     ]}
    """

    /// A line an object eraser removes (touched at about 1.15 s, gone by
    /// 1.35) and a rectangle held into its shape (1.75 to 1.95 s).
    static let toolsSession = """
    {"scene": "drawing", "duration": 2, "fps": 10, "canvas": {"size": "90x160", "background": "#F4EFE6"},
     "strokes": [
      {"tool": "pen", "color": "#1A3399", "size": 0.5, "points": [[10, 60, 0], [80, 60, 0.2]]},
      {"tool": "pen", "color": "#C62828", "size": 0.5, "points": [[15, 100, 0.1], [75, 100, 0.3], [75, 140, 0.5], [15, 140, 0.7], [15, 100, 0.9], [15, 100.5, 1.3], [15.5, 100, 1.9]]},
      {"tool": "eraser", "color": "#000000", "mode": "object", "size": 0.2, "points": [[45, 20, 1.0], [45, 100, 1.4]]}
     ]}
    """

    static let lassoSession = """
    {"scene": "drawing", "duration": 2, "fps": 10, "canvas": {"size": "90x160", "background": "#F4EFE6"},
     "strokes": [
      {"tool": "pen", "color": "#1A3399", "size": 0.5, "points": [[20, 30, 0], [20, 70, 0.2]]},
      {"tool": "pen", "color": "#2E7D32", "size": 0.5, "points": [[25, 50, 0.3], [60, 50, 0.5]]},
      {"tool": "lasso", "points": [[10, 20, 0.6], [50, 20, 0.7], [50, 80, 0.8], [10, 80, 0.9]]}
     ],
     "editor": {"on": false, "events": [{"at": 1.0, "lasso": {"move": [[1.0, 0, 0], [1.4, 20, 40]]}}, {"at": 1.6, "lasso": "duplicate"},
                                        {"at": 1.8, "lasso": "delete"}]}}
    """

    func testValidateListsEachStroke() throws {
        let folder = try scratchFolder()
        let path = folder.appendingPathComponent("d.json").path
        try Self.session.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try runCallshade(["validate", path])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput.split(separator: "\n").map(String.init), [
            "\(path): valid; 1 s, seed 0, 5 strokes, 10 fps",
            "scene: drawing",
            "canvas: 90x160, background #F4EFE6",
            "  stroke 0: pen, 4 samples kept, 0-0.3 s, 104.6 px",
            "  stroke 1: marker, 3 samples kept, 0.35-0.6 s, 72.9 px",
            "  stroke 2: pencil, 2 samples kept, 0.55-0.8 s, 51.0 px",
            "  stroke 3: blur, 2 samples kept, 0.7-0.85 s, 67.1 px",
            "  stroke 4: neon, 2 samples kept, 0.9-0.95 s, 35.0 px",
        ])
        XCTAssertEqual(try runCallshade(["validate", path, "--print", "size"]).standardOutput, "90x160\n")
    }

    /// `frame --time T` makes its layer afresh; a render extends one layer
    /// frame after frame: the same bytes either way, on the CPU reference
    /// and on the GPU.
    func testAFrameIsTheRendersFrameAtItsTime() throws {
        let folder = try scratchFolder()
        let path = folder.appendingPathComponent("d.json").path
        try Self.session.write(toFile: path, atomically: true, encoding: .utf8)
        try assertFramesAreTheRenders(path, at: [2, 4, 6, 8, 9], in: folder)
        // Through an object eraser's fade and a hold's cross-fade.
        let tools = folder.appendingPathComponent("tools.json").path
        try Self.toolsSession.write(toFile: tools, atomically: true, encoding: .utf8)
        let listed = try runCallshade(["validate", tools]).standardOutput
        XCTAssertTrue(listed.contains("stroke 0: pen, 2 samples kept, 0-0.2 s, 70.0 px; removed by stroke 2 at 1.15"), listed)
        XCTAssertTrue(listed.contains("into a rectangle"), listed)
        try assertFramesAreTheRenders(tools, at: [11, 12, 13, 18, 19], in: folder)
        // Through a lasso drawn, its release, a drag, a duplicate and a delete.
        let lasso = folder.appendingPathComponent("lasso.json").path
        try Self.lassoSession.write(toFile: lasso, atomically: true, encoding: .utf8)
        XCTAssertTrue(try runCallshade(["validate", lasso]).standardOutput.contains("lasso selecting stroke 0, stroke 1 at 0.9 s"))
        try assertFramesAreTheRenders(lasso, at: [7, 9, 12, 17, 19], in: folder)
        let sheet = folder.appendingPathComponent("sheet.png").path
        let result = try runCallshade(["sheet", path, "--every", "0.25", "--columns", "4", "-o", sheet])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(FileManager.default.fileExists(atPath: sheet))
    }

    /// Frames `indices` of a render of `path` equal `frame --time` at their instants, on the CPU reference and on the GPU.
    func assertFramesAreTheRenders(_ path: String, at indices: [Int], in folder: URL, line: UInt = #line) throws {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        for backend in ["cpu", "gpu"] {
            let frames = folder.appendingPathComponent("frames-\(name)-\(backend)").path
            let rendered = try runCallshade(["render", path, "-o", frames, "--backend", backend, "--quiet"])
            XCTAssertEqual(rendered.status, 0, rendered.standardError, line: line)
            for index in indices {
                let single = folder.appendingPathComponent("frame-\(name)-\(backend)-\(index).png").path
                let result = try runCallshade(["frame", "--scenario", path, "--time", "\(Double(index) / 10)", "--backend", backend, "-o", single])
                XCTAssertEqual(result.status, 0, result.standardError, line: line)
                let fromRender = try PNGFile.read(path: frames + "/frame_" + String(format: "%06d", index) + ".png")
                XCTAssertEqual(try PNGFile.read(path: single).pixels, fromRender.pixels, "\(name): frame \(index) by \(backend)", line: line)
            }
        }
    }

    func testBadInputLeavesNothingAtOut() throws {
        let folder = try scratchFolder()
        let broken = folder.appendingPathComponent("broken.png").path
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: broken))
        let cases: [(String, String)] = [
            (Self.session.replacingOccurrences(of: "[60, 50, 0.2]", with: "[60, 50, 0.05]"), "strokes[0].points[2]: goes back in time"),
            (Self.session.replacingOccurrences(of: "\"#333333\"", with: "\"#33333\""), "strokes[2].color: must be #RRGGBB or #RRGGBBAA (got \"#33333\")"),
            (Self.session.replacingOccurrences(of: "\"size\": 0.4", with: "\"size\": 4"), "strokes[1].size: must be between 0 and 1 (got 4)"),
            (Self.session.replacingOccurrences(of: "\"neon\"", with: "\"crayon\""), "strokes[4].tool: unknown tool"),
            (Self.session.replacingOccurrences(of: "\"90x160\"", with: "\"90x99999\""), "canvas.size: size '90x99999' is larger than 16384"),
            (Self.session.replacingOccurrences(of: "\"#F4EFE6\"", with: "\"none.png\""), "canvas.background: file 'none.png' not found"),
            (Self.session.replacingOccurrences(of: "\"#F4EFE6\"", with: "\"broken.png\""), "canvas.background: cannot be drawn: "),
        ]
        for (index, (json, expected)) in cases.enumerated() {
            let path = folder.appendingPathComponent("bad-\(index).json").path
            try json.write(toFile: path, atomically: true, encoding: .utf8)
            let outputs = [("render", folder.appendingPathComponent("out-\(index).mp4").path), ("frame", folder.appendingPathComponent("out-\(index).png").path),
                           ("sheet", folder.appendingPathComponent("sheet-\(index).png").path), ("validate", "")]
            for (command, out) in outputs {
                let arguments: [String]
                switch command {
                case "render": arguments = ["render", path, "-o", out, "--backend", "cpu"]
                case "frame": arguments = ["frame", "--scenario", path, "-o", out, "--backend", "cpu"]
                case "sheet": arguments = ["sheet", path, "-o", out, "--backend", "cpu"]
                default: arguments = ["validate", path]
                }
                let result = runInProcess(arguments)
                assertDiagnostic(result, "scenario.invalid", status: 1, "\(command) \(index)")
                XCTAssertTrue(result.standardError.contains("\(path): \(expected)"), "\(command) \(index): \(result.standardError)")
                if !out.isEmpty { XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(command) \(index) left \(out)") }
            }
        }
    }
}
