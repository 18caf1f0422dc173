import CallshadeCore

/// Everything needed to turn an instant of a scenario into a frame request:
/// its timeline (voice from its recording, if any), layout, layers and avatar.
struct ScenarioFrames {
    let scenario: Scenario
    let timeline: CallTimeline
    let layout: CallLayout
    let layers: Set<Layer>
    let avatar: AvatarImage?
    /// The scenario's recording, opened once: it gave the levels, and a video muxes it.
    let recording: Recording?
    var dither = false

    init(scenario: Scenario, size: FrameSize, layers: Set<Layer>, scene: SceneOptions) throws {
        self.scenario = scenario
        recording = try ScenarioInput.recording(scenario)
        timeline = ScenarioInput.timeline(scenario, meter: try recording?.meter())
        layout = try scene.layout(for: size)
        self.layers = layers
        avatar = layers.contains(.avatar) ? try scene.avatarImage(scenarioAvatar: scenario.avatarPath, layout: layout) : nil
    }

    func request(at time: Double) -> FrameRequest {
        var request = FrameRequest(state: timeline.state(at: time), layout: layout, seed: scenario.seed, layers: layers, avatar: avatar)
        request.dither = dither
        return request
    }
}

extension Scenario {
    /// A short call used when no scenario is given: set-up, active with a
    /// changing level, a weak-signal spell, an idle pause.
    static let demo = Scenario(duration: 20, seed: 1, [
        (0, .state(.requesting)), (2, .state(.ringing)), (4, .state(.active)), (5, .level(1.5)), (7, .level(3)),
        (8, .signal(0.1)), (10, .signal(0.8)), (11, .level(0.5)), (12, .tap),
    ])
}
