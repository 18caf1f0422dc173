@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeText
@testable import CallshadeGL
import XCTest

/// The expanded key on rendered frames: the panel and the emoji row where
/// the spec puts them, measured from the pixels; the emoji's arc; the avatar
/// and waves fading; and the GPU held to the CPU reference.
final class PanelRenderTests: XCTestCase {
    /// Active from 1 s, the key tapped at 2 s, the panel tapped shut at 4 s.
    static let scenario = Scenario(duration: 10, seed: 5, name: "Emma Walker", [
        (0, .state(.ringing)), (1, .state(.active)), (2, .tap(.key)), (4, .tap(.panel)),
    ])

    func scene(at time: Double, size: String = "390x844", layers: Set<SceneTag> = Set(CallKind.elements.tags)) throws -> Scene {
        try scenarioScene(Self.scenario, at: time, size: size, layers: layers)
    }

    /// At 390x844 with 390 points across, open: the panel from x 44 to 346
    /// (W - 88 wide, centred) with its top at 120 (safeTop + 73); the
    /// emoji's row's top at 140 (safeTop + 93), centred, 40/15 as wide as the key.
    func testThePanelAndTheRowAreWhereTheSpecPutsThem() throws {
        let gpu = try WordsRenderTests.shared.renderer()
        let bare = try gpu.render(try scene(at: 3, layers: [.background]))
        let panel = try XCTUnwrap(WordsRenderTests.changedBox(try gpu.render(try scene(at: 3, layers: [.background, .panel])), bare, threshold: 4))
        XCTAssertEqual(Double(panel.left), 44, accuracy: 2, "panel \(panel)")
        XCTAssertEqual(Double(panel.right + 1), 346, accuracy: 2, "panel \(panel)")
        XCTAssertEqual(Double(panel.top), 120, accuracy: 2, "panel \(panel)")
        // 78 + the title's line + 10 + three lines of explanation + 22 + 1 + 56.
        XCTAssertEqual(Double(panel.bottom + 1 - panel.top), 78 + 19.4 + 10 + 3 * 19.4 + 79, accuracy: 3, "panel \(panel)")
        let row = try XCTUnwrap(WordsRenderTests.changedBox(try gpu.render(try scene(at: 3, layers: [.background, .key])), bare, threshold: 8))
        XCTAssertEqual(Double(row.top), 140, accuracy: 2, "row \(row)")
        XCTAssertEqual(Double(row.left + row.right + 1) / 2, 195, accuracy: 2, "row \(row)")
        // The same emoji as the key's, 40/15 as wide.
        let key = try XCTUnwrap(WordsRenderTests.changedBox(try gpu.render(try scene(at: 1.5, layers: [.background, .key])),
                                                            try gpu.render(try scene(at: 1.5, layers: [.background])), threshold: 8))
        XCTAssertEqual(Double(row.right + 1 - row.left), Double(key.right + 1 - key.left) * 40 / 15, accuracy: 6, "row \(row), key \(key)")
    }

    /// The emoji rise above the key before they drop into the row: at the
    /// middle of the way their centres are 0.8 x the drop above the
    /// straight line's middle; they grow from 15 pt to 40 pt.
    func testTheEmojiTravelOnTheirArc() throws {
        let layout = try CallLayout(size: try FrameSize(parsing: "390x844"))
        let setter = try TextSetter(scale: layout.scale, texts: CallKind.elements.texts(for: Self.scenario))
        let key = KeyState(emoji: Self.scenario.key, alpha: 1, peer: Self.scenario.name)
        let place = try XCTUnwrap(CallKey(layout: layout, text: setter).placement(key))
        let panel = CallPanel(layout: layout, setter: setter, name: key.peer)
        func centres(_ progress: Double) -> [Vec2] {
            panel.emojiNode(key, progress: progress, from: place).marks.map { Vec2($0.x + $0.width / 2, $0.y + $0.height / 2) }
        }
        let (start, middle, end) = (centres(0), centres(0.5), centres(1))
        XCTAssertEqual(start.count, 4)
        for index in 0..<4 {
            let drop = end[index].y - start[index].y
            XCTAssertGreaterThan(drop, 60)
            XCTAssertEqual(middle[index].y, (start[index].y + end[index].y) / 2 - 0.8 * drop, accuracy: 1e-9)
            XCTAssertEqual(middle[index].x, (start[index].x + end[index].x) / 2, accuracy: 1e-9)
        }
        // Their ink (the pictures less their one-texel borders) grows 40/15 times.
        let small = panel.emojiNode(key, progress: 0, from: place).marks.map { $0.height - 2 }
        let big = panel.emojiNode(key, progress: 1, from: place).marks.map { $0.height - 2 }
        // (Each 15 pt picture's crop to whole pixels is up to a pixel in 16 off: the four summed.)
        XCTAssertEqual(big.reduce(0, +) / small.reduce(0, +), 40.0 / 15, accuracy: 0.25, "\(small) to \(big)")
    }

    /// Open: the avatar's place shows the panel's glass, and outside the
    /// panel nothing of the avatar or the waves is left.
    func testTheAvatarAndWavesFadeAwayWhileItIsOpen() throws {
        let gpu = try WordsRenderTests.shared.renderer()
        let timeline = CallTimeline(Self.scenario)
        XCTAssertEqual(timeline.state(at: 1.9).panel, nil)
        XCTAssertEqual(timeline.state(at: 3).panel, ShownOverlay(scale: 1, alpha: 1))
        XCTAssertEqual(timeline.state(at: 2.05).panel?.alpha ?? 0, 0.5, accuracy: 1e-9)
        XCTAssertNil(timeline.state(at: 4.41).panel)
        let picture: Set<SceneTag> = [.background, .waves, .avatar]
        let open = try gpu.render(try scene(at: 3, layers: picture)), bare = try gpu.render(try scene(at: 3, layers: [.background]))
        XCTAssertNil(WordsRenderTests.changedBox(open, bare, threshold: 1), "the avatar and waves are gone")
        let closed = try gpu.render(try scene(at: 1.9, layers: picture))
        XCTAssertNotNil(WordsRenderTests.changedBox(closed, try gpu.render(try scene(at: 1.9, layers: [.background])), threshold: 8))
    }

    /// Frames with the panel opening (its glass over the avatar as it
    /// fades), open, and closing, with every element.
    func testGPUAndCPUAgreeOnFramesWithThePanel() throws {
        let matrix = RouteMatrix(gpu: try WordsRenderTests.shared.renderer())
        for (time, size) in [(2.08, "390x844"), (3, "390x844"), (4.05, "390x844"), (2.12, "1170x2532"), (3, "1170x2532")] {
            try matrix.assertEveryRouteAgrees(try scene(at: time, size: size), name: "panel-\(size)-\(time)", rule: \.withinForegroundParity)
        }
    }
}
