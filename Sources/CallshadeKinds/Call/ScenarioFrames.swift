import CallshadeCore
import CallshadeRender

/// Everything needed to turn an instant of a scenario into a scene: its
/// timeline (voice from its recording, if any) and its call screen (layout,
/// seed, avatar, the tags shown).
public struct ScenarioFrames {
    public let scenario: Scenario
    public let timeline: CallTimeline
    public var screen: CallScreen
    /// The scenario's recording, opened once: it gave the levels, and a video muxes it.
    public let recording: Recording?
    /// The scenario's videos, opened once before the first frame; nil for an audio-only call.
    public let videos: ScenarioVideos?

    /// Opens and measures the scenario's recording, then makes the call
    /// screen with `screen` (which reads its avatar and sets its texts);
    /// opens its videos, whose pictures the screen's video element then draws.
    public init(scenario: Scenario, screen makeScreen: (Scenario) throws -> CallScreen) throws {
        self.scenario = scenario
        recording = try CallInput.recording(scenario)
        timeline = CallInput.timeline(scenario, meter: try recording?.meter())
        videos = try CallInput.videos(scenario, timeline: timeline)
        let made = try makeScreen(scenario)
        if let videos {
            screen = CallScreen(layout: made.layout, seed: made.seed, avatar: made.avatar, text: made.text, showing: made.showing,
                                elements: CallKind.elements(with: VideoElement(pictures: videos.pictures)), reuse: made.reuse)
            screen.dither = made.dither
        } else {
            screen = made
        }
    }

    public var layout: CallLayout { screen.layout }

    /// The scene at `time`, with the videos' pictures then (a decoding failure throws `VideoError`).
    public func scene(at time: Double) throws -> Scene {
        screen.scene(at: timeline.state(at: time), assets: try assets(at: time))
    }

    /// Starts decoding the videos' pictures of the frame at `time`, still to
    /// come, on the decoding thread (see `DecodeAhead`): nothing for an audio call.
    public func decodeAhead(at time: Double) {
        videos?.ahead.request(time)
    }

    /// What the screen's elements need for the frame at `time`: the videos' pictures.
    public func assets(at time: Double) throws -> FrameAssets {
        videos == nil ? FrameAssets() : try screen.elements.assets(at: time)
    }
}

extension Scenario {
    /// A short call used when no scenario is given: set-up, active with a
    /// changing level (the key's tooltip showing), the user's microphone off
    /// and the peer's battery low (mute selected, two notices), a weak-signal
    /// spell, an idle pause.
    public static let demo = Scenario(duration: 20, seed: 1, [
        (0, .state(.requesting)), (2, .state(.ringing)), (4, .state(.active)), (5, .level(1.5)), (6, .muted(true)),
        (6.5, .remoteBatteryLow(true)), (7, .level(3)), (8, .signal(0.1)), (10, .signal(0.8)), (11, .level(0.5)), (12, .tap(.screen)),
    ])

    /// A short call's end, rated 5 stars: the rating panel from 0.5 s, the
    /// full-screen effect from 1.5 s to 3.7 s (the bench's rating rows).
    public static let ratingDemo = Scenario(duration: 5, seed: 1, [
        (0, .state(.active)), (0.2, .state(.ended)), (0.5, .ratingRequested), (1.5, .rate(5)),
    ])

    /// When the rating demo's effect has the most particles on screen and the burst is flying (0.2 s to 0.8 s after the rating).
    public static let ratingDemoBusiest = 1.7
}

extension ScenarioFrames: FrameScenes {
    public func waitUntilIdle() {
        videos?.ahead.waitUntilIdle()
    }
}
