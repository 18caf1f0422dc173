@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeJSON
import Foundation
import XCTest

/// The lasso in a replayed drawing (`drawing-tools.md` section 2): what it
/// selects (the spec's worked example), the offsets moves give, copies in
/// drawing order, deletes and ends, an object eraser meeting a moved stroke
/// where it was moved to, undo and clear beside it, `validate`'s lines,
/// frames the same with nothing kept, and the bad-input list.
final class LassoTests: XCTestCase {
    /// Section 4: A x 300, y 60 + 50 k (8 of 10 inside); B y 300, x 400 + 40 k (3); C x 320 + 40 k (5).
    static let a = pen("#D32F2F", (0..<10).map { (k: Int) -> (Double, Double, Double) in (300.0, 60.0 + 50.0 * Double(k), 0.1 * Double(k)) })
    static let b = pen("#1565C0", (0..<10).map { (k: Int) -> (Double, Double, Double) in (400.0 + 40.0 * Double(k), 300.0, 1.0 + 0.05 * Double(k)) })
    static let c = pen("#2E7D32", (0..<10).map { (k: Int) -> (Double, Double, Double) in (320.0 + 40.0 * Double(k), 300.0, 1.5 + 0.05 * Double(k)) })
    static let lasso = ##"{"tool": "lasso", "points": [[100, 100, 2.0], [500, 100, 2.2], [500, 500, 2.4], [100, 500, 2.6]]}"##

    static func pen(_ colour: String, _ points: [(Double, Double, Double)]) -> String {
        let list = points.map { (point: (Double, Double, Double)) -> String in "[\(point.0), \(point.1), \(point.2)]" }.joined(separator: ", ")
        return ##"{"tool": "pen", "color": "\##(colour)", "size": 0.23, "points": [\##(list)]}"##
    }

    static func json(_ strokes: [String], events: [String] = []) -> String {
        ##"{"scene": "drawing", "duration": 7, "canvas": {"size": "1080x1920", "background": "#808080"}, "strokes": [\##(strokes.joined(separator: ", "))], "##
            + ##""editor": {"on": false, "events": [\##(events.joined(separator: ", "))]}}"##
    }

    static func parse(_ json: String) throws -> DrawingScenario {
        let parsed = try ScenarioFile.parseAny(Array(json.utf8), file: "l.json", folder: "/nonexistent")
        return try XCTUnwrap(parsed as? DrawingScenario)
    }

    static let move = ##"{"at": 3.0, "lasso": {"move": [[3.0, 0, 0], [3.5, 200, 300]]}}"##

    func testTheWorkedExampleSelectsAAndC() throws {
        let fates = DrawingTimeline(try Self.parse(Self.json([Self.a, Self.b, Self.c, Self.lasso]))).fates
        let selection = try XCTUnwrap(fates.selections[3])
        let phase = try XCTUnwrap(selection.phase(at: 2.6))
        XCTAssertEqual(phase.items, [0, 2])
        XCTAssertNil(selection.phase(at: 2.59), "it selects at its release")
        XCTAssertEqual(phase.hull, [Vec2(300, 60), Vec2(680, 300), Vec2(300, 510)])
        XCTAssertEqual(selection.width, 33.869, accuracy: 0.0005)
        XCTAssertEqual(LassoOutline.grownHull(phase.hull, by: selection.width).length, 1546.41, accuracy: 0.005)
        XCTAssertEqual(selection.end, .infinity)
        XCTAssertEqual(DrawingTimeline(try Self.parse(Self.json([Self.b, Self.lasso]))).fates.selections.count, 0, "B alone: nothing selected")
    }

    /// A drag's offset is linear between its samples and adds to the last;
    /// a duplicate's copies come 43.2 px down and right, after the strokes
    /// begun by then and before a later one, and are selected; a delete
    /// removes the copies, and the next stroke's first sample ends a selection.
    func testMovesDuplicatesAndDeletes() throws {
        let later = Self.pen("#000000", [(100, 1500, 5.5), (900, 1500, 5.8)])
        let again = ##"{"at": 4.5, "lasso": {"move": [[4.5, 0, 0], [5.0, -100, 0]]}}"##
        let timeline = DrawingTimeline(try Self.parse(Self.json([Self.a, Self.b, Self.c, Self.lasso, later],
                                                                 events: [Self.move, ##"{"at": 4.0, "lasso": "duplicate"}"##, again,
                                                                          ##"{"at": 5.2, "lasso": "delete"}"##])))
        let fates = timeline.fates
        XCTAssertEqual(fates.offset(of: 0, at: 2.9), Vec2(0, 0))
        XCTAssertEqual(fates.offset(of: 0, at: 3.25), Vec2(100, 150))
        XCTAssertEqual(fates.offset(of: 2, at: 6), Vec2(200, 300), "the originals stay where the first drag left them")
        XCTAssertEqual(fates.offset(of: 1, at: 6), Vec2(0, 0), "B was never selected")
        XCTAssertEqual(fates.copies.map(\.of), [0, 2])
        XCTAssertEqual(fates.copies.map(\.after), [3, 3], "after the lasso, the last stroke begun by 4 s")
        XCTAssertEqual(timeline.order, [0, 1, 2, 3, 5, 6, 4])
        XCTAssertEqual(fates.offset(of: 5, at: 4.0), Vec2(243.2, 343.2))
        XCTAssertEqual(fates.offset(of: 5, at: 4.75).x, 193.2, accuracy: 1e-9)
        XCTAssertEqual(fates.offset(of: 6, at: 5.1), Vec2(143.2, 343.2))
        XCTAssertEqual(timeline.look(of: 4, at: 3.99), .absent, "a copy before it is made")
        XCTAssertEqual(timeline.look(of: 4, at: 4.0), .plain)
        XCTAssertEqual(timeline.look(of: 4, at: 5.2), .absent, "deleted")
        XCTAssertEqual(timeline.look(of: 0, at: 5.2), .plain, "the original lives on")
        let selection = try XCTUnwrap(fates.selections[3])
        XCTAssertEqual(selection.phases.map(\.items), [[0, 2], [5, 6]])
        XCTAssertEqual(selection.end, 5.2)
        XCTAssertEqual(fates.lassoEdits[3], .deleted([5, 6]))
        XCTAssertEqual(fates.removals, [5: 5.2, 6: 5.2])

        let ended = DrawingTimeline(try Self.parse(Self.json([Self.a, Self.c, Self.lasso, later], events: [Self.move]))).fates
        XCTAssertEqual(ended.selections[2]?.end, 5.5, "the next stroke's first sample ends it")
        XCTAssertThrowsError(try Self.parse(Self.json([Self.a, Self.c, Self.lasso, later], events: [##"{"at": 5.9, "lasso": "end"}"##]))) {
            XCTAssertEqual("\($0)", "l.json: editor.events[0].lasso: no lasso selection lives at 5.9 s (a lasso selects at its release; "
                           + "a delete, an end, an undo, a clear or the next stroke's first sample ends it)")
        }
    }

    /// An object eraser takes a moved stroke where it was moved to (rule 1.2): not where it was drawn.
    func testAnEraserMeetsAMovedStrokeWhereItIs() throws {
        func eraser(_ x: Double) -> String {
            ##"{"tool": "eraser", "color": "#000000", "mode": "object", "size": 0.1, "points": [[\##(x), 0, 4.0], [\##(x), 1900, 4.5]]}"##
        }
        let at = DrawingTimeline(try Self.parse(Self.json([Self.a, Self.c, Self.lasso, eraser(300)], events: [Self.move]))).fates
        XCTAssertTrue(at.erasures.isEmpty, "A was drawn at x 300 but moved 200 px right, C 300 px down")
        let moved = DrawingTimeline(try Self.parse(Self.json([Self.a, Self.c, Self.lasso, eraser(500)], events: [Self.move]))).fates
        XCTAssertNotNil(moved.erasures[0])
    }

    /// An undo passes over a lasso (it leaves nothing on the canvas) and
    /// ends a selection; a clear takes the copies with the rest.
    func testUndoPassesOverTheLassoAndClearTakesTheCopies() throws {
        let fates = DrawingTimeline(try Self.parse(Self.json([Self.a, Self.b, Self.c, Self.lasso],
                                                              events: [##"{"at": 3.0, "lasso": "duplicate"}"##, ##"{"at": 3.5, "undo": true}"##,
                                                                       ##"{"at": 4.0, "clear": true}"##]))).fates
        XCTAssertEqual(fates.edits[1], .undid(2, restoring: []))
        XCTAssertEqual(fates.selections[3]?.end, 3.5)
        XCTAssertEqual(fates.edits[2], .cleared(strokes: [0, 1, 4, 5], entities: []))
    }

    /// `validate` names what each lasso selected, each move, copy and delete with its instant.
    func testValidateNamesEachLassoFate() throws {
        let scenario = try Self.parse(Self.json([Self.a, Self.b, Self.c, Self.lasso],
                                                events: [Self.move, ##"{"at": 4.0, "lasso": "duplicate"}"##, ##"{"at": 5.0, "lasso": "end"}"##]))
        let made = try scenario.listing(file: "l.json")
        guard case .items(let items) = made.timeline else { return XCTFail("a drawing lists its strokes as items") }
        let listing = (items + made.closing).joined(separator: "\n")
        for line in [
            "stroke 0: pen, 10 samples kept, 0-0.9 s, 450.0 px; selected by stroke 3 at 2.6 s; moved by event 0 from 3 to 3.5 s; "
                + "duplicated by event 1 at 4 s as copy 0",
            "stroke 3: lasso, 4 samples kept, 2-2.6 s, 1200.0 px; lasso selecting stroke 0, stroke 2 at 2.6 s, the selection ending at 5 s",
            "copy 1: of stroke 2 (stroke 2's samples) from 4 s, drawn after stroke 3",
            "event 0 at 3 s, lasso: moves stroke 0, stroke 2 by (200, 300) px by 3.5 s",
            "event 1 at 4 s, lasso: duplicates stroke 0, stroke 2 as copy 0, copy 1, the selection now the copies",
            "event 2 at 5 s, lasso: ends the selection of copy 0, copy 1",
        ] {
            XCTAssertTrue(listing.contains(line), "missing: \(line)\n\(listing)")
        }
    }

    /// Every frame taken in turn through the drawing, the release, two drags,
    /// a duplicate, a delete and an eraser's fade equals the frame made with nothing kept.
    func testFramesAreTheSameWithNothingKept() throws {
        let eraser = ##"{"tool": "eraser", "color": "#000000", "mode": "object", "size": 0.1, "points": [[600, 0, 5.0], [600, 1900, 5.2]]}"##
        let scenario = try Self.parse(Self.json([Self.a, Self.b, Self.c, Self.lasso, eraser],
                                                events: [Self.move, ##"{"at": 3.8, "lasso": "duplicate"}"##,
                                                         ##"{"at": 4.0, "lasso": {"move": [[4.0, 0, 0], [4.4, -300, 0]]}}"##,
                                                         ##"{"at": 4.6, "lasso": "delete"}"##]))
        let size = try FrameSize(width: 180, height: 320)
        let kept = DrawingScreen(scenario, size: size), fresh = DrawingScreen(scenario, size: size, reuse: ReuseStore(.off))
        XCTAssertFalse(kept.timeline.fates.erasures.isEmpty, "the eraser meets a stroke")
        kept.assertFramesInTurnEqual(fresh, from: 1.9, to: 5.5, step: 1.0 / 15)
    }

    /// With the screen on, the selection menu (Delete, Duplicate on the
    /// entity menu's body) shows while a selection lives and the screen is
    /// idle: not while the lasso is drawn, not during a drag, not after the selection ends.
    func testTheSelectionMenuShowsWhileTheScreenIsIdle() throws {
        let json = Self.json([Self.a, Self.b, Self.c, Self.lasso], events: [Self.move, ##"{"at": 4.0, "lasso": "end"}"##])
            .replacingOccurrences(of: ##""on": false"##, with: ##""on": true"##)
        let screen = try DrawingFrames.screen(try Self.parse(json), file: "l.json", size: FrameSize(width: 390, height: 844), reuse: ReuseStore(.off))
        func menus(at time: Double) -> Int {
            screen.scene(at: time).nodes.compactMap { $0 as? ShapesNode }.filter { $0.shapes.contains { $0.color == SelectionMenu.body } }.count
        }
        XCTAssertEqual([2.5, 2.8, 3.2, 3.6, 4.0].map(menus), [0, 1, 0, 1, 0])
        let labels = screen.scene(at: 2.8).nodes.compactMap { $0 as? MarksNode }.reduce(0) { $0 + $1.marks.count }
        XCTAssertGreaterThan(labels, screen.scene(at: 3.2).nodes.compactMap { $0 as? MarksNode }.reduce(0) { $0 + $1.marks.count },
                             "Delete and Duplicate are labelled")
    }

    /// `drawing-tools.md` section 5, each as one line naming the field.
    func testEveryBadLassoInputIsRefusedNamingTheField() {
        let strokes = [Self.a, Self.c, Self.lasso]
        let cases: [([String], [String], String)] = [
            ([Self.a, ##"{"tool": "lasso", "color": "#FFFFFF", "points": [[0, 0, 0], [1, 0, 0.1], [1, 1, 0.2]]}"##], [],
             "strokes[1].color: a lasso has none; it has tool, zoom and points (got a string)"),
            ([##"{"tool": "lasso", "seed": 3, "points": [[0, 0, 0], [1, 0, 0.1], [1, 1, 0.2]]}"##], [],
             "strokes[0].seed: a lasso has none; it has tool, zoom and points (got a number)"),
            ([##"{"tool": "lasso", "points": [[0, 0, 0], [1, 0, 0.1]]}"##], [], "strokes[0].points: has 2 points; a lasso has at least 3"),
            ([##"{"tool": "pen", "color": "#000000", "size": 0.3, "mode": "object", "points": [[0, 0, 0]]}"##], [],
             "strokes[0].mode: only an eraser has a mode (got a pen stroke)"),
            (strokes, [##"{"at": 3, "lasso": "copy"}"##],
             "editor.events[0].lasso: unknown lasso event; give \"duplicate\", \"delete\", \"end\" or {\"move\": [[t, dx, dy], ...]} (got \"copy\")"),
            (strokes, [##"{"at": 1.2, "lasso": "end"}"##], "editor.events[0].lasso: no lasso selection lives at 1.2 s (a lasso selects at its release; "
             + "a delete, an end, an undo, a clear or the next stroke's first sample ends it)"),
            (strokes, [Self.move, ##"{"at": 3.2, "lasso": "delete"}"##],
             "editor.events[1].at: comes inside the lasso drag of events[0], which lasts to 3.5 s (got 3.2 s)"),
            (strokes, [##"{"at": 2.3, "lasso": "end"}"##], "editor.events[0].lasso: comes while strokes[2] is being drawn (from 2 to 2.6 s)"),
            (strokes + [Self.pen("#000000", [(0, 0, 3.2), (9, 9, 3.3)])], [Self.move],
             "editor.events[0].lasso: comes while strokes[3] is being drawn (from 3.2 to 3.3 s)"),
            (strokes, [##"{"at": 3, "lasso": {"move": [[3, 1, 0]]}}"##],
             "editor.events[0].lasso.move[0]: must be [at, 0, 0]: the offsets are since the drag's start (got (1, 0))"),
            (strokes, [##"{"at": 3, "lasso": {"move": [[3, 0, 0], [3, 5, 0]]}}"##],
             "editor.events[0].lasso.move[1]: must come after the sample before (got t = 3 after 3)"),
            (strokes, [##"{"at": 3, "lasso": {"move": [[3, 0, 0], [4, 0, 1000001]]}}"##],
             "editor.events[0].lasso.move[1]: has the offset (0, 1000001), over 1000000 px or not finite"),
        ]
        for (strokes, events, expected) in cases {
            XCTAssertThrowsError(try Self.parse(Self.json(strokes, events: events)), expected) { error in
                XCTAssertEqual("\(error)", "l.json: " + expected)
            }
        }
        // Copies count among the strokes: ten selected, duplicated until the session would pass 10,000.
        let ten = (0..<10).map { Self.pen("#000000", [(150 + 30 * Double($0), 150, 0.1 * Double($0)), (150 + 30 * Double($0), 450, 0.1 * Double($0) + 0.05)]) }
        let duplicates = (0..<LassoAction.limit).map { ##"{"at": \##(3 + Double($0) / 1000), "lasso": "duplicate"}"## }
        XCTAssertThrowsError(try Self.parse(Self.json(ten + [Self.lasso], events: duplicates))) {
            XCTAssertEqual("\($0)", "l.json: editor.events[998].lasso: duplicates 10 strokes, bringing the session to 10001 with its copies, "
                           + "over the limit of 10000")
        }
        // The strokes the lasso's events act on are bounded: 1,001 dots moved 1,000 times.
        let dots = (0..<1001).map { ##"{"tool": "pen", "color": "#000000", "size": 0.1, "points": [[\##(150 + $0 % 30 * 10), \##(150 + $0 / 30 * 8), 0]]}"## }
        let moves = (0..<LassoAction.limit).map { ##"{"at": \##(3 + Double($0) / 1000), "lasso": {"move": [[\##(3 + Double($0) / 1000), 0, 0]]}}"## }
        XCTAssertThrowsError(try Self.parse(Self.json(dots + [Self.lasso], events: moves))) {
            XCTAssertEqual("\($0)", "l.json: editor.events[999].lasso: acts on 1001 strokes, bringing the lasso events' strokes to 1001000, "
                           + "over the limit of 1000000 a session")
        }
        // A lasso's inside tests are bounded: 20,000 edges round 6,000 samples in its box.
        let ring = (0..<20_000).map { k -> (Double, Double, Double) in
            let angle = 2 * Double.pi * Double(k) / 20_000
            return (300 + 200 * cos(angle), 300 + 200 * sin(angle), k == 19_999 ? 2.5 : 2)
        }
        let line = Self.pen("#000000", (0..<6_000).map { (300, 200 + Double($0) / 30, 0.0001 * Double($0)) })
        let big = ##"{"tool": "lasso", "points": [\##(ring.map { "[\($0.0), \($0.1), \($0.2)]" }.joined(separator: ", "))]}"##
        XCTAssertThrowsError(try Self.parse(Self.json([line, big]))) {
            XCTAssertEqual("\($0)", "l.json: strokes[1].points: has 20000 samples round 6000 stroke samples: 120000000 inside tests, "
                           + "over the limit of 100000000 a lasso")
        }
        let many = (0...LassoAction.limit).map { ##"{"at": \##(3 + Double($0) / 1000), "lasso": {"move": [[\##(3 + Double($0) / 1000), 0, 0]]}}"## }
        XCTAssertThrowsError(try Self.parse(Self.json(strokes, events: many))) {
            XCTAssertEqual("\($0)", "l.json: editor.events[1000].lasso: is one lasso event over the limit of 1000 a session")
        }
    }
}
