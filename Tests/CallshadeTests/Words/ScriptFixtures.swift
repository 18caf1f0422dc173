import CallshadeCore
import CallshadeText
import Foundation

/// Titles in the world's scripts: a name in each of the scripts Inter lacks
/// (set in the faces fontconfig finds: Noto Sans CJK, Devanagari, Bengali,
/// Thai; DejaVu Sans for Arabic and Hebrew) and one that mixes left to right
/// and right to left. Their goldens show the title alone over the gradient,
/// so that Scripts/spec-scripts.py can hold them: it knows these names and
/// faces, written out there again.
enum ScriptFixtures {
    static let goldenCases: [(name: String, title: String)] = [
        ("title-script-chinese", "王小明"),
        ("title-script-japanese", "佐藤 さくら"),
        ("title-script-korean", "김민준"),
        ("title-script-hindi", "अनन्या शर्मा"),
        ("title-script-bengali", "সৌমিত্র"),
        ("title-script-thai", "สมชาย ใจดี"),
        ("title-script-arabic", "محمد علي"),
        ("title-script-hebrew", "דוד לוי"),
        ("title-script-latin-arabic", "Anna آنا"),
    ]

    /// The instant of the goldens: the call active, its title the name.
    static let goldenTime = 2.0

    static func scenario(title: String) -> Scenario {
        Scenario(duration: 4, seed: 3, name: title, [(0, .state(.active))])
    }

    /// The 390x844 frame of the title `title` over the blue-green gradient at phase 0.
    static func goldenScene(title: String) throws -> Scene {
        let layout = try CallLayout(size: .init(parsing: "390x844"))
        let scenario = scenario(title: title)
        let text = try TextSetter(scale: layout.scale, texts: CallScreen.texts(name: scenario.name, key: scenario.key))
        let screen = CallScreen(layout: layout, seed: scenario.seed, avatar: nil, text: text, showing: [.background, .title])
        let words = CallTimeline(scenario).state(at: goldenTime).words
        return screen.scene(background: GradientParameters(palette: .blueGreen, phase: 0), waves: WaveState(level: 0, motionTime: 0),
                            words: words)
    }
}
