import CallshadeCore
import CallshadeKinds
import CallshadeText
import Foundation

/// The key, tooltip, panel, buttons and notices goldens: 390x844 frames of
/// one call's elements over the gradient alone, in blue-violet at phase 0
/// (so that an oracle that knows no timeline can check them:
/// Scripts/spec-key.py).
enum KeyFixtures {
    /// Active from 1 s; the key tapped at 3 s (the tooltip goes, the panel
    /// opens) and the panel at 4.5 s; the user's microphone off from 5 s;
    /// the peer's battery low from 6 s.
    static let goldenScenario = GoldenScenarios.load("key")

    /// A key golden (Goldens/cases.json): the golden call at `time`, over the gradient `background`.
    static func goldenScene(at time: Double, size: String, layers: Set<SceneTag>, background: GradientParameters) throws -> Scene {
        let layout = try CallLayout(size: .init(parsing: size))
        let setter = try setters.value(for: layout.scale) {
            try TextSetter(scale: layout.scale, texts: CallKind.elements.texts(for: goldenScenario))
        }
        let screen = CallScreen(layout: layout, seed: goldenScenario.seed, avatar: nil, text: setter, showing: layers)
        return screen.scene(at: CallTimeline(goldenScenario).state(at: time), background: background)
    }

    private static let setters = Memo<Double, TextSetter>(limit: 2)
}
