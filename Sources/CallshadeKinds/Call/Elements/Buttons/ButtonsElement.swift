import CallshadeCore

/// The four buttons and their labels (call-screen-elements, section 5,
/// `CallButtons`); once a rating is asked for they shrink away.
public struct ButtonsElement: CallElement {
    /// How long the buttons take to shrink away once a rating is asked for.
    static let shrinkSeconds = 0.2

    public init() {}

    public var tags: [SceneTag] { [.buttons] }

    public func texts(for scenario: Scenario) -> [TextStyle: [String]] { CallButtons.texts(video: scenario.localVideoPath != nil) }

    public func add(to scene: inout Scene, at instant: CallInstant, showing: Set<SceneTag>) {
        guard let text = instant.text else { return }
        // Once a rating is asked for, the buttons shrink away (to 0.001 over 0.2 s).
        let shrink = instant.state.rating.map { 1 - 0.999 * fadeProgress($0.sinceRequest, over: Self.shrinkSeconds) } ?? 1
        if shrink > 0.001 {
            scene.nodes += CallButtons(layout: instant.layout, text: text).nodes(instant.state.buttons, backdrop: instant.background, shrink: shrink,
                                                                                            video: instant.state.video)
        }
    }
}

extension SceneTag {
    public static let buttons = SceneTag("buttons", help: "The four buttons and their labels.")
}
