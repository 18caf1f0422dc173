import CallshadeCore
import CallshadeRender

/// A call's still as `frame` draws it: the instant as `render` draws it,
/// its recording's voice included, then `--palette`, `--phase`, `--level`
/// and `--seed` over it.
extension Scenario: AdjustableStill {
    public func still(at time: Double, request: FramesRequest, adjustments: StillAdjustments) throws -> (scene: Scene, warnings: () -> [String]) {
        try CallInput.checkFonts(self, file: request.file)
        let frames = try ScenarioFrames(scenario: self, size: request.size, layers: request.layers, choices: request.choices, reuse: request.reuse)
        let state = frames.timeline.state(at: time)
        let scene = CallStill.scene(frames.screen, state: state, background: state.gradient, waves: state.waves,
                                    assets: try frames.assets(at: time), adjustments: adjustments, dither: request.dither)
        return (scene, frames.videoWarnings)
    }
}

/// `frame` without a scenario: the words of a call that has just been
/// placed, over the blue-violet gradient at phase 0, the voice silent.
struct PlacedCall: AdjustableStill {
    let scenario = Scenario(duration: 1, events: [])

    var scene: String { scenario.scene }
    var kind: any SceneKind { CallKind() }
    var duration: Double { scenario.duration }
    var seed: Int64 { scenario.seed }
    var size: FrameSize? { scenario.size }
    var fps: Int? { scenario.fps }
    var defaultFrameSize: FrameSize { scenario.defaultFrameSize }
    var readFiles: [String] { [] }

    func frames(_ request: FramesRequest) throws -> KindFrames { try scenario.frames(request) }

    func still(at time: Double, request: FramesRequest, adjustments: StillAdjustments) throws -> (scene: Scene, warnings: () -> [String]) {
        let screen = try request.choices.callScreen(size: request.size, scenario: scenario, showing: request.layers, reuse: request.reuse)
        let scene = CallStill.scene(screen, state: CallTimeline(scenario).state(at: 0), background: GradientParameters(palette: .blueViolet, phase: 0),
                                    waves: WaveState(level: 0, motionTime: 0), assets: FrameAssets(), adjustments: adjustments, dither: request.dither)
        return (scene, { [] })
    }
}

enum CallStill {
    /// The call screen's scene for `state`, with `background` and `waves` as `adjustments` change them.
    static func scene(_ screen: CallScreen, state: FrameState, background: GradientParameters, waves: WaveState, assets: FrameAssets,
                      adjustments: StillAdjustments, dither: Bool) -> Scene {
        var (screen, state, background, waves) = (screen, state, background, waves)
        if let palette = adjustments.palette { background.colors = palette.colors }
        if let phase = adjustments.phase { background.centres = GradientMotion.centres(phase: phase) }
        if let level = adjustments.level {
            waves = WaveState(level: level, shown: waves.shown, visibility: waves.visibility, idleStopped: waves.idleStopped,
                              frozen: waves.frozen, motionTime: waves.motionTime)
        }
        if let seed = adjustments.seed { screen.seed = seed }
        screen.dither = dither
        state.waves = waves
        return screen.scene(at: state, background: background, assets: assets)
    }
}
