@testable import CallshadeCore
@testable import CallshadeKinds
import Foundation
import XCTest

/// The video call's timeline (video-call, sections 3 to 6 and 8) against
/// the spec's numbers: closed-form, so every instant stands on its own.
final class VideoTimelineTests: XCTestCase {
    static func scenario(_ changes: [(Double, ScenarioChange)], duration: Double = 30) -> Scenario {
        Scenario(duration: duration, remoteVideoPath: "/peer.mp4", localVideoPath: "/me.mp4", [(0, .state(.active))] + changes)
    }

    func times(_ changes: [ControlsTrack.Change], hidden: Bool) -> [Double] { changes.filter { $0.hidden == hidden }.map(\.time) }

    /// The peer's video on at 1.0 s and yours at 1.5 s hide the controls at
    /// 3.5 s (the timer restarts); a tap shows them and they hide 5 s later;
    /// a tap while shown hides them; with no video left they show.
    func testTheControlsHideOnTheSpecsTimers() {
        let timeline = CallTimeline(Self.scenario([
            (1, .remoteVideo(true)), (1.5, .video(true)), (5, .tap(.screen)), (12, .tap(.screen)), (13, .tap(.screen)),
            (20, .video(false)), (21, .remoteVideo(false)), (22, .tap(.screen)),
        ]))
        let changes = timeline.video.controls.changes
        XCTAssertEqual(times(changes, hidden: true), [3.5, 10, 13])
        XCTAssertEqual(times(changes, hidden: false), [5, 12, 21])
        XCTAssertEqual(changes.map(\.cause), [.videoTimer, .tap, .tapTimer, .tap, .tap, .videoGone])
        // The spring (0.4 s) and the fade (ease-in-out 0.3 s) from the hide at 3.5 s.
        XCTAssertEqual(timeline.state(at: 3.4).video.controlsHidden, 0)
        XCTAssertEqual(timeline.state(at: 3.7).video.controlsHidden, Spring.standard(0.4).progress(0.2), accuracy: 1e-12)
        XCTAssertEqual(timeline.state(at: 3.65).video.controlsFade, 0.5, accuracy: 1e-9)
        XCTAssertEqual(timeline.state(at: 4).video.controlsHidden, 1)
        // Without video the controls never hide, and a tap does nothing to them.
        XCTAssertEqual(timeline.state(at: 25).video.controlsHidden, 0)
        XCTAssertTrue(CallTimeline(Scenario(duration: 9, [(0, .state(.active)), (1, .tap(.screen)), (3, .tap(.screen))]))
            .video.controls.changes.isEmpty)
    }

    /// A video coming on at the very instant the timer ends restarts it
    /// (events at an instant come before the timer's end, section 6): the
    /// peer's video at 1.0 s and yours at exactly 3.0 s hide the controls at
    /// 5.0 s, not at 3.0 s; so do a tap's 5 s and a video at its end.
    func testAVideoComingOnAsTheTimerEndsRestartsIt() {
        let timeline = CallTimeline(Self.scenario([(1, .remoteVideo(true)), (3, .video(true))]))
        XCTAssertEqual(times(timeline.video.controls.changes, hidden: true), [5])
        XCTAssertEqual(timeline.state(at: 3.6).video.controlsHidden, 0)
        XCTAssertEqual(timeline.state(at: 4.99).video.controlsHidden, 0)
        XCTAssertGreaterThan(timeline.state(at: 5.2).video.controlsHidden, 0)
        // The example's own instants: the peer's video at 4.0 s, yours at 6.0 s: hidden at 8.0 s.
        let example = CallTimeline(Self.scenario([(4, .remoteVideo(true)), (6, .video(true))]))
        XCTAssertEqual(times(example.video.controls.changes, hidden: true), [8])
        // Shown again by a tap at 3.5 s, the tap's timer ends at 8.5 s, the instant your video comes on: it restarts, 2 s more.
        let tapped = CallTimeline(Self.scenario([(1, .remoteVideo(true)), (3.5, .tap(.screen)), (8.5, .video(true))]))
        XCTAssertEqual(times(tapped.video.controls.changes, hidden: true), [3, 10.5])
    }

    /// The first video: the presence runs on the 0.3 s spring, the title's
    /// cross-fade over 0.15 s linearly; the last one going: 0.35 s back.
    func testTheAvatarBecomesTheVideoAndBack() {
        let timeline = CallTimeline(Self.scenario([(2, .remoteVideo(true)), (6, .remoteVideo(false))]))
        XCTAssertEqual(timeline.state(at: 1.9).video, .none)
        XCTAssertEqual(timeline.state(at: 2.15).video.presence, Spring.standard(0.3).progress(0.15), accuracy: 1e-12)
        XCTAssertEqual(timeline.state(at: 2.075).video.titleChange, 0.5, accuracy: 1e-12)
        XCTAssertEqual(timeline.state(at: 2.3).video.presence, 1, accuracy: 1e-9)
        XCTAssertEqual(timeline.state(at: 6.1).video.presence, 1 - Spring.standard(0.35).progress(0.1), accuracy: 1e-12)
        XCTAssertEqual(timeline.state(at: 6.35).video.presence, 0, accuracy: 1e-9)
        // The picture: from the avatar's square to full screen with the spring, its alpha too.
        let halfway = try? XCTUnwrap(timeline.state(at: 2.15).video.pictures.first)
        XCTAssertEqual(halfway?.place.weight(of: .fullScreen) ?? 0, Spring.standard(0.3).progress(0.15), accuracy: 1e-12)
        XCTAssertEqual(halfway?.alpha ?? 0, Spring.standard(0.3).progress(0.15), accuracy: 1e-12)
        // Going: into the avatar's square (spring 0.35 s), fading out over 0.3 s; gone at 0.35 s.
        let going = timeline.state(at: 6.15).video.pictures
        XCTAssertEqual(going.count, 1)
        XCTAssertEqual(going.first?.place.weight(of: .avatar) ?? 0, Spring.standard(0.35).progress(0.15), accuracy: 1e-12)
        XCTAssertEqual(going.first?.alpha ?? 0, 0.5, accuracy: 1e-9)
        XCTAssertTrue(timeline.state(at: 6.35).video.pictures.isEmpty)
    }

    /// A source's picture is its frame at `t - t_on`, `t_on` the event that turned that camera on.
    func testTheSourceTimeCountsFromTheCamerasOn() {
        let timeline = CallTimeline(Self.scenario([(2, .remoteVideo(true)), (3.25, .video(true)), (8, .video(false)), (9, .video(true))]))
        let pictures = timeline.state(at: 5).video.pictures
        XCTAssertEqual(pictures.map(\.feed), [.remote, .local])
        XCTAssertEqual(pictures.map(\.sourceTime), [3, 1.75])
        XCTAssertEqual(pictures.map(\.layer), [.fullScreen, .pip])
        XCTAssertEqual(timeline.state(at: 10).video.pictures.last?.sourceTime, 1)
        // Your camera: mirrored while it is the front one.
        XCTAssertEqual(pictures.map(\.mirrored), [false, true])
    }

    /// The picture in picture's move between corners: the spec's spring
    /// (acceleration 130 (target - x) - 17 v, from rest), integrated here
    /// step by step, at three instants of a move, and the closed form's
    /// speed carried into a second move that starts before the first ends.
    func testThePictureInPictureMovesOnTheSpecsSpring() {
        let timeline = CallTimeline(Self.scenario([(1, .remoteVideo(true)), (1, .video(true)), (5, .pip(.topLeft)), (10, .pip(.topRight)),
                                                   (10.2, .pip(.bottomRight))]))
        XCTAssertEqual(timeline.state(at: 4).video.pipPosition, Vec2(1, 1))
        for elapsed in [0.05, 0.2, 0.45] {
            let expected = Self.integrate(from: 1, to: 0, speed: 0, seconds: elapsed)
            let position = timeline.state(at: 5 + elapsed).video.pipPosition
            XCTAssertEqual(position.x, expected.position, accuracy: 1e-7, "at \(elapsed) s")
            XCTAssertEqual(position.y, expected.position, accuracy: 1e-7, "at \(elapsed) s")
        }
        // Overshoot: the damping ratio is below 1, so it passes the corner and comes back.
        XCTAssertLessThan((0...100).map { timeline.state(at: 5 + Double($0) / 100).video.pipPosition.x }.min() ?? 0, -0.01)
        // Interrupted at 10.2 s, the second move starts from where the first had got to, at its speed.
        let first = Self.integrate(from: 0, to: 1, speed: 0, seconds: 0.2)
        let second = Self.integrate(from: first.position, to: 1, speed: first.speed, seconds: 0.15)
        XCTAssertEqual(timeline.state(at: 10.35).video.pipPosition.x, second.position, accuracy: 1e-7)
        XCTAssertEqual(timeline.state(at: 10.35).video.pipPosition.y, Self.integrate(from: 0, to: 1, speed: 0, seconds: 0.15).position,
                       accuracy: 1e-7)
        // A corner chosen while no picture in picture shows is where it will be, at once.
        let alone = CallTimeline(Self.scenario([(1, .remoteVideo(true)), (2, .pip(.topLeft)), (3, .video(true))]))
        XCTAssertEqual(alone.state(at: 3.01).video.pipPosition, Vec2(0, 0))
    }

    /// x'' = 130 (target - x) - 17 x', by fourth-order Runge-Kutta in steps of 10 microseconds.
    static func integrate(from start: Double, to target: Double, speed: Double, seconds: Double) -> (position: Double, speed: Double) {
        let steps = Int((seconds / 1e-5).rounded())
        let h = seconds / Double(steps)
        var (x, v) = (start, speed)
        func acceleration(_ x: Double, _ v: Double) -> Double { 130 * (target - x) - 17 * v }
        for _ in 0..<steps {
            let (k1x, k1v) = (v, acceleration(x, v))
            let (k2x, k2v) = (v + h / 2 * k1v, acceleration(x + h / 2 * k1x, v + h / 2 * k1v))
            let (k3x, k3v) = (v + h / 2 * k2v, acceleration(x + h / 2 * k2x, v + h / 2 * k2v))
            let (k4x, k4v) = (v + h * k3v, acceleration(x + h * k3x, v + h * k3v))
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return (x, v)
    }

    /// A tap on the picture in picture: each place cross-fades to the other
    /// picture over 0.2 s, the new one starting at the old one's aspect.
    func testASwapCrossFadesBothPlaces() throws {
        let timeline = CallTimeline(Self.scenario([(1, .remoteVideo(true)), (1, .video(true)), (4, .tap(.pip))]))
        let halfway = timeline.state(at: 4.1).video.pictures
        XCTAssertEqual(halfway.count, 4)
        let full = halfway.filter { $0.layer == .fullScreen }, small = halfway.filter { $0.layer == .pip }
        XCTAssertEqual(full.map(\.feed), [.remote, .local])
        XCTAssertEqual(small.map(\.feed), [.local, .remote])
        for pictures in [full, small] {
            XCTAssertEqual(pictures[0].alpha, 0.5, accuracy: 1e-9)
            XCTAssertEqual(pictures[1].alpha, 0.5, accuracy: 1e-9)
        }
        // Full screen, the new picture (yours) halfway from the peer's aspect to its own; in the
        // picture in picture both share the box halfway from your aspect to the peer's.
        XCTAssertEqual(full[1].remoteAspect, 0.5, accuracy: 1e-9)
        XCTAssertEqual(full[0].remoteAspect, 1)
        XCTAssertEqual(small[0].remoteAspect, 0.5, accuracy: 1e-9)
        XCTAssertEqual(small[1].remoteAspect, 0.5, accuracy: 1e-9)
        XCTAssertEqual(timeline.state(at: 4.2).video.pictures.map(\.feed), [.local, .remote])
        // Your camera gone, the peer's comes back full screen.
        let alone = CallTimeline(Self.scenario([(1, .remoteVideo(true)), (1, .video(true)), (4, .tap(.pip)), (6, .video(false))]))
        XCTAssertEqual(alone.state(at: 7).video.pictures.map(\.feed), [.remote])
        XCTAssertEqual(alone.state(at: 7).video.pictures.first?.place, PlaceMix(.fullScreen))
    }

    /// A flip of the picture in picture turns it edge on and back over
    /// 0.2 s (ease-in-out), the mirroring changing halfway; full screen it cross-fades.
    func testAFlipTurnsThePictureInPictureAndCrossFadesFullScreen() {
        let timeline = CallTimeline(Self.scenario([(1, .remoteVideo(true)), (1, .video(true)), (4, .camera(.back)), (8, .tap(.pip)),
                                                   (9, .camera(.front))]))
        func local(_ time: Double) -> [ShownVideo] { timeline.state(at: time).video.pictures.filter { $0.feed == .local } }
        XCTAssertEqual(local(4.05).first?.squash ?? 0, abs(cos(Double.pi * fadeProgress(0.05, over: 0.2))), accuracy: 1e-12)
        XCTAssertEqual(local(4.05).first?.mirrored, true)
        XCTAssertEqual(local(4.1).first?.squash ?? 1, 0, accuracy: 1e-12)
        XCTAssertEqual(local(4.15).first?.mirrored, false)
        XCTAssertEqual(local(4.2).first?.squash, 1)
        // Full screen (after the swap): the old picture fades out under the new, mirrored one.
        XCTAssertEqual(local(9.1).map(\.mirrored), [false, true])
        XCTAssertEqual(local(9.1).map(\.alpha)[1], 0.5, accuracy: 1e-9)
        XCTAssertEqual(local(9.2).map(\.mirrored), [true])
    }

    /// The second video joining: the picture in picture scales 0.6 -> 1
    /// (spring 0.3 s) and fades in over 0.1 s; leaving, it fades out over
    /// 0.3 s scaling to 0.6. Your full-screen camera moves into the corner when the peer's comes on.
    func testThePictureInPictureComesAndGoes() {
        let timeline = CallTimeline(Self.scenario([(1, .remoteVideo(true)), (2, .video(true)), (5, .video(false)), (7, .video(true)),
                                                   (10, .remoteVideo(false)), (12, .remoteVideo(true))]))
        let joining = timeline.state(at: 2.05).video.pictures.last
        XCTAssertEqual(joining?.scale ?? 0, 0.6 + 0.4 * Spring.standard(0.3).progress(0.05), accuracy: 1e-12)
        XCTAssertEqual(joining?.alpha ?? 0, 0.5, accuracy: 1e-9)
        let leaving = timeline.state(at: 5.15).video.pictures.last
        XCTAssertEqual(leaving?.feed, .local)
        XCTAssertEqual(leaving?.alpha ?? 0, 0.5, accuracy: 1e-9)
        XCTAssertEqual(leaving?.scale ?? 0, 0.8, accuracy: 1e-9)
        XCTAssertEqual(timeline.state(at: 5.3).video.pictures.map(\.feed), [.remote])
        // The peer's camera off: yours grows from the corner to full screen (spring 0.3 s).
        let growing = timeline.state(at: 10.15).video.pictures.first { $0.feed == .local }
        XCTAssertEqual(growing?.place.weight(of: .fullScreen) ?? 0, Spring.standard(0.3).progress(0.15), accuracy: 1e-12)
        // It comes back: yours shrinks from full screen into the corner, the peer's fades in full screen.
        let back = timeline.state(at: 12.1).video.pictures
        XCTAssertEqual(back.map(\.feed), [.remote, .local])
        XCTAssertEqual(back[1].place.weight(of: .pip), Spring.standard(0.3).progress(0.1), accuracy: 1e-12)
    }

    /// The loudspeaker shows selected while a video shows and your camera is
    /// off; "Your camera is off" while the peer's camera is on and yours is
    /// not; the tooltip goes when the controls hide; the flip button grows in.
    func testTheButtonsNoticesAndTooltipFollowTheVideo() {
        let timeline = CallTimeline(Self.scenario([(1, .remoteVideo(true)), (5, .video(true)), (5.5, .tap(.screen)), (7, .video(false))]))
        XCTAssertEqual(timeline.state(at: 0.5).buttons.selected[0], false)
        XCTAssertEqual(timeline.state(at: 2).buttons.selected[0], true)
        XCTAssertEqual(timeline.state(at: 6).buttons.selected[0], false)
        XCTAssertEqual(timeline.state(at: 2).notices.map(\.notice), [.ownCamera])
        XCTAssertEqual(timeline.key.tooltipChanges.map(\.exit), [nil, .controlsHid])
        XCTAssertEqual(timeline.key.tooltipChanges.last?.time, 3)
        XCTAssertEqual(timeline.state(at: 5.15).video.flipButton, Spring.standard(0.3).progress(0.15), accuracy: 1e-12)
        XCTAssertEqual(timeline.state(at: 6).video.flipButton, 1)
        // The order from the bottom: your microphone, theirs, your camera, their battery.
        XCTAssertEqual(KeyTrack.Notice.allCases, [.ownMicrophone, .remoteMicrophone, .ownCamera, .remoteBattery])
        // An audio call's button and notices do not change: the video button only.
        let audio = CallTimeline(Scenario(duration: 5, [(0, .state(.active)), (1, .video(true))]))
        XCTAssertEqual(audio.state(at: 2).buttons.selected, [false, true, false, false])
        XCTAssertEqual(audio.state(at: 2).video, .none)
    }

    /// `validate` lists each camera on and off, swap, flip, move of the picture in picture and controls change.
    func testValidateListsTheVideoMilestones() {
        let timeline = CallTimeline(Self.scenario([(1, .remoteVideo(true)), (1.5, .video(true)), (5, .tap(.pip)), (6, .pip(.topLeft)),
                                                   (6.5, .camera(.back)),
                                                   (7, .tap(.pip)), (7.5, .camera(.front)), (8, .tap(.screen)), (9, .state(.ended))], duration: 10))
        let lines = timeline.milestones.filter { $0.time > 0.5 }.map { "\(ShownNumber.text($0.time)) \($0.text)" }
        let expected = [
            "1 the peer's video on, full screen: the avatar becomes the video (spring 0.3 s)",
            "1.5 your video on, in the picture in picture (scale 0.6 to 1, spring 0.3 s)",
            "3.5 tooltip out (the controls hid)",
            "3.5 controls hide (2 s after a video came on)",
            "5 tap on the pip",
            "5 swap: your video full screen, the peer's video in the picture in picture (cross-fade 0.2 s)",
            "6 picture in picture to the top-left corner (spring 130/17)",
            "6.5 camera flip to the back camera: cross-fade 0.2 s",
            "7.5 camera flip to the front camera: the picture in picture turns (0.2 s)",
            "8 tap on the screen",
            "8 controls show (a tap on the screen)",
            "9 the peer's video off: the video becomes the avatar (spring 0.35 s)",
            "9 your video off: the video becomes the avatar (spring 0.35 s)",
        ]
        for line in expected { XCTAssertTrue(lines.contains(line), "missing: \(line)\n\(lines.joined(separator: "\n"))") }
    }
}
