import CallshadeCore
import CallshadeText
import Foundation

/// The rating goldens: 390x844 frames of the rating over the gradient alone,
/// in blue-violet at phase 0 (so that an oracle that knows no timeline can
/// check them: Scripts/spec-rating.py).
enum RatingFixtures {
    /// Ended at 1 s, a rating asked for at 2 s, 5 stars at 4 s (the effect from 4 s to 6.2 s).
    static let fiveStars = Scenario(duration: 8, seed: 9, name: "Emma Walker", [
        (0, .state(.active)), (1, .state(.ended)), (2, .ratingRequested), (4, .rate(5)),
    ])
    /// The same, rated 3 stars (no full-screen effect).
    static let threeStars = Scenario(duration: 8, seed: 9, name: "Emma Walker", [
        (0, .state(.active)), (1, .state(.ended)), (2, .ratingRequested), (4, .rate(3)),
    ])

    static let goldenCases: [(name: String, scenario: Scenario, time: Double, layers: Set<SceneTag>)] = [
        ("rating-panel", fiveStars, 3, [.background, .rating]),
        ("rating-stars-filling-three", threeStars, 4.12, [.background, .rating]),
        ("rating-burst", fiveStars, 4.25, [.background, .rating]),
        ("rating-effect-0.3s", fiveStars, 4.3, [.background, .celebration]),
        ("rating-effect-1.0s", fiveStars, 5, [.background, .celebration]),
        ("rating-effect-2.0s", fiveStars, 6, [.background, .celebration]),
    ]

    static func goldenScene(_ scenario: Scenario, at time: Double, layers: Set<SceneTag>) throws -> Scene {
        let layout = try CallLayout(size: .init(parsing: "390x844"))
        let setter = try setters.value(for: layout.scale) {
            try TextSetter(scale: layout.scale, texts: CallScreen.texts(name: scenario.name, key: scenario.key))
        }
        let screen = CallScreen(layout: layout, seed: scenario.seed, avatar: nil, text: setter, showing: layers)
        return screen.scene(at: CallTimeline(scenario).state(at: time), background: GradientParameters(palette: .blueViolet, phase: 0))
    }

    private static let setters = Memo<Double, TextSetter>(limit: 2)
}
