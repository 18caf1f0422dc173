@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadePNG
import CallshadeText
import Foundation
import XCTest

/// The send animation's tracks (chat, section 3): the shipped curves, the
/// editor's windows, the draft and the panel, the rows rising, the moving
/// shape's lerps; all pure functions of the events and the instant.
final class ChatSendMotionTests: XCTestCase {
    func testShippedTracksFollowTheAppsCurves() {
        let motion = SendMotion(kind: .small, animation: .shipped)
        let v = CubicBezierEasing(0.19919, 0.01064, 0.27921, 0.91025), h = CubicBezierEasing(0.23, 1, 0.32, 1)
        for t in [0.0, 0.03, 0.1, 0.2, 0.29, 0.3, 0.5] {
            let p = motion.progress(t)
            XCTAssertEqual(p.x, h.value(t / 0.3), accuracy: 1e-12)
            XCTAssertEqual(p.width, h.value(t / 0.3), accuracy: 1e-12)
            XCTAssertEqual(p.y, v.value(t / 0.3), accuracy: 1e-12)
            XCTAssertEqual(p.height, v.value(t / 0.3), accuracy: 1e-12)
            XCTAssertEqual(p.rows, p.y)
            XCTAssertEqual(p.bubbleLook, CubicBezierEasing.easeInOut.value(t / 0.1), accuracy: 1e-12)
            XCTAssertEqual(p.pillLook, 1 - CubicBezierEasing.easeInOut.value(t / 0.15), accuracy: 1e-12)
            XCTAssertEqual(p.status, CubicBezierEasing.easeInOut.value(t / 0.25), accuracy: 1e-12)
        }
        XCTAssertEqual(motion.flight, 0.3)
    }

    func testEditorWindowsAreFramesAtSixtyWithTheirBezier() {
        var settings = ChatAnimationSettings.defaults
        settings.blocks[0].properties[1].window = AnimationWindow(start: 6, end: 18, x1: 0.5, x2: 0.5)   // smallMessage.xPosition
        let motion = SendMotion(kind: .small, animation: .editor(settings))
        XCTAssertEqual(motion.progress(0.1).x, 0)          // frame 6: the window's start
        XCTAssertEqual(motion.progress(0.3).x, 1)          // frame 18: its end
        XCTAssertEqual(motion.progress(0.2).x, CubicBezierEasing(0.5, 0, 0.5, 1).value(0.5), accuracy: 1e-12)
        XCTAssertEqual(motion.progress(0.2).x, 0.5, accuracy: 1e-9)   // a symmetric curve's middle
        // yPosition 0-30 of the defaults: the rows and Y follow it; colorChange sets both looks.
        let p = motion.progress(0.25)
        XCTAssertEqual(p.y, CubicBezierEasing(0.33, 0, 0, 1).value(15.0 / 30), accuracy: 1e-12)
        XCTAssertEqual(p.bubbleLook + p.pillLook, 1, accuracy: 1e-12)
        XCTAssertEqual(motion.flight, 0.5)
        // A large send follows bigMessage (45 frames), an emoji singleEmoji (its scale from frame 5).
        XCTAssertEqual(SendMotion(kind: .large, animation: .contest).flight, 0.75)
        XCTAssertEqual(SendMotion(kind: .emoji, animation: .contest).progress(5.0 / 60).emojiScale, 0)
        XCTAssertEqual(SendMotion(kind: .emoji, animation: .contest).progress(0.25).emojiScale, 1)
        // The background block's window is the wallpaper's step.
        XCTAssertEqual(WallpaperStepCurve.auto.duration(.contest), 1)
    }

    /// Widths of 7 pt a character, so that lines follow from lengths.
    let width: (String, TextStyle) -> Double = { text, _ in Double(text.count) * 7 }

    func scenario(_ sends: [(Double, String)], messages: [ChatMessage] = []) -> ChatTimeline {
        ChatTimeline(ChatScenario(settings: ScenarioSettings(duration: 10), messages: messages,
                                  events: sends.enumerated().map { ChatEvent(at: $0.element.0, change: .send(text: $0.element.1, kind: nil, time: nil), index: $0.offset) }))
    }

    func testTheDraftGrowsThePanelAndTheRowsAboveRiseByTheNewRow() {
        let long = String(repeating: "word ", count: 60)   // 300 characters: 8 field lines of 40 at 280 pt
        let timeline = scenario([(2, long)], messages: [ChatMessage(side: .outgoing, text: "Hi", time: "12:40")])
        XCTAssertNil(ChatListMotion(timeline, at: 1.1, height: 844, width: width).draft)
        let drafting = ChatListMotion(timeline, at: 1.5, height: 844, width: width)
        XCTAssertEqual(drafting.draft?.lines.count, 5)
        XCTAssertEqual(drafting.panelHeight, 24 + 21 * 5)   // grown after 0.15 s
        XCTAssertEqual(drafting.shifts, [-(24 + 21 * 5 - 45)])
        // At the send the new message flies: kind large (over 5 field lines), from the grown field.
        let sent = ChatListMotion(timeline, at: 2, height: 844, width: width)
        XCTAssertEqual(sent.flights.first?.kind, .large)
        XCTAssertEqual(sent.flights.first?.field, ChatMessageLayout.Box(x: 42, y: 810 - 129 + 6, width: 306, height: 117))
        XCTAssertTrue(sent.isFlying(1))
        // The row above is where it was before the send (above the grown panel), then lands in its final place.
        let before = ChatMessageLayout([ChatMessage(side: .outgoing, text: "Hi", time: "12:40")], width: width).placed[0].frame.y - 84
        XCTAssertEqual(sent.layout.placed[0].frame.y + sent.shifts[0], before, accuracy: 1e-9)
        let landed = ChatListMotion(timeline, at: 2.5, height: 844, width: width)
        XCTAssertEqual(landed.shifts, [0, 0])
        XCTAssertFalse(landed.isFlying(1))
        XCTAssertEqual(landed.panelHeight, 45)
    }

    /// The draft (section 3.1) fades in as the panel grows for it, over
    /// 0.15 s, with the send disc, and its lines are clipped to the field:
    /// drawn at 390x844 by the CPU reference, no text below the field's
    /// bottom (y 804) while a five-line draft's field grows, the first line
    /// lighter than when shown whole, and the disc a mix of the mic's panel
    /// and its blue.
    func testTheDraftFadesInClippedToTheGrowingField() throws {
        let long = String(repeating: "word ", count: 60)   // 8 field lines; the last 5 show
        let scenario = ChatScenario(settings: ScenarioSettings(duration: 3), messages: [ChatMessage(side: .incoming, text: "Hi", time: "12:40")],
                                    events: [ChatEvent(at: 2, change: .send(text: long, kind: nil, time: nil), index: 0)])
        let size = try FrameSize(width: 390, height: 844)
        let setter = try TextSetter(scale: 1, texts: ChatKind.elements.texts(for: scenario))
        func picture(at time: Double) throws -> RGBAImage {
            try ReferenceRenderer().render(ChatScreen(scenario, size: size, text: setter, showing: [.wallpaper, .input]).scene(at: time))
        }
        func light(_ image: RGBAImage, _ x: Int, _ y: Int) -> Int {
            let at = (y * image.width + x) * 4
            return (Int(image.pixels[at]) + Int(image.pixels[at + 1]) + Int(image.pixels[at + 2])) / 3
        }
        func darkest(_ image: RGBAImage, rows: Range<Int>, columns: Range<Int>) -> Int {
            rows.flatMap { y in columns.map { x in light(image, x, y) } }.min() ?? 255
        }
        // The draft starts at 1.2 s (0.8 s before the send); 0.03 s in, the panel has grown a little.
        let early = try picture(at: 1.23), whole = try picture(at: 1.9)
        // Below the field's bottom (804; its 1-pt stroke above), between the attach icon and the send disc: the panel's glass only.
        XCTAssertGreaterThan(darkest(early, rows: 806..<844, columns: 50..<340), 180, "no draft line below the field")
        XCTAssertGreaterThan(darkest(whole, rows: 806..<844, columns: 50..<340), 180, "no draft line below the grown field")
        // The text in the field (from x 55, above its bottom stroke): fading in, then whole.
        let earlyInk = darkest(early, rows: 740..<802, columns: 55..<330)
        let wholeInk = darkest(whole, rows: 687..<802, columns: 55..<330)
        XCTAssertLessThan(wholeInk, 60)
        XCTAssertGreaterThan(earlyInk, wholeInk + 60, "the draft's text fades in with the panel")
        // The disc (33 pt about (369, 787.5)) left of the mic and the arrow: blue once shown, between the panel and blue as it comes.
        let blue = (0x00 + 0x7A + 0xFF) / 3
        XCTAssertEqual(light(whole, 356, 787), blue, accuracy: 2)
        XCTAssertGreaterThan(light(early, 356, 787), blue + 30)
    }

    func testOneMergedLineRaisesTheRowsAbove37Points() {
        let timeline = scenario([(1, "Yes")], messages: [ChatMessage(side: .outgoing, text: "Hi", time: "12:40")])
        // Just after the send, before Y moves: the rows above still where they were, 35 + 2 pt below their final place.
        let motion = ChatListMotion(timeline, at: 1 + 1e-9, height: 844, width: width)
        XCTAssertEqual(motion.shifts[0], 37, accuracy: 1e-6)
        // The merged neighbour's look before: its tail, which fades out.
        XCTAssertEqual(motion.flights.first?.neighbourBefore?.hasTail, true)
        XCTAssertEqual(motion.layout.placed[0].hasTail, false)
    }

    func testTheMovingShapeLerpsEachEdgeOnItsTrack() {
        let p = ChatMessageLayout.Box(x: 42, y: 771, width: 306, height: 33)
        let b = ChatMessageLayout.Box(x: 200, y: 700, width: 180, height: 57)
        var progress = SendMotion(kind: .small, animation: .shipped).progress(0)
        XCTAssertEqual(SendFlightElement.movingShape(field: p, body: b, progress: progress), p)
        progress = SendMotion(kind: .small, animation: .shipped).progress(1)
        XCTAssertEqual(SendFlightElement.movingShape(field: p, body: b, progress: progress), b)
        progress.x = 0.5
        progress.y = 0.25
        progress.width = 1
        progress.height = 0
        let r = SendFlightElement.movingShape(field: p, body: b, progress: progress)
        XCTAssertEqual(r.x, 121)
        XCTAssertEqual(r.bottom, 804 + (757 - 804) * 0.25)
        XCTAssertEqual(r.width, 180)
        XCTAssertEqual(r.height, 33)
    }

    /// `frame --time T` draws what a render draws at T, mid-flight, under a settings file.
    func testAFrameInFlightIsTheRendersFrame() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chat-send-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let example = TestPaths.packageRoot.appendingPathComponent("Examples/chat-contest.json").path
        let frames = folder.appendingPathComponent("frames").path
        let rendered = try runCallshade(["render", example, "--at", "1.05,2.3", "--size", "98x211", "-o", frames])
        XCTAssertEqual(rendered.status, 0, rendered.standardError)
        for (index, time) in ["1.05", "2.3"].enumerated() {
            let out = folder.appendingPathComponent("frame\(index).png").path
            let result = try runCallshade(["frame", "--scenario", example, "--time", time, "--size", "98x211", "-o", out])
            XCTAssertEqual(result.status, 0, result.standardError)
            assertSameImage(try PNGFile.read(path: out), try PNGFile.read(path: frames + "/frame_00000\(index).png"), time)
        }
    }
}

/// Sends in a row (chat-types section 7): a later send j moves everything above it, in flight or not, by its rise D_j on V:
/// R_k = lerp(P_k, B_k, p_k) - D_j V_j, so a flight's start moves up with it (and its end is its place before j, raised alike).
final class SendsInARowTests: XCTestCase {
    func testALaterSendRaisesAFlightInProgress() {
        let width: (String, TextStyle) -> Double = { text, _ in Double(text.count) * 8 }
        let chat = ChatScenario(settings: ScenarioSettings(duration: 3), messages: [ChatMessage(side: .incoming, text: "Hi", time: "12:38")],
                                events: [ChatEvent(at: 1, change: .send(text: "One", kind: nil, time: nil), index: 0),
                                         ChatEvent(at: 1.1, change: .send(text: "Two", kind: nil, time: nil), index: 1)])
        let timeline = ChatTimeline(chat)
        let alone = ChatListMotion(timeline, at: 1.05, height: 844, width: width)
        let both = ChatListMotion(timeline, at: 1.2, height: 844, width: width)
        guard let first = alone.flights.first, let raised = both.flights.first(where: { $0.index == first.index }) else {
            return XCTFail("both sends fly at 1.2 s")
        }
        // D: how far "Two" raises the row of "One"; V at 0.1 s into "Two".
        let rise = ChatMessageLayout(Array(timeline.messages(at: 1.05)), width: width).placed[1].frame.y
            - ChatMessageLayout(timeline.messages(at: 1.2), width: width).placed[1].frame.y
        let v = SendMotion(kind: .small, animation: .shipped).progress(0.1).rows
        XCTAssertGreaterThan(rise * v, 10)
        XCTAssertEqual(raised.risen, -rise * v, accuracy: 1e-9)
        XCTAssertEqual(raised.field.y, first.field.y - rise * v, accuracy: 1e-9)
        // The moving shape: the spec's lerp from P to its place before "Two", less D V.
        let before = ChatMessageLayout(timeline.messages(at: 1.05), width: width).placed[1].shifted(by: alone.shifts[1] - alone.listShift)
        let spec = SendFlightElement.movingShape(field: first.field, body: before.body, progress: raised.progress)
        let placed = both.layout.placed[1].shifted(by: both.shifts[1] - both.listShift)
        let drawn = SendFlightElement.movingShape(field: raised.field, body: placed.body, progress: raised.progress)
        XCTAssertEqual(drawn.y, spec.y - rise * v, accuracy: 1e-9)
        XCTAssertEqual(drawn.x, spec.x, accuracy: 1e-9)
        // Once "Two" has risen, nothing is left to move.
        XCTAssertEqual(ChatListMotion(timeline, at: 1.6, height: 844, width: width).flights.first { $0.index == 1 }?.risen ?? 0, 0)
    }
}
