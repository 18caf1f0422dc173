@testable import CallshadeCore
import CallshadePNG
import XCTest

/// The commands on a drawing with shapes (`drawing.md` section 6):
/// `validate` lists each entity, a frame shows them, and each bad entity is
/// refused by every command naming its index and field, leaving nothing at
/// OUT. The access screen's example validates and draws.
final class ShapeEntityCommandTests: XCTestCase {
    static let session = """
    {"scene": "drawing", "duration": 1, "fps": 10, "canvas": {"size": "90x160", "background": "#F4EFE6"},
     "strokes": [{"tool": "pen", "color": "#1A3399", "size": 0.5, "points": [[10, 20, 0], [30, 40, 0.1]]}],
     "entities": [
      {"shape": "star", "color": "#FFC107", "w": 40, "h": 40, "keys": [{"at": 0, "x": 45, "y": 60}, {"at": 0.8, "x": 50, "y": 100, "rotation": 30}]},
      {"shape": "arrow", "color": "#E53935", "width": 3, "w": 50, "keys": [{"at": 0.2, "x": 45, "y": 130, "scale": 1.2}]}
     ]}
    """

    func testValidateListsEachEntityAndAFrameShowsThem() throws {
        let folder = try scratchFolder()
        let path = folder.appendingPathComponent("shapes.json").path
        try Self.session.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try runCallshade(["validate", path])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("  entity 0: star, filled, 40x40 px, 2 keys at 0, 0.8 s"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("  entity 1: arrow, width 3, 50x50 px, 1 key at 0.2 s"), result.standardOutput)
        let out = folder.appendingPathComponent("frame.png").path
        XCTAssertEqual(runInProcess(["frame", "--scenario", path, "--time", "0.9", "-o", out, "--backend", "cpu"]).status, 0)
        let image = try PNGFile.read(path: out)
        // The star's middle, at its last key, is its colour.
        let index = (100 * image.width + 50) * 4
        XCTAssertEqual(Array(image.pixels[index..<index + 3]), [0xFF, 0xC1, 0x07])
    }

    func testBadEntitiesLeaveNothingAtOut() throws {
        let folder = try scratchFolder()
        let cases: [(String, String)] = [
            (Self.session.replacingOccurrences(of: "\"star\"", with: "\"heart\""), "entities[0].shape: unknown shape"),
            (Self.session.replacingOccurrences(of: "\"at\": 0.8", with: "\"at\": 0"), "entities[0].keys[1].at: must come after the key before"),
            (Self.session.replacingOccurrences(of: "\"scale\": 1.2", with: "\"scale\": -1"), "entities[1].keys[0].scale: must be above 0"),
            (Self.session.replacingOccurrences(of: "\"scale\": 1.2", with: "\"scale\": 1e400"), "entities[1].keys[0].scale: must be a finite number"),
            (Self.session.replacingOccurrences(of: "\"rotation\": 30", with: "\"rotation\": 36001"), "entities[0].keys[1].rotation: must be within 36000 degrees"),
            (Self.session.replacingOccurrences(of: "\"w\": 50", with: "\"w\": 99999"), "entities[1].w: must be above 0 and at most 16384 canvas px"),
            (Self.session.replacingOccurrences(of: "\"width\": 3", with: "\"width\": -3"), "entities[1].width: must be between 0 and 16384"),
            (Self.session.replacingOccurrences(of: "{\"shape\": \"star\"", with: "{\"text\": \"hi\", \"shape\": \"star\""), "entities[0].h: unknown key; a text has"),
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

    func testTheAccessExampleValidatesAndDraws() throws {
        let folder = try scratchFolder()
        let example = TestPaths.packageRoot.appendingPathComponent("Examples/access.json").path
        let result = try runCallshade(["validate", example])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("scene: access"), result.standardOutput)
        let out = folder.appendingPathComponent("access.png").path
        XCTAssertEqual(runInProcess(["frame", "--scenario", example, "--time", "0.82", "--size", "195x422", "-o", out, "--backend", "cpu"]).status, 0)
        XCTAssertEqual(try PNGFile.read(path: out).width, 195)
        let bad = folder.appendingPathComponent("bad.json").path
        try #"{"scene": "access", "duration": 2, "button": "Go"}"#.write(toFile: bad, atomically: true, encoding: .utf8)
        let refused = runInProcess(["frame", "--scenario", bad, "-o", folder.appendingPathComponent("no.png").path, "--backend", "cpu"])
        assertDiagnostic(refused, "scenario.invalid", status: 1, "an access screen's unknown key")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("no.png").path))
    }
}
