import CallshadeCore
import CallshadeKinds
import CallshadeText

/// The scene of `scenario` at `time`, at a frame size, with the tags
/// `layers`, its words set for the scenario's name and key.
func scenarioScene(_ scenario: Scenario, at time: Double, size: String = "390x844",
                   layers: Set<SceneTag> = Set(CallKind.elements.tags)) throws -> Scene {
    let layout = try CallLayout(size: try FrameSize(parsing: size))
    let setter = try TextSetter(scale: layout.scale, texts: CallKind.elements.texts(for: scenario))
    let screen = CallScreen(layout: layout, seed: scenario.seed, avatar: nil, text: setter, showing: layers)
    return screen.scene(at: CallTimeline(scenario).state(at: time))
}
