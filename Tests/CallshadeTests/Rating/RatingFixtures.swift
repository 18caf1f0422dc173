import CallshadeCore
import CallshadeKinds
import CallshadeText
import Foundation

/// The rating goldens: 390x844 frames of the rating over the gradient alone,
/// in blue-violet at phase 0 (so that an oracle that knows no timeline can
/// check them: Scripts/spec-rating.py).
enum RatingFixtures {
    /// Ended at 1 s, a rating asked for at 2 s, 5 stars at 4 s (the effect from 4 s to 6.2 s).
    static let fiveStars = GoldenScenarios.load("rating-five-stars")
    /// The same, rated 3 stars (no full-screen effect).
    static let threeStars = GoldenScenarios.load("rating-three-stars")

    /// A rating golden (Goldens/cases.json): `scenario` at `time`, over the gradient `background`.
    static func goldenScene(_ scenario: Scenario, at time: Double, size: String, layers: Set<SceneTag>,
                            background: GradientParameters) throws -> Scene {
        let layout = try CallLayout(size: .init(parsing: size))
        let setter = try setters.value(for: layout.scale) {
            try TextSetter(scale: layout.scale, texts: CallKind.elements.texts(for: scenario))
        }
        let screen = CallScreen(layout: layout, seed: scenario.seed, avatar: nil, text: setter, showing: layers)
        return screen.scene(at: CallTimeline(scenario).state(at: time), background: background)
    }

    private static let setters = Memo<Double, TextSetter>(limit: 2)
}
