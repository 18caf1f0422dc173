import Foundation
import XCTest

/// Hostile input to the commands that draw a drawing session (`render`,
/// `frame`, `sheet`): every bad input `drawing.md` and issue 34 name is
/// refused with one line naming the stroke's index and field
/// (`Error [scenario.invalid]: FILE: strokes[I].FIELD: ...`), status 1, and
/// nothing left at the output path; points far outside the canvas are drawn.
final class HostileDrawingTests: XCTestCase {
    static let good = ##"{"tool": "pen", "color": "#202020", "size": 0.3, "points": [[10, 10, 0], [40, 30, 0.2]]}"##

    /// A session on a 90x160 canvas with `strokes` (JSON texts) after one good stroke.
    static func session(_ strokes: [String], canvas: String = ##"{"size": "90x160", "background": "#F4EFE6"}"##) -> String {
        ##"{"scene": "drawing", "duration": 1, "fps": 10, "canvas": "## + canvas + ##", "strokes": ["## + ([good] + strokes).joined(separator: ", ") + "]}"
    }

    /// A session whose one entity is a text with `text` (its JSON value, and any fields after it).
    static func texts(_ text: String) -> String {
        ##"{"scene": "drawing", "duration": 1, "fps": 10, "canvas": {"size": "90x160"}, "entities": [{"text": "## + text
            + ##", "color": "#000000", "size": 0.5, "keys": [{"at": 0, "x": 45, "y": 80}]}]}"##
    }

    func testDrawingSessionsRefuseBadInputWritingNothing() throws {
        let inputs = try HostileInputs("drawing")
        let dir = inputs.folder.path
        _ = try inputs.text("broken.png", "not a PNG at all")
        let many = Array(repeating: ##"{"tool": "pen", "color": "#000000", "size": 0.1, "points": [[1, 1, 0]]}"##, count: 10_000)
        let bad: [(String, String, String)] = [
            ("a point that is not [x, y, t]", Self.session([##"{"tool": "pen", "color": "#000000", "size": 0.2, "points": [[1, 2]]}"##]),
             "strokes[1].points[0]"),
            ("a point that is not numbers", Self.session([##"{"tool": "pen", "color": "#000000", "size": 0.2, "points": [["a", 2, 0]]}"##]),
             "strokes[1].points[0]"),
            ("times that go back", Self.session([##"{"tool": "marker", "color": "#000000", "size": 0.2, "points": [[1, 2, 0.5], [3, 4, 0.4]]}"##]),
             "strokes[1].points[1]: goes back in time"),
            ("an infinite value", Self.session([##"{"tool": "pen", "color": "#000000", "size": 0.2, "points": [[1e999, 2, 0]]}"##]),
             "strokes[1].points[0]"),
            ("a size over 1", Self.session([##"{"tool": "neon", "color": "#00FFFF", "size": 1.5, "points": [[1, 2, 0]]}"##]),
             "strokes[1].size"),
            ("a negative size", Self.session([##"{"tool": "blur", "color": "#000000", "size": -0.1, "points": [[1, 2, 0]]}"##]),
             "strokes[1].size"),
            ("an unknown tool", Self.session([##"{"tool": "crayon", "color": "#000000", "size": 0.2, "points": [[1, 2, 0]]}"##]),
             "strokes[1].tool"),
            ("a colour that is not #RRGGBB(AA)", Self.session([##"{"tool": "pencil", "color": "red", "size": 0.2, "points": [[1, 2, 0]]}"##]),
             "strokes[1].color"),
            ("a zoom of 0", Self.session([##"{"tool": "pen", "color": "#000000", "size": 0.2, "zoom": 0, "points": [[1, 2, 0]]}"##]),
             "strokes[1].zoom"),
            ("an arrow on an eraser", Self.session([##"{"tool": "eraser", "color": "#000000", "size": 0.2, "arrow": true, "points": [[1, 2, 0]]}"##]),
             "strokes[1].arrow"),
            ("a stroke with no points", Self.session([##"{"tool": "pen", "color": "#000000", "size": 0.2, "points": []}"##]),
             "strokes[1].points"),
            ("more than 10,000 strokes", Self.session(many), "strokes[10000]"),
            ("a canvas over the frame-size limit", Self.session([], canvas: ##"{"size": "90x99999"}"##), "canvas.size"),
            ("a background PNG that is missing", Self.session([], canvas: ##"{"size": "90x160", "background": "none.png"}"##),
             "canvas.background"),
            ("a background PNG that is broken", Self.session([], canvas: ##"{"size": "90x160", "background": "broken.png"}"##),
             "canvas.background"),
            ("an empty text", Self.texts(##""""##), "entities[0].text: is empty"),
            ("a text over 2,000 characters", Self.texts("\"" + String(repeating: "ab", count: 1001) + "\""), "entities[0].text: is over 2000"),
            ("a text with a control character", Self.texts(##""a\u001Bb""##), "entities[0].text: has a control character"),
            ("a text with a character no font has", Self.texts(##""a\u0378""##), "entities[0].text: no installed font draws"),
            ("a text of an unknown style", Self.texts(##""hi", "style": "bold""##), "entities[0].style: unknown style"),
        ]
        var cases: [HostileCase] = []
        for (index, (name, json, field)) in bad.enumerated() {
            let path = try inputs.text("bad-\(index).json", json)
            let outputs = [("render", ["render", path, "-o", inputs.path("out-\(index).mp4")], inputs.path("out-\(index).mp4")),
                           ("frame", ["frame", "--scenario", path, "--time", "0.1", "-o", inputs.path("still-\(index).png")],
                            inputs.path("still-\(index).png")),
                           ("sheet", ["sheet", path, "-o", inputs.path("sheet-\(index).png")], inputs.path("sheet-\(index).png"))]
            for (command, arguments, out) in outputs where command == "render" || index % 3 == 0 {
                cases.append(HostileCase(name: "\(command) of a session with \(name)", arguments: arguments + ["--backend", "cpu"],
                                         outcome: .refused(status: 1, id: "scenario.invalid", mentioning: "bad-\(index).json: \(field)"),
                                         absent: [out], folders: [dir]))
            }
        }
        let far = try inputs.text("far.json", Self.session([##"{"tool": "neon", "color": "#00E5FF", "size": 0.3, "points": [[-50000, 80, 0.1], [50000, 90, 0.5]]}"##,
                                                             ##"{"tool": "blur", "color": "#000000", "size": 0.3, "points": [[45, -90000, 0.5], [45, 90000, 0.9]]}"##]))
        cases.append(HostileCase(name: "render of strokes from far outside the canvas", arguments: ["render", far, "--at", "0.3,0.95", "-o",
                                                                                                    inputs.path("far")] + ["--backend", "cpu"],
                                 outcome: .succeeds, folders: [dir]))
        // A wide pencil being drawn on a 2048-pixel canvas, drawn at 64x64: more grain cells a stamp than the GPU's table holds.
        // The GPU routes refuse it by name (not as an internal error), writing nothing; the CPU reference draws it.
        let pencil = try inputs.text("pencil.json", ##"{"scene": "drawing", "duration": 1, "canvas": {"size": "2048x2048"}, "strokes": ["##
                                     + ##"{"tool": "pencil", "color": "#202020", "size": 1, "zoom": 0.1, "points": [[300, 500, 0.1], [700, 900, 0.5]]}]}"##)
        for route in ["host", "passes"] {
            cases.append(HostileCase(name: "a frame of a wide pencil on a large canvas drawn small, on the \(route) route",
                                     arguments: ["frame", "--scenario", pencil, "--time", "0.3", "--size", "64x64", "--route", route,
                                                 "-o", inputs.path("pencil-\(route).png")],
                                     outcome: .refused(status: 1, id: "render.limit", mentioning: "--backend cpu draws it"),
                                     absent: [inputs.path("pencil-\(route).png")], folders: [dir]))
        }
        cases.append(HostileCase(name: "the same frame by the CPU reference",
                                 arguments: ["frame", "--scenario", pencil, "--time", "0.3", "--size", "64x64", "--backend", "cpu",
                                             "-o", inputs.path("pencil-cpu.png")], outcome: .succeeds, folders: [dir]))
        HostileHarness.hold("drawing", cases)
    }
}
