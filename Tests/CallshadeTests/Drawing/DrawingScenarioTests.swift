@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeJSON
import XCTest

/// The drawing kind's scenario (`drawing.md` section 0): what it reads, and
/// every bad input refused with one line naming the stroke's index and field.
final class DrawingScenarioTests: XCTestCase {
    static let pen = ##"{"tool": "pen", "color": "#1A73E8", "size": 0.3, "points": [[100, 100, 0], [200, 150, 0.1], [300, 120, 0.2]]}"##

    static func json(strokes: [String] = [pen], canvas: String? = nil, extra: String = "") -> String {
        let canvasPart = canvas.map { ", \"canvas\": \($0)" } ?? ""
        return ##"{"scene": "drawing", "duration": 2, "seed": 7\##(canvasPart), "strokes": [\##(strokes.joined(separator: ", "))]\##(extra)}"##
    }

    func parse(_ json: String, folder: String = "/nonexistent") throws -> DrawingScenario {
        let parsed = try ScenarioFile.parseAny(Array(json.utf8), file: "d.json", folder: folder)
        return try XCTUnwrap(parsed as? DrawingScenario)
    }

    func assertRefused(_ json: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try parse(json), file: file, line: line) { error in
            XCTAssertEqual("\(error)", "d.json: " + expected, file: file, line: line)
        }
    }

    func testASessionIsReadWithItsDefaults() throws {
        let marker = ##"{"tool": "marker", "color": "#FF000080", "size": 1, "zoom": 2, "points": [[5, 6, 1]]}"##
        let pencil = ##"{"tool": "pencil", "color": "#00ff00", "size": 0, "seed": 99, "points": [[-5000, 1e5, 1]]}"##
        let scenario = try parse(Self.json(strokes: [Self.pen, marker, pencil]))
        XCTAssertEqual(scenario.scene, "drawing")
        XCTAssertEqual(scenario.canvas, DrawingCanvas(size: .portraitHD, background: .colour(.white)))
        XCTAssertEqual(scenario.size, .portraitHD, "a drawing's frame is its canvas's size unless it says another")
        XCTAssertEqual(scenario.strokes.map(\.tool), [.pen, .marker, .pencil])
        XCTAssertEqual(scenario.strokes[0].samples.map(\.time), [0, 0.1, 0.2])
        XCTAssertEqual(scenario.strokes[0].zoom, 1)
        XCTAssertEqual(scenario.strokes[0].seed, 7, "a stroke's seed is the scenario's unless it gives one")
        XCTAssertEqual(scenario.strokes[1].colour.alpha, 128.0 / 255, accuracy: 1e-12)
        XCTAssertEqual(scenario.strokes[1].zoom, 2)
        XCTAssertEqual(scenario.strokes[2].seed, 99)
        XCTAssertEqual(scenario.strokes[2].samples[0].position, Vec2(-5000, 1e5), "points far outside the canvas are allowed")
        let sized = try parse(Self.json(canvas: ##"{"size": "300x400", "background": "#102030"}"##, extra: #", "size": "150x200""#))
        XCTAssertEqual(sized.canvas, DrawingCanvas(size: try FrameSize(width: 300, height: 400), background: .colour(RGB(hex: "#102030")!)))
        XCTAssertEqual(sized.size, try FrameSize(width: 150, height: 200))
        XCTAssertEqual(try parse(##"{"scene": "drawing", "duration": 1}"##).strokes, [])
    }

    func testEveryBadStrokeIsRefusedNamingItsIndexAndField() {
        let good = Self.pen
        let cases: [(String, String)] = [
            (##"{"color": "#000000", "size": 0.3, "points": [[0, 0, 0]]}"##, "strokes[1].tool: missing; give one of pen, marker, neon, pencil, eraser, blur, lasso"),
            (##"{"tool": "brush", "color": "#000000", "size": 0.3, "points": [[0, 0, 0]]}"##,
             "strokes[1].tool: unknown tool; valid tools: pen, marker, neon, pencil, eraser, blur, lasso (got \"brush\")"),
            (##"{"tool": "pen", "color": "red", "size": 0.3, "points": [[0, 0, 0]]}"##, "strokes[1].color: must be #RRGGBB or #RRGGBBAA (got \"red\")"),
            (##"{"tool": "pen", "color": "#12345", "size": 0.3, "points": [[0, 0, 0]]}"##, "strokes[1].color: must be #RRGGBB or #RRGGBBAA (got \"#12345\")"),
            (##"{"tool": "pen", "color": "#GG0000", "size": 0.3, "points": [[0, 0, 0]]}"##, "strokes[1].color: must be #RRGGBB or #RRGGBBAA (got \"#GG0000\")"),
            (##"{"tool": "pen", "color": "#000000", "size": 1.5, "points": [[0, 0, 0]]}"##, "strokes[1].size: must be between 0 and 1 (got 1.5)"),
            (##"{"tool": "pen", "color": "#000000", "size": -0.1, "points": [[0, 0, 0]]}"##, "strokes[1].size: must be between 0 and 1 (got -0.1)"),
            (##"{"tool": "pen", "color": "#000000", "size": "big", "points": [[0, 0, 0]]}"##, "strokes[1].size: must be a number, not a string"),
            (##"{"tool": "pen", "color": "#000000", "size": 0.3, "zoom": 0, "points": [[0, 0, 0]]}"##, "strokes[1].zoom: must be above 0 and at most 100 (got 0)"),
            (##"{"tool": "marker", "color": "#000000", "size": 0.3, "arrow": true, "points": [[0, 0, 0]]}"##,
             "strokes[1].arrow: only a pen stroke has an arrow (got a marker stroke)"),
            (##"{"tool": "pen", "color": "#000000", "size": 0.3}"##, "strokes[1].points: missing; give a list of [x, y, t]"),
            (##"{"tool": "pen", "color": "#000000", "size": 0.3, "points": []}"##, "strokes[1].points: is empty; a stroke has at least one [x, y, t] (got [])"),
            (##"{"tool": "pen", "color": "#000000", "size": 0.3, "points": [[0, 0, 0], [1, 2]]}"##,
             "strokes[1].points[1]: must be [x, y, t], three numbers (got a list of 2)"),
            (##"{"tool": "pen", "color": "#000000", "size": 0.3, "points": [[0, 0, 0], 5]}"##, "strokes[1].points[1]: must be [x, y, t], three numbers (got a number)"),
            (##"{"tool": "pen", "color": "#000000", "size": 0.3, "points": [[0, "a", 0]]}"##,
             "strokes[1].points[0]: must be [x, y, t], three numbers (got a string as its y)"),
            (##"{"tool": "pen", "color": "#000000", "size": 0.3, "points": [[0, 0, 1e999]]}"##, "strokes[1].points[0]: must hold finite numbers (got inf as its t)"),
            (##"{"tool": "pen", "color": "#000000", "size": 0.3, "points": [[0, 0, 1], [5, 5, 0.5]]}"##,
             "strokes[1].points[1]: goes back in time: 0.5 s after 1 s (got t = 0.5)"),
            (##"{"tool": "pen", "color": "#000000", "size": 0.3, "points": [[0, 0, -86401]]}"##,
             "strokes[1].points[0]: has its time outside -86400 to 86400 s (got t = -86401)"),
            (##"{"tool": "pen", "color": "#000000", "size": 0.3, "points": [[0, 0, 1e300]]}"##,
             "strokes[1].points[0]: has its time outside -86400 to 86400 s (got t = 1e+300)"),
            (##"{"tool": "pen", "color": "#000000", "size": 0.3, "points": [[0, 0, 0]], "width": 3}"##,
             "strokes[1].width: unknown key; a stroke has tool, color, size, zoom, arrow, seed, mode, points"),
            (##"{"tool": "pen", "color": "#000000", "size": 0.3, "points": [[0, 0, 0], [300000, 0, 1]]}"##,
             "strokes[1].points: make a path 300000 px long, over the limit of 200000 px a stroke (got 2 points)"),
            (##"{"tool": "pen", "color": "#000000", "size": 0.3, "points": [[0, 0, 0], [1e308, 0, 1], [-1e308, 0, 1]]}"##,
             "strokes[1].points: make a path inf px long, over the limit of 200000 px a stroke (got 3 points)"),
            (##"{"tool": "eraser", "color": "#000000", "size": 0.3, "mode": "strokes", "points": [[0, 0, 0]]}"##,
             "strokes[1].mode: unknown mode; an eraser's mode is pixel or object (got \"strokes\")"),
            (##"{"tool": "pen", "color": "#000000", "size": 0.3, "mode": "object", "points": [[0, 0, 0]]}"##,
             "strokes[1].mode: only an eraser has a mode (got a pen stroke)"),
            (##"{"tool": "eraser", "color": "#000000", "size": 0.3, "mode": 1, "points": [[0, 0, 0]]}"##,
             "strokes[1].mode: must be a string, not a number"),
            ("3", "strokes[1]: a stroke must be an object such as {\"tool\": \"pen\", \"color\": \"#000000\", \"size\": 0.3, \"points\": [[100, 200, 0]]} (got a number)"),
        ]
        for (stroke, expected) in cases {
            assertRefused(Self.json(strokes: [good, stroke]), expected)
        }
        assertRefused(##"{"scene": "drawing", "duration": 1, "strokes": {}}"##, "strokes: must be a list of strokes (got an object)")
        assertRefused(##"{"scene": "drawing", "duration": 1, "events": [{"at": 0}]}"##,
                      "events: a drawing has no events: its strokes carry their own times (got a list)")
    }

    func testTheCanvasIsChecked() throws {
        assertRefused(Self.json(canvas: ##"{"size": "20000x100"}"##), "canvas.size: size '20000x100' is larger than 16384 pixels on a side (got \"20000x100\")")
        assertRefused(Self.json(canvas: ##"{"size": "0x100"}"##), "canvas.size: size '0x100' must have a width and height of at least 1 (got \"0x100\")")
        assertRefused(Self.json(canvas: ##"{"background": "#FFF"}"##), "canvas.background: must be a colour #RRGGBB or a PNG file (got \"#FFF\")")
        assertRefused(Self.json(canvas: ##"{"background": "#FFFFFF80"}"##), "canvas.background: must be a colour #RRGGBB or a PNG file (got \"#FFFFFF80\")")
        assertRefused(Self.json(canvas: ##"{"colour": "#FFFFFF"}"##), "canvas.colour: unknown key; a canvas has size and background")
        assertRefused(Self.json(canvas: ##""big""##), "canvas: must be an object such as {\"size\": \"1080x1920\", \"background\": \"#FFFFFF\"} (got a string)")
        XCTAssertThrowsError(try parse(Self.json(canvas: ##"{"background": "missing.png"}"##))) { error in
            XCTAssertTrue("\(error)".hasPrefix("d.json: canvas.background: file 'missing.png' not found"), "\(error)")
        }
    }

    /// The session's limits (10,000 strokes, 1,000,000 points), past what a
    /// scenario file's own limits let through, held on the parsed tree.
    func testTheSessionsLimits() throws {
        func parseTree(_ strokes: [JSONValue]) throws -> any ParsedScenario {
            try ScenarioParser.parse(.object(["scene": .string("drawing"), "duration": .number(1), "strokes": .array(strokes)]), file: "d.json", folder: "/", namedFile: ScenarioFile.namedFile, kinds: SceneKinds.all)
        }
        func stroke(points: Int) -> JSONValue {
            .object(["tool": .string("pen"), "color": .string("#000000"), "size": .number(0.5),
                     "points": .array(Array(repeating: .array([.number(1), .number(2), .number(0)]), count: points))])
        }
        XCTAssertEqual((try parseTree(Array(repeating: stroke(points: 1), count: DrawingLimits.strokes)) as? DrawingScenario)?.strokes.count, 10_000)
        XCTAssertThrowsError(try parseTree(Array(repeating: stroke(points: 1), count: DrawingLimits.strokes + 1))) { error in
            XCTAssertEqual("\(error)", "d.json: strokes[10000]: one stroke over the limit of 10000 strokes a session (got 10001)")
        }
        XCTAssertThrowsError(try parseTree([stroke(points: 600_000), stroke(points: 400_001)])) { error in
            XCTAssertEqual("\(error)", "d.json: strokes[1].points: brings the session to 1000001 points, over the limit of 1000000 (got 400001)")
        }
    }
}

/// The drawing's timeline: which strokes are finished (and so in the
/// layer) and which are still drawn stroke by stroke.
final class DrawingTimelineTests: XCTestCase {
    func stroke(_ index: Int, _ times: [Double], arrow: Bool = false) throws -> Stroke {
        try Stroke(index: index, tool: .pen, colour: StrokeColour(color: .black, alpha: 1), size: 0.5, arrow: arrow,
                   samples: times.enumerated().map { StrokeSample(x: Double($0.offset) * 20, y: 0, time: $0.element) })
    }

    func testAStrokeIsFinishedFromItsLastSampleAndAnArrowOnceDrawnIn() throws {
        let scenario = DrawingScenario(settings: ScenarioSettings(duration: 5), canvas: DrawingCanvas(),
                                       strokes: [try stroke(0, [0, 0.5]), try stroke(1, [1, 1.5], arrow: true), try stroke(2, [1.6, 3]), try stroke(3, [2, 2.5])])
        let timeline = DrawingTimeline(scenario)
        XCTAssertEqual(timeline.finishTimes, [0.5, 1.7, 3, 2.5])
        XCTAssertEqual(timeline.finishedCount(at: 0.49), 0)
        XCTAssertEqual(timeline.finishedCount(at: 0.5), 1)
        XCTAssertEqual(timeline.finishedCount(at: 1.6), 1, "the arrow is still drawing in")
        XCTAssertEqual(timeline.finishedCount(at: 1.7), 2)
        XCTAssertEqual(timeline.finishedCount(at: 2.7), 2, "stroke 3 is finished but waits for stroke 2, under it")
        XCTAssertEqual(timeline.finishedCount(at: 3), 4)
        XCTAssertEqual(timeline.liveStrokes(at: 0.2), [0])
        XCTAssertEqual(timeline.liveStrokes(at: 1.65), [1, 2])
        XCTAssertEqual(timeline.liveStrokes(at: 2.7), [2, 3])
        XCTAssertEqual(timeline.liveStrokes(at: 4), [])
    }
}
