import CallshadeCore

/// The words (call-screen-elements, sections 1, 2, 3 and 7): the title, the
/// status line, the weak-signal pill and the back button (`CallWords`).
public struct WordsElement: CallElement {
    public init() {}

    public var tags: [SceneTag] { [.title, .status, .pill, .back] }

    public func texts(for scenario: Scenario) -> [TextStyle: [String]] {
        CallWords.texts(name: scenario.name, video: scenario.remoteVideoPath != nil || scenario.localVideoPath != nil)
    }

    public func add(to scene: inout Scene, at instant: CallInstant, showing: Set<SceneTag>) {
        guard let text = instant.text else { return }
        let words = instant.state.words
        let call = CallWords(layout: instant.layout, text: text, video: instant.state.video)
        if showing.contains(.title) { scene.nodes.append(call.titleNode(words)) }
        if showing.contains(.status) { scene.nodes.append(call.statusNode(words)) }
        if showing.contains(.pill) { scene.nodes += call.pillNodes(words, backdrop: instant.background) }
        if showing.contains(.back) { scene.nodes.append(call.backNode()) }
    }
}

extension SceneTag {
    public static let title = SceneTag("title", help: "The peer's name, or why the call ended.")
    public static let status = SceneTag("status", help: "The status line: the waiting label and dots, the timer and signal bars.")
    public static let pill = SceneTag("pill", help: "The weak-signal pill.")
    public static let back = SceneTag("back", help: "The back button.")

    /// The tags of the words.
    public static var words: Set<SceneTag> { Set(WordsElement().tags) }
}
