import CallshadeCore
import CallshadeKinds
import CallshadeText
import Foundation

/// Titles in the world's scripts: a name in each of the scripts Inter lacks
/// (set in the faces fontconfig finds: Noto Sans CJK, Devanagari, Bengali,
/// Thai; DejaVu Sans for Arabic and Hebrew) and one that mixes left to right
/// and right to left (Goldens/cases.json lists them). Their goldens show the
/// title alone over the gradient, so that Scripts/spec-scripts.py can hold
/// them: it reads the names from the same file and knows the faces.
enum ScriptFixtures {
    /// The title goldens of Goldens/cases.json: each golden's name and the name it shows.
    static func goldenCases() throws -> [(name: String, title: String)] {
        try GoldenCase.all().compactMap { golden in golden.title.map { (golden.name, $0) } }
    }

    static func scenario(title: String) -> Scenario {
        Scenario(duration: 4, seed: 3, name: title, [(0, .state(.active))])
    }

    /// The frame of the title `title` at `time` over the gradient `background`.
    static func goldenScene(title: String, at time: Double, size: String, layers: Set<SceneTag>, background: GradientParameters) throws -> Scene {
        let layout = try CallLayout(size: .init(parsing: size))
        let scenario = scenario(title: title)
        let text = try TextSetter(scale: layout.scale, texts: CallKind.elements.texts(for: scenario))
        let screen = CallScreen(layout: layout, seed: scenario.seed, avatar: nil, text: text, showing: layers,
                                elements: FrameState.wordsElements)
        return screen.scene(at: CallTimeline(scenario).state(at: time).still, background: background)
    }
}
