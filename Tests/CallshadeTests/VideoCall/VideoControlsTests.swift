@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeText
import XCTest

/// What the rest of the screen does with video (video-call, sections 3, 6
/// and 8), from the scene's nodes on the 390 x 844 example screen: the
/// title's change, what moves where as the controls hide, the flip button.
final class VideoControlsTests: XCTestCase {
    static let scenario = VideoCallFixtures.scenario([(1, .remoteVideo(true)), (1.5, .video(true)), (5, .remoteMuted(true))])
    static let timeline = CallTimeline(scenario)
    static let layout = try? CallLayout(size: FrameSize(parsing: "390x844"))
    static let setter = layout.flatMap { try? TextSetter(scale: $0.scale, texts: CallKind.elements.texts(for: scenario)) }

    func scene(at time: Double, layers: Set<SceneTag>) throws -> Scene {
        let layout = try XCTUnwrap(Self.layout), setter = try XCTUnwrap(Self.setter)
        return CallScreen(layout: layout, seed: 1, avatar: nil, text: setter, showing: layers).scene(at: Self.timeline.state(at: time))
    }

    func words(at time: Double) throws -> CallWords {
        CallWords(layout: try XCTUnwrap(Self.layout), text: try XCTUnwrap(Self.setter), video: Self.timeline.state(at: time).video)
    }

    /// Video on: the title's top at safeTop + 2 (49), 17 pt medium; the status 0 pt below it (about 70).
    /// Hidden: the title's top at -8 - its height - the status's; the pill at safeTop + 2.
    func testTheTitleAndStatusMoveUp() throws {
        let setter = try XCTUnwrap(Self.setter)
        let audio = try words(at: 0.5)
        XCTAssertEqual(audio.titleTop, 413, accuracy: 1e-9)
        XCTAssertEqual(audio.statusTop, 413 + setter.line("", style: CallWords.title).height + 4, accuracy: 1e-9)
        let video = try words(at: 2.5)
        let titleHeight = setter.line("", style: CallWords.videoTitle).height, statusHeight = setter.line("", style: CallWords.status).height
        XCTAssertEqual(video.titleTop, 49, accuracy: 1e-9)
        XCTAssertEqual(video.statusTop, 49 + titleHeight, accuracy: 1e-9)
        XCTAssertEqual(video.statusTop, 70, accuracy: 0.6)
        XCTAssertEqual(video.pillTop, video.statusTop + statusHeight + 12, accuracy: 1e-9)
        let hidden = try words(at: 4)
        XCTAssertEqual(hidden.titleTop, -8 - titleHeight - statusHeight, accuracy: 1e-9)
        XCTAssertEqual(hidden.pillTop, 49, accuracy: 1e-9)
        // The title's marks: the medium text alone once the cross-fade is over, faded out when hidden.
        let title = try XCTUnwrap(try scene(at: 2.5, layers: [.title]).node(MarksNode.self))
        XCTAssertEqual(title.marks.count, Scenario.defaultName.filter { $0 != " " }.count)
        XCTAssertTrue(title.marks.allSatisfy { $0.alpha == 1 })
        XCTAssertTrue(try scene(at: 4, layers: [.title]).node(MarksNode.self)?.marks.isEmpty ?? false)
    }

    /// Hidden: the buttons' tops at H + 12 (856), no fade; the notices' first bottom at H - safeBottom - 4 (806);
    /// the first button is flip once your camera is on.
    func testTheButtonsGoDownAndTheNoticesStay() throws {
        let shown = try scene(at: 1.2, layers: [.buttons])
        XCTAssertEqual(shown.nodes.compactMap { $0 as? GlassNode }.map(\.y), [702, 702, 702])
        let hidden = try scene(at: 6, layers: [.buttons, .notices])
        let glass = hidden.nodes.compactMap { $0 as? GlassNode }
        XCTAssertEqual(glass.prefix(3).map(\.y), [856, 856, 856])
        XCTAssertEqual(glass.prefix(3).map(\.opacity), [1, 1, 1])
        // The notice "Emma Walker's microphone is off": 30 pt high, its bottom at 806.
        let notice = try XCTUnwrap(glass.last)
        XCTAssertEqual(notice.y + notice.height, 806, accuracy: 1e-9)
        // Flip in the speaker's place: its label "flip" among the buttons' marks, the speaker's gone.
        let setter = try XCTUnwrap(Self.setter)
        let kinds = try XCTUnwrap(hidden.nodes.compactMap { $0 as? MarksNode }.first).marks.map(\.kind)
        let flip = setter.line("flip", style: CallButtons.label).marks(origin: Vec2(0, 0)).map(\.kind)
        let speaker = setter.line("volume_up", style: CallButtons.icon).marks(origin: Vec2(0, 0)).map(\.kind)
        XCTAssertTrue(flip.allSatisfy(kinds.contains))
        XCTAssertFalse(speaker.contains(where: kinds.contains))
        XCTAssertEqual(Self.timeline.state(at: 6).video.flipButton, 1)
        XCTAssertEqual(Self.timeline.state(at: 6).notices.map(\.notice), [.remoteMicrophone])
        // Before your camera: the speaker shows selected (the loudspeaker is forced), and "Your camera is off".
        XCTAssertEqual(Self.timeline.state(at: 1.2).buttons.selected, [true, false, false, false])
        XCTAssertEqual(Self.timeline.state(at: 1.2).notices.map(\.notice), [.ownCamera])
    }

    /// The key rises by 8 pt and its height and fades as the controls hide; the back button rises by its height + 12 and fades.
    func testTheKeyAndBackButtonRiseAndFade() throws {
        let shownKey = try XCTUnwrap(try scene(at: 2.5, layers: [.key]).node(MarksNode.self))
        let hiddenKey = try XCTUnwrap(try scene(at: 3.45, layers: [.key]).node(MarksNode.self))
        let midway = Self.timeline.state(at: 3.6).video
        let moving = try XCTUnwrap(try scene(at: 3.6, layers: [.key]).node(MarksNode.self))
        let height = (shownKey.marks.map { $0.y + $0.height }.max() ?? 0) - (shownKey.marks.map(\.y).min() ?? 0)
        // Still in place until the controls begin to hide at 3.5 s.
        XCTAssertEqual(hiddenKey.marks.first?.y, shownKey.marks.first?.y)
        XCTAssertEqual((moving.marks.first?.y ?? 0) - (shownKey.marks.first?.y ?? 0), -(8 + height) * midway.controlsHidden, accuracy: 1)
        XCTAssertEqual(moving.marks.first?.alpha ?? 0, 1 - midway.controlsFade, accuracy: 1e-9)
        let back = try XCTUnwrap(try scene(at: 2.5, layers: [.back]).node(MarksNode.self))
        XCTAssertTrue(try scene(at: 4, layers: [.back]).node(MarksNode.self)?.marks.isEmpty ?? false)
        let backMoving = try XCTUnwrap(try scene(at: 3.6, layers: [.back]).node(MarksNode.self))
        XCTAssertLessThan(backMoving.marks.first?.y ?? 0, back.marks.first?.y ?? 0)
    }
}
