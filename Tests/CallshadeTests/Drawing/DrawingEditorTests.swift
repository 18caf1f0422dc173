@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeJSON
import XCTest

/// The drawing editor's scenario and its effects on the canvas
/// (`editor.md` sections 0 and 6): what `editor` reads, every bad event
/// refused with one line naming `editor.events[K]` and the field, Undo and
/// Clear All removing what the spec says from their instant, the zoom's
/// placement, and frames that are the same with nothing kept and on every route.
final class DrawingEditorTests: XCTestCase {
    static let pen = ##"{"tool": "pen", "color": "#1565C0", "size": 0.23, "points": [[200, 600, 0.1], [880, 600, 0.4]]}"##
    static let marker = ##"{"tool": "marker", "color": "#C62828", "size": 0.5, "points": [[200, 1000, 0.5], [880, 1000, 0.8]]}"##
    static let late = ##"{"tool": "pen", "color": "#2E7D32", "size": 0.4, "points": [[200, 1400, 0.9], [880, 1400, 1.1]]}"##
    static let eraser = ##"{"tool": "eraser", "color": "#000000", "mode": "object", "size": 0.5, "points": [[540, 300, 2.0], [540, 1100, 2.4]]}"##
    static let box = ##"{"shape": "rectangle", "fill": true, "color": "#1A237E", "w": 300, "h": 200, "keys": [{"at": 0, "x": 540, "y": 300}]}"##
    static let lateBox = ##"{"shape": "ellipse", "fill": true, "color": "#FF6F00", "w": 200, "h": 200, "keys": [{"at": 4.5, "x": 540, "y": 1700}]}"##

    static func json(strokes: [String] = [pen, marker, late], entities: [String] = [box], editor: String) -> String {
        ##"{"scene": "drawing", "duration": 6, "canvas": {"size": "1080x1920"}, "strokes": [\##(strokes.joined(separator: ", "))], "##
            + ##""entities": [\##(entities.joined(separator: ", "))], "editor": \##(editor)}"##
    }

    static func parse(_ json: String) throws -> DrawingScenario {
        let parsed = try ScenarioFile.parseAny(Array(json.utf8), file: "e.json", folder: "/nonexistent")
        return try XCTUnwrap(parsed as? DrawingScenario)
    }

    static func events(_ events: [String], on: Bool = false) -> String {
        ##"{"on": \##(on), "events": [\##(events.joined(separator: ", "))]}"##
    }

    func testTheEditorIsReadWithItsDefaults() throws {
        let bare = try Self.parse(Self.json(editor: "{}")).editor
        XCTAssertEqual(bare, DrawingEditor())
        XCTAssertEqual(bare?.tools[.pen], EditorToolSetting(colour: StrokeColour(color: .white, alpha: 1), size: 0.3))
        XCTAssertEqual(try Self.parse(Self.json(editor: "{}")).size, FrameSize.phone, "the screen drawn: a 390 x 844 pt phone at 3x")
        XCTAssertEqual(try Self.parse(Self.json(editor: #"{"on": false}"#)).size, .portraitHD, "no screen: the canvas's size")
        let set = try XCTUnwrap(try Self.parse(Self.json(editor: ##"{"on": true, "enter": true, "tool": "neon", "mode": "text", "##
                                                          + ##""tools": {"neon": {"color": "#FF000080"}, "eraser": {"size": 0.9}}}"##)).editor)
        XCTAssertEqual(set.tool, .neon)
        XCTAssertEqual(set.mode, .text)
        XCTAssertTrue(set.enters)
        XCTAssertEqual(set.tools[.neon]?.colour.alpha ?? 0, 128.0 / 255, accuracy: 1e-12)
        XCTAssertEqual(set.tools[.neon]?.size, 0.5, "a field left out keeps its default")
        XCTAssertEqual(set.tools[.eraser]?.size, 0.9)
    }

    /// `editor.md` section 6, each as one line naming the event and field.
    func testEveryBadEventIsRefusedNamingItsIndexAndField() {
        let cases: [(String, String)] = [
            (#"{"at": 1, "tool": "pen", "size": [[1, 0.5]]}"#, "editor.events[0]: has 2 actions (size, tool); give one an event"),
            (#"{"at": 1}"#, "editor.events[0]: has no action; give one of tool, size, mode, undo, clear, zoom, zoomOut, done, back, lasso"),
            (#"{"tool": "pen"}"#, "editor.events[0].at: missing; give the event's instant, seconds"),
            (#"{"at": "1", "tool": "pen"}"#, "editor.events[0].at: must be a number, not a string"),
            (#"{"at": 1, "tool": "brush"}"#, "editor.events[0].tool: unknown tool; the tools are pen, marker, neon, pencil, lasso, eraser (got \"brush\")"),
            (#"{"at": 1, "mode": "paint"}"#, "editor.events[0].mode: unknown mode; the modes are draw, text (got \"paint\")"),
            (#"{"at": 1, "wave": true}"#, "editor.events[0].wave: unknown key; an event has at and one of tool, size, mode, undo, clear, zoom, zoomOut, done, back, lasso"),
            (#"{"at": 1, "size": [[1, 1.5]]}"#, "editor.events[0].size[0]: has the size 1.5, outside 0 to 1"),
            (#"{"at": 1, "size": [[1.1, 0.5]]}"#, "editor.events[0].size[0]: must start at the event's at, 1 s (got t = 1.1)"),
            (#"{"at": 1, "size": [[1, 0.5], [1, 0.6]]}"#, "editor.events[0].size[1]: must come after the sample before (got t = 1 after 1)"),
            (#"{"at": 1, "size": [[1, 0.5, 3]]}"#, "editor.events[0].size[0]: must be [t, v], 2 numbers (got a list of 3)"),
            (#"{"at": 1, "zoom": [[1, 4, 0, 0]]}"#, "editor.events[0].zoom[0]: has the zoom 4, outside 1 to 3"),
            (#"{"at": 1, "zoom": [[1, 0.5, 0, 0]]}"#, "editor.events[0].zoom[0]: has the zoom 0.5, outside 1 to 3"),
            (#"{"at": 1.5, "undo": false}"#, "editor.events[0].undo: must be true (an event that does nothing is left out)"),
            (#"{"at": 0.3, "undo": true}"#, "editor.events[0].undo: comes while strokes[0] is being drawn (from 0.1 to 0.4 s)"),
            (#"{"at": 0.6, "clear": true}"#, "editor.events[0].clear: comes while strokes[1] is being drawn (from 0.5 to 0.8 s)"),
            (#"{"at": 1.5, "zoomOut": true}"#, "editor.events[0].zoomOut: Zoom Out shows only while the canvas is zoomed in (it is at 1x)"),
            (#"{"at": 1.5, "picker": "grid"}"#, "editor.events[0].picker: is not replayed yet: the colour picker, text editing and menus "
             + "come later; this version takes tool, size, mode, undo, clear, zoom, zoomOut, done, back, lasso"),
            (#"{"at": 1.5, "tool": "lasso"}, {"at": 1.6, "size": [[1.6, 0.5]]}"#, "editor.events[1].size: the lasso has no size"),
            (#"{"at": 1.5, "tool": "pen"}, {"at": 1.6, "tool": "marker"}"#,
             "editor.events[1].tool: the marker is hidden while the pen is focused; tap the pen or go back first (got \"marker\")"),
            (#"{"at": 1.5, "tool": "pen"}, {"at": 1.6, "mode": "text"}"#,
             "editor.events[1].mode: the Draw / Text control is the pen's size slider while it is focused"),
            (#"{"at": 2, "tool": "pen"}, {"at": 1.6, "tool": "pen"}"#, "editor.events[1].at: goes back in time: 1.6 s after 2 s"),
            (#"{"at": 2, "size": [[2, 0.1], [2.5, 0.9]]}, {"at": 2.2, "tool": "marker"}"#,
             "editor.events[1].at: comes inside the size drag of events[0], which lasts to 2.5 s (got 2.2 s)"),
            (#"{"at": 2, "done": true}, {"at": 2.5, "tool": "marker"}"#,
             "editor.events[1].tool: comes after the editor was left (events end with done or back)"),
            (#"{"at": 2, "back": true}, {"at": 2.5, "undo": true}"#,
             "editor.events[1].undo: comes after the editor was left (events end with done or back)"),
        ]
        for (events, expected) in cases {
            XCTAssertThrowsError(try Self.parse(Self.json(editor: #"{"events": [\#(events)]}"#)), events) { error in
                XCTAssertEqual("\(error)", "e.json: " + expected)
            }
        }
        let others: [(String, String)] = [
            (#"[]"#, "editor: must be an object such as {\"tool\": \"pen\", \"events\": []} (got a list)"),
            (#"{"of": true}"#, "editor.of: unknown key; the editor has on, enter, tool, tools, mode, events"),
            (#"{"tools": {"lasso": {"size": 0.5}}}"#, "editor.tools.lasso: the lasso has no colour or size"),
            (##"{"tools": {"eraser": {"color": "#FFFFFF"}}}"##, "editor.tools.eraser.color: the eraser has no colour"),
            (#"{"tools": {"pen": {"size": 2}}}"#, "editor.tools.pen.size: must be between 0 and 1 (got 2)"),
            (#"{"tools": {"pen": {"width": 2}}}"#, "editor.tools.pen.width: unknown key; a tool has color and size"),
        ]
        for (editor, expected) in others {
            XCTAssertThrowsError(try Self.parse(Self.json(editor: editor)), editor) { error in
                XCTAssertEqual("\(error)", "e.json: " + expected)
            }
        }
        let shown = try? Self.parse(Self.json(editor: "{}"))
        XCTAssertThrowsError(try DrawingFrames.screen(XCTUnwrap(shown), file: "e.json", size: FrameSize(width: 1080, height: 1080), reuse: ReuseStore(.off))) {
            XCTAssertEqual("\($0)", "e.json: editor: the editor's screen needs a frame at least 600 pt tall at 390 pt wide (got 1080x1080: 390 pt tall); "
                           + "give a taller size or \"on\": false")
        }
        let many = Array(repeating: #"{"at": 2, "mode": "draw"}"#, count: EditorParser.eventLimit + 1)
        XCTAssertThrowsError(try Self.parse(Self.json(editor: Self.events(many)))) { error in
            XCTAssertEqual("\(error)", "e.json: editor.events[10000]: one event over the limit of 10000 (got 10001)")
        }
    }

    /// The stroke being drawn at an instant, found in log time: the one
    /// started by then with the latest end, when that end has not come.
    func testTheStrokeBeingDrawnIsFound() throws {
        func stroke(_ start: Double, _ end: Double) throws -> Stroke {
            try Stroke(index: 0, tool: .pen, colour: StrokeColour(color: .black, alpha: 1), size: 0.3,
                       samples: [StrokeSample(x: 0, y: 0, time: start), StrokeSample(x: 9, y: 0, time: end)])
        }
        let spans = StrokeSpans([try stroke(2, 3), try stroke(0, 5), try stroke(6, 7), try stroke(6.5, 6.6)])
        XCTAssertNil(spans.drawn(at: -1))
        XCTAssertEqual(spans.drawn(at: 0), 1)
        XCTAssertEqual(spans.drawn(at: 2.5), 1, "inside both: the one ending last")
        XCTAssertEqual(spans.drawn(at: 5), 1, "its last sample counts")
        XCTAssertNil(spans.drawn(at: 5.5))
        XCTAssertEqual(spans.drawn(at: 6.55), 2)
        XCTAssertNil(spans.drawn(at: 8))
    }

    /// A tap on the selected tool focuses it, on the focused unfocuses it;
    /// back unfocuses before it leaves; the lasso never focuses.
    func testTapsSelectFocusAndUnfocus() throws {
        var state = EditorState(DrawingEditor())
        let taps: [(EditorAction, String)] = [
            (.tool(.marker), "selects the marker"), (.tool(.marker), "focuses the marker"), (.tool(.marker), "unfocuses the marker"),
            (.tool(.lasso), "selects the lasso"), (.tool(.lasso), "taps the selected lasso (it has no slider): nothing"),
            (.tool(.pen), "selects the pen"), (.tool(.pen), "focuses the pen"), (.back, "unfocuses the pen"), (.back, "leaves the editor"),
        ]
        for (action, said) in taps { XCTAssertEqual(try state.apply(EditorEvent(at: 1, action: action), strokes: [], spans: StrokeSpans([])), said) }
        XCTAssertTrue(state.exited)
    }

    /// Undo removes the last finished stroke not removed, from its instant
    /// on; undoing an object eraser brings back what it removed; a later
    /// eraser can remove it again; clear removes every finished stroke and
    /// every entity shown by then; with nothing left they do nothing.
    func testUndoAndClearRemoveWhatTheSpecSays() throws {
        let events = Self.events([#"{"at": 1.5, "undo": true}"#, #"{"at": 3, "undo": true}"#, #"{"at": 4, "clear": true}"#,
                                  #"{"at": 5, "undo": true}"#, #"{"at": 5.5, "clear": true}"#])
        let scenario = try Self.parse(Self.json(entities: [Self.box, Self.lateBox], editor: events))
        let timeline = DrawingTimeline(scenario)
        let fates = timeline.fates
        XCTAssertEqual(fates.removals[2], 1.5, "the green pen, last finished, goes at 1.5 s")
        XCTAssertEqual(fates.edits[0], .undid(2, restoring: []))
        XCTAssertEqual(timeline.look(of: 2, at: 1.49), .plain)
        XCTAssertEqual(timeline.look(of: 2, at: 1.5), .absent)
        // The second undo: the last finished stroke not removed is the marker (the pen at index 0 is under it).
        XCTAssertEqual(fates.edits[1], .undid(1, restoring: []))
        XCTAssertEqual(fates.edits[2], .cleared(strokes: [0], entities: [0]), "the ellipse shows from 4.5 s: not cleared at 4")
        XCTAssertEqual(fates.entityRemovals[0], 4)
        XCTAssertNil(fates.edits[3], "nothing left to undo")
        XCTAssertEqual(fates.edits[4], .cleared(strokes: [], entities: [1]))
        XCTAssertEqual(fates.entityRemovals[1], 5.5)

        // An object eraser undone: its targets come back at the undo; a second eraser removes one again.
        let again = ##"{"tool": "eraser", "color": "#000000", "mode": "object", "size": 0.5, "points": [[540, 900, 4.0], [540, 1100, 4.2]]}"##
        let erased = DrawingTimeline(try Self.parse(Self.json(strokes: [Self.pen, Self.marker, Self.eraser, again],
                                                              editor: Self.events([#"{"at": 3, "undo": true}"#]))))
        XCTAssertEqual(erased.fates.edits[0], .undid(2, restoring: [0, 1]))
        XCTAssertEqual(erased.look(of: 0, at: 2.9), .absent, "gone after the eraser's fade")
        XCTAssertEqual(erased.look(of: 0, at: 3), .plain, "back at the undo")
        XCTAssertEqual(erased.fates.erasures[1]?.count, 2, "the marker is removed, brought back, removed again")
        XCTAssertEqual(erased.fates.erasures[1]?.last?.eraser, 3)
        XCTAssertEqual(erased.look(of: 1, at: 3.5), .plain)
        XCTAssertEqual(erased.look(of: 1, at: 4.5), .absent)
        XCTAssertEqual(erased.fates.erasures[0]?.count, 1, "the second eraser misses the pen")
    }

    /// `editor.md` section 5's worked examples: U(0.7, 0.6) (omega 17.412;
    /// 0.6781 at 0.1 s, 1.0837 at 0.2 s, its peak 1.0948 at 0.2255 s), the
    /// tools at rest, selected, mid-rise and focused, the others' stagger.
    func testTheToolsMoveAsTheWorkedExamplesSay() {
        let spring = EditorToolsMotion.select
        XCTAssertEqual(spring.omega, 17.412, accuracy: 0.0005)
        XCTAssertEqual(spring.progress(0.1), 0.6781, accuracy: 0.00005)
        XCTAssertEqual(spring.progress(0.2), 1.0837, accuracy: 0.00005)
        XCTAssertEqual(spring.progress(0.2255), 1.0948, accuracy: 0.00005)
        XCTAssertLessThan(spring.progress(0.2255 + 0.002), spring.progress(0.2255))
        XCTAssertEqual(spring.progress(0.7), 1)
        let panel = EditorFrame(FrameSize.phone).panelTop
        XCTAssertEqual(panel, 649, accuracy: 1e-9)
        let events = [EditorEvent(at: 1, action: .tool(.marker)), EditorEvent(at: 2, action: .tool(.marker))]
        let motion = EditorToolsMotion(DrawingEditor(events: events))
        func y(_ tool: EditorTool, _ time: Double) -> Double { panel + 58 + motion.pose(of: tool, at: time).drop }
        XCTAssertEqual(EditorTool.allCases.map { motion.pose(of: $0, at: 0.5).x }, [85, 129, 173, 217, 261, 305])
        XCTAssertEqual(y(.pen, 0.5), 725)
        XCTAssertEqual(y(.marker, 0.5), 741)
        XCTAssertEqual(y(.marker, 1.1), 730.150, accuracy: 0.0005)
        XCTAssertEqual(y(.pen, 1.1), 735.850, accuracy: 0.0005)
        XCTAssertEqual(y(.marker, 1.2), 741 - 16 * 1.0837, accuracy: 0.001)
        // Focused: the marker in the middle at o 30 and full size; the others shifted by 195 - 129 = 66 and dropped 70.
        let focused = motion.pose(of: .marker, at: 3)
        XCTAssertEqual(focused.x, 195)
        XCTAssertEqual(panel + 58 + focused.drop, 737)
        XCTAssertEqual(focused.scale, 1)
        XCTAssertEqual(motion.pose(of: .eraser, at: 3).x, 305 + 66)
        XCTAssertEqual(y(.eraser, 3), 741 + 70)
        // The stagger: the right-hand tools from the outermost in (the eraser first), the left-hand from index 0 up.
        let others = EditorToolsMotion.others
        XCTAssertEqual(motion.pose(of: .eraser, at: 2.1).drop, 34 + 70 - 70 * (1 - others.progress(0.1)), accuracy: 1e-9)
        XCTAssertEqual(motion.pose(of: .neon, at: 2.1).drop, 34 + 70 - 70 * (1 - others.progress(0.1 - 3 * 0.025)), accuracy: 1e-9)
        XCTAssertEqual(motion.pose(of: .pen, at: 2.1).drop, 34 + 70 - 70 * (1 - others.progress(0.1)), accuracy: 1e-9)
    }

    /// The zoom's placement: canvas point p goes to C + z f (p - c), c
    /// clamped so no canvas edge enters the frame, and the fitted placement
    /// exactly when unzoomed; Zoom Out eases back in 0.3 s.
    func testTheZoomPlacesTheCanvas() throws {
        let frame = try FrameSize(width: 540, height: 960), canvas = FrameSize.portraitHD
        let events = [EditorEvent(at: 1, action: .zoom([EditorZoomSample(time: 1, scale: 1, centre: Vec2(540, 960)),
                                                        EditorZoomSample(time: 2, scale: 3, centre: Vec2(1000, 100))])),
                      EditorEvent(at: 3, action: .zoomOut)]
        let zoom = CanvasZoom(events: events, canvas: canvas, frame: frame)
        let fitted = CanvasPlacement(canvas: canvas, frame: frame)
        XCTAssertEqual(zoom.placement(at: 0.5, frame: frame), fitted)
        XCTAssertEqual(zoom.placement(at: 1, frame: frame), fitted)
        // At 2 s: z 3, f 0.5, scale 1.5; the frame spans 360 x 640 canvas px, so c clamps to (900, 320).
        let zoomed = zoom.placement(at: 2.5, frame: frame)
        XCTAssertEqual(zoomed.scale, 1.5)
        XCTAssertEqual(zoomed.offset.x, 270 - 1.5 * 900, accuracy: 1e-9)
        XCTAssertEqual(zoomed.offset.y, 480 - 1.5 * 320, accuracy: 1e-9)
        // Half way through the first stretch: z 2, c (770, 530) as given (within the clamp).
        let half = zoom.placement(at: 1.5, frame: frame)
        XCTAssertEqual(half.scale, 1)
        XCTAssertEqual(half.offset.x, 270 - 770, accuracy: 1e-9)
        XCTAssertEqual(half.offset.y, 480 - 530, accuracy: 1e-9)
        // Zoom Out: from the shown (clamped) view to the fit, eased; E(0.5) = 0.5.
        let out = zoom.placement(at: 3.15, frame: frame)
        XCTAssertEqual(out.scale, 0.5 * 2, accuracy: 1e-9)
        XCTAssertEqual(out.offset.x, 270 - 1.0 * 720, accuracy: 1e-9)
        XCTAssertEqual(out.offset.y, 480 - 1.0 * 640, accuracy: 1e-9)
        XCTAssertEqual(zoom.placement(at: 3.3, frame: frame), fitted)
        XCTAssertEqual(zoom.largestScale, 3)
    }

    /// With `on: false` and no event acting yet, frames are the bare
    /// canvas's to the byte; through undos, a clear and a zoom, frames taken
    /// in turn equal those made with nothing kept.
    func testFramesAreTheBareCanvasesAndTheSameWithNothingKept() throws {
        let size = try FrameSize(width: 180, height: 320)
        let events = Self.events([#"{"at": 1.5, "undo": true}"#, #"{"at": 2, "zoom": [[2, 1, 540, 960], [2.5, 2.5, 700, 600]]}"#,
                                  #"{"at": 3, "zoomOut": true}"#, #"{"at": 3.5, "clear": true}"#])
        let scenario = try Self.parse(Self.json(strokes: [Self.pen, Self.marker, Self.late, Self.eraser], editor: events))
        let bare = DrawingScenario(settings: scenario.settings, canvas: scenario.canvas, strokes: scenario.strokes, entities: scenario.entities)
        let plain = DrawingScreen(bare, size: size, reuse: ReuseStore(.off))
        let kept = DrawingScreen(scenario, size: size), fresh = DrawingScreen(scenario, size: size, reuse: ReuseStore(.off))
        XCTAssertEqual(kept.scene(at: 1.2), plain.scene(at: 1.2), "before any event, the bare canvas's frame")
        kept.assertFramesInTurnEqual(fresh, from: 1.3, to: 3.8, step: 1.0 / 15)
    }

    /// Frames through an undo, a zoom and an object eraser's fade agree on every route.
    func testEveryRouteAgrees() throws {
        let matrix = RouteMatrix(gpu: try DrawingRouteTests.shared.renderer())
        let events = Self.events([#"{"at": 1.5, "undo": true}"#, #"{"at": 2.1, "zoom": [[2.1, 1, 540, 960], [2.3, 1.7, 600, 800]]}"#], on: true)
        let scenario = try Self.parse(Self.json(strokes: [Self.pen, Self.marker, Self.late, Self.eraser], editor: events))
        let screen = DrawingScreen(scenario, size: try FrameSize(width: 180, height: 390))
        for time in [1.6, 2.2, 2.35] {
            try matrix.assertEveryRouteAgrees(screen.scene(at: time), name: "drawing-editor-\(time)")
        }
    }
}
