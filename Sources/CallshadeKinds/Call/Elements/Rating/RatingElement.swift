import CallshadeCore

/// Rating the call (call-screen-elements, section 8, ours, `CallRating`):
/// the rating panel, its stars and sparkles and the Close button, and the
/// full-screen effect for 4 or 5 stars above them.
public struct RatingElement: CallElement {
    public init() {}

    public var tags: [SceneTag] { [.rating, .celebration] }

    public func texts(for scenario: Scenario) -> [TextStyle: [String]] { CallRating.texts() }

    public func add(to scene: inout Scene, at instant: CallInstant, showing: Set<SceneTag>) {
        guard let text = instant.text, let rating = instant.state.rating else { return }
        let call = CallRating(layout: instant.layout, setter: text)
        if showing.contains(.rating) { scene.nodes += call.nodes(rating, backdrop: instant.background) }
        if showing.contains(.celebration), let effect = call.celebrationNode(rating) { scene.nodes.append(effect) }
    }
}

extension SceneTag {
    public static let rating = SceneTag("rating", help: "The rating panel, its stars and sparkles, and the Close button.")
    public static let celebration = SceneTag("celebration", help: "The full-screen effect for 4 or 5 stars.")
}
