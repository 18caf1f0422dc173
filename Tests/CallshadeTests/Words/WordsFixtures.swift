import CallshadeCore
import CallshadeKinds
import CallshadeText
import Foundation

/// Frames with the call screen's words, from a scenario that passes through
/// every status: ringing, active with the weak-signal pill, ended busy.
enum WordsFixtures {
    static let scenario = Scenario(duration: 20, seed: 5, name: "Emma Walker", [
        (0, .state(.ringing)), (0.5, .state(.active)), (1, .signal(0.1)), (9, .signal(0.6)), (12, .state(.ended, reason: .busy)),
    ])
    static let timeline = CallTimeline(scenario)

    /// The words goldens' call: requesting, ringing from 2 s, active from 4 s
    /// with signal 0.6 (two bars), weak from 12 s, "Line Busy" from 14 s.
    static let goldenScenario = Scenario(duration: 20, seed: 3, name: "Emma Walker", [
        (0, .state(.requesting)), (2, .state(.ringing)), (4, .state(.active)), (4, .signal(0.6)), (12, .signal(0.1)),
        (14, .state(.ended, reason: .busy)),
    ])

    /// A words golden (Goldens/cases.json): the golden call's words over the
    /// gradient alone, in a palette (so that an oracle that knows no
    /// timeline can check them: Scripts/spec-words.py).
    static func goldenScene(at time: Double, size: String, layers: Set<SceneTag>, background: GradientParameters) throws -> Scene {
        let layout = try CallLayout(size: .init(parsing: size))
        let screen = CallScreen(layout: layout, seed: goldenScenario.seed, avatar: nil, text: try setter(for: layout), showing: layers,
                                elements: FrameState.wordsElements)
        return screen.scene(at: CallTimeline(goldenScenario).state(at: time).still, background: background)
    }

    /// A setter for frames of `layout` (made once a scale a run: rasterising the glyphs takes a moment).
    static func setter(for layout: CallLayout) throws -> TextSetter {
        try setters.value(for: layout.scale) { try TextSetter(scale: layout.scale, texts: CallKind.elements.texts(for: scenario)) }
    }

    private static let setters = Memo<Double, TextSetter>(limit: 4)

    /// The frame at `time`, with the tags `layers`.
    static func scene(at time: Double, size: String = "390x844", layers: Set<SceneTag> = Set(CallKind.elements.tags)) throws -> Scene {
        let layout = try CallLayout(size: try FrameSize(parsing: size))
        let screen = CallScreen(layout: layout, seed: scenario.seed, avatar: nil, text: try setter(for: layout), showing: layers)
        return screen.scene(at: timeline.state(at: time))
    }
}
