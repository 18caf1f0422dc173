@testable import CallshadeCore
import CallshadePNG
import XCTest

/// The commands on a gallery scenario with zooms: `frame --time T` is frame
/// N of a render (mid-pinch, mid-release, mid-tap zoom, the viewer
/// mid-open), on the CPU reference and the GPU; `validate` lists what each
/// event did; a `close` with no viewer is refused and leaves nothing at OUT.
final class GalleryCommandTests: XCTestCase {
    static let zooms = """
    {"scene": "gallery", "duration": 1.6, "fps": 10, "size": "130x282", "fill": {"count": 300, "seed": 3, "videoEvery": 4}, "level": 5,
     "events": [{"at": 0.1, "pinch": {"x": 100, "y": 300, "scale": 0.5, "duration": 0.5}},
                {"at": 0.65, "tap": {"x": 50, "y": 50}},
                {"at": 1, "tap": {"x": 150, "y": 400}},
                {"at": 1.3, "tap": {"x": 195, "y": 423}}]}
    """

    func testAFrameIsTheRendersFrameAtItsTime() throws {
        let folder = try scratchFolder()
        let path = folder.appendingPathComponent("g.json").path
        try Self.zooms.write(toFile: path, atomically: true, encoding: .utf8)
        let listed = try runCallshade(["validate", path])
        XCTAssertEqual(listed.status, 0, listed.standardError)
        XCTAssertTrue(listed.standardOutput.contains("0.650  tap: ignored while the zoom runs"), listed.standardOutput)
        XCTAssertTrue(listed.standardOutput.contains("1.000  tap: item "), listed.standardOutput)
        XCTAssertTrue(listed.standardOutput.contains("1.300  tap: opens item "), listed.standardOutput)
        for backend in ["cpu", "gpu"] {
            let frames = folder.appendingPathComponent("frames-\(backend)").path
            let rendered = try runCallshade(["render", path, "-o", frames, "--backend", backend, "--quiet"])
            XCTAssertEqual(rendered.status, 0, rendered.standardError)
            for index in [3, 7, 11, 14, 15] {
                let single = folder.appendingPathComponent("frame-\(backend)-\(index).png").path
                let result = try runCallshade(["frame", "--scenario", path, "--time", "\(Double(index) / 10)", "--backend", backend, "-o", single])
                XCTAssertEqual(result.status, 0, result.standardError)
                let fromRender = try PNGFile.read(path: frames + "/frame_" + String(format: "%06d", index) + ".png")
                XCTAssertEqual(try PNGFile.read(path: single).pixels, fromRender.pixels, "frame \(index) by \(backend)")
            }
        }
    }

    func testACloseWithNoViewerIsRefusedAndLeavesNothing() throws {
        let folder = try scratchFolder()
        let path = folder.appendingPathComponent("g.json").path
        try Self.zooms.replacingOccurrences(of: "{\"at\": 1.3, \"tap\": {\"x\": 195, \"y\": 423}}", with: "{\"at\": 1.3, \"close\": true}")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out.mp4").path
        let result = try runCallshade(["render", path, "-o", out])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.standardError.contains("events[3].close: no viewer is open at 1.3 s"), result.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }
}
