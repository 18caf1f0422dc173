import CallshadeCore

/// The notices above the buttons (call-screen-elements, section 6, `CallNotices`).
public struct NoticesElement: CallElement {
    public init() {}

    public var tags: [SceneTag] { [.notices] }

    public func texts(for scenario: Scenario) -> [TextStyle: [String]] { CallNotices.texts(name: scenario.name, video: scenario.remoteVideoPath != nil) }

    public func add(to scene: inout Scene, at instant: CallInstant, showing: Set<SceneTag>) {
        guard let text = instant.text, !instant.state.notices.isEmpty else { return }
        var notices = CallNotices(layout: instant.layout, setter: text)
        notices.controlsHidden = instant.state.video.controlsHidden
        scene.nodes += notices.nodes(instant.state.notices, backdrop: instant.background)
    }
}

extension SceneTag {
    public static let notices = SceneTag("notices", help: "The notices above the buttons.")
}
