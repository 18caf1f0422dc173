@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadePNG
@testable import CallshadeText
import XCTest

/// Text entities (`drawing.md` section 5): `validate` lists them with the
/// shapes in file order, a frame draws them, their frame's geometry merges
/// close widths and fillets the rest, long lines wrap at 0.8 of the canvas,
/// and each bad text is refused by every command naming its index and
/// field, leaving nothing at OUT.
final class TextEntityTests: XCTestCase {
    static let session = """
    {"scene": "drawing", "duration": 1, "fps": 10, "canvas": {"size": "180x320", "background": "#F4EFE6"},
     "entities": [
      {"shape": "star", "color": "#FFC107", "w": 40, "h": 40, "keys": [{"at": 0, "x": 45, "y": 60}]},
      {"text": "Hi there", "style": "framed", "color": "#1A3399", "size": 0.3, "align": "left", "keys": [{"at": 0, "x": 90, "y": 160}, {"at": 0.5, "x": 90, "y": 170, "rotation": 10}]}
     ]}
    """

    func testValidateListsTextsWithShapesAndAFrameDrawsThem() throws {
        let folder = try scratchFolder()
        let path = folder.appendingPathComponent("texts.json").path
        try Self.session.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try runCallshade(["validate", path])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("  entity 0: star, filled, 40x40 px"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("  entity 1: text \"Hi there\", framed, 31 px, left, 2 keys at 0, 0.5 s"), result.standardOutput)
        for backend in ["cpu", "gpu"] {
            let out = folder.appendingPathComponent("frame-\(backend).png").path
            XCTAssertEqual(runInProcess(["frame", "--scenario", path, "--time", "0.9", "-o", out, "--backend", backend]).status, 0)
            let image = try PNGFile.read(path: out)
            // The frame's colour shows left of the centre, between the letters' rows.
            let framed = (0..<image.width * image.height).filter { index in
                Array(image.pixels[index * 4..<index * 4 + 3]) == [0x1A, 0x33, 0x99]
            }
            XCTAssertGreaterThan(framed.count, 1000, backend)
        }
    }

    func testBadTextsLeaveNothingAtOut() throws {
        let folder = try scratchFolder()
        let long = String(repeating: "a", count: 2001)
        let cases: [(String, String)] = [
            (Self.session.replacingOccurrences(of: "\"Hi there\"", with: "\"\""), "entities[1].text: is empty"),
            (Self.session.replacingOccurrences(of: "\"Hi there\"", with: "\"\(long)\""), "entities[1].text: is over 2000 characters long (got 2001)"),
            (Self.session.replacingOccurrences(of: "\"Hi there\"", with: "\"Hi\\u0007there\""), "entities[1].text: has a control character; only a line break (\\n) is allowed (got U+7)"),
            (Self.session.replacingOccurrences(of: "\"Hi there\"", with: "\"Hi \\u0378\""), "entities[1].text: no installed font draws"),
            (Self.session.replacingOccurrences(of: "\"framed\"", with: "\"neon\""), "entities[1].style: unknown style; valid styles: regular, framed, semi, outlined (got \"neon\")"),
            (Self.session.replacingOccurrences(of: "\"left\"", with: "\"justified\""), "entities[1].align: unknown alignment"),
            (Self.session.replacingOccurrences(of: "\"size\": 0.3", with: "\"size\": 1.5"), "entities[1].size: must be between 0 and 1"),
            (Self.session.replacingOccurrences(of: "\"rotation\": 10", with: "\"rotation\": -36001"), "entities[1].keys[1].rotation: must be within 36000 degrees"),
            (Self.session.replacingOccurrences(of: "\"at\": 0.5", with: "\"at\": 0"), "entities[1].keys[1].at: must come after the key before"),
            (Self.session.replacingOccurrences(of: "\"y\": 170,", with: "\"y\": 170, \"scale\": 0,"), "entities[1].keys[1].scale: must be above 0"),
            (Self.session.replacingOccurrences(of: "\"align\": \"left\",", with: "\"align\": \"left\", \"font\": \"Comic\","), "entities[1].font: unknown key; a text has"),
        ]
        for (index, (json, expected)) in cases.enumerated() {
            let path = folder.appendingPathComponent("bad-\(index).json").path
            try json.write(toFile: path, atomically: true, encoding: .utf8)
            let outputs = [("render", folder.appendingPathComponent("out-\(index).mp4").path), ("frame", folder.appendingPathComponent("out-\(index).png").path),
                           ("validate", "")]
            for (command, out) in outputs {
                let arguments: [String]
                switch command {
                case "render": arguments = ["render", path, "-o", out, "--backend", "cpu"]
                case "frame": arguments = ["frame", "--scenario", path, "-o", out, "--backend", "cpu"]
                default: arguments = ["validate", path]
                }
                let result = runInProcess(arguments)
                assertDiagnostic(result, "scenario.invalid", status: 1, "\(command) \(index)")
                XCTAssertTrue(result.standardError.contains("\(path): \(expected)"), "\(command) \(index): \(result.standardError)")
                if !out.isEmpty { XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(command) \(index) left \(out)") }
            }
        }
    }

    /// Close widths merge (a run takes its widest), far ones keep theirs, and
    /// where a narrow line meets a wide one its side is filleted: inside
    /// near the corner, outside at the quarter circle's centre.
    func testTheFrameMergesCloseWidthsAndFilletsTheOthers() {
        XCTAssertEqual(TextFrameShape.merged([100, 104, 200, 195, 0, 50], within: 10), [104, 104, 200, 200, 0, 50])
        let shape = TextFrameShape(widths: [100, 300], lineHeight: 60, top: -60, fontSize: 50, alignment: .center)
        let r = shape.radius
        XCTAssertEqual(r, 12, accuracy: 1e-12)
        let side = shape.rows[0].right
        XCTAssertEqual(side, 50 + 12, accuracy: 1e-12)
        // The fillet: just beside the narrow line's side, just above the junction, is inside.
        XCTAssertLessThan(shape.signedDistance(Vec2(side + 0.2 * r, -0.2 * r)), 0)
        // Its quarter circle's centre is outside, a radius from the edge.
        XCTAssertEqual(shape.signedDistance(Vec2(side + r, -r)), r, accuracy: 1e-9)
        // The wide line's top corner stays round; the narrow line's top corners too.
        XCTAssertGreaterThan(shape.signedDistance(Vec2(shape.rows[1].right - 0.1, shape.rows[1].top + 0.1)), 0)
        XCTAssertGreaterThan(shape.signedDistance(Vec2(side - 0.1, -60 + 0.1)), 0)
        // No seam between the lines.
        XCTAssertLessThan(shape.signedDistance(Vec2(0, 0)), -10)
    }

    /// A line wider than 0.8 of the canvas wraps at a space, each line then fits.
    func testLongLinesWrapAtFourFifthsOfTheCanvas() throws {
        let canvas = DrawingCanvas(size: try FrameSize(width: 400, height: 400))
        let entity = TextEntity(index: 0, text: "one two three four five six seven eight nine ten", style: .regular, colour: StrokeColour(color: .black, alpha: 1),
                                size: 0.2, alignment: .center, keys: [EntityKey(at: 0, x: 200, y: 200)])
        let faces = try TextEntityLayout.Faces(fonts: .debian, fontSize: entity.fontSize(canvas: canvas))
        let layout = try TextEntityLayout(entity, canvas: canvas, faces: faces)
        XCTAssertGreaterThanOrEqual(layout.lineWidths.count, 2)
        XCTAssertTrue(layout.lineWidths.allSatisfy { $0 <= 320 }, "\(layout.lineWidths)")
        XCTAssertGreaterThan(layout.lineWidths.max() ?? 0, 200, "lines are filled up to the wrap")
        XCTAssertEqual(layout.top, -Double(layout.lineWidths.count) * 1.2 * faces.fontSize / 2, accuracy: 1e-9)
    }
}
