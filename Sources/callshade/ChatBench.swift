import CallshadeCore
import CallshadeText

/// The chat frames `bench` times: a conversation of five messages and
/// three sends (each stepping the wallpaper), 1/60 s apart through its
/// sends, the text set once a size (no pattern: it is drawn once a size).
enum ChatBench {
    static let scenario = ChatScenario(settings: ScenarioSettings(duration: 4), messages: [
        ChatMessage(side: .incoming, text: "Are you coming to the park later?", time: "12:36"),
        ChatMessage(side: .outgoing, text: "Yes!", time: "12:37"),
        ChatMessage(side: .outgoing, text: "At five, by the fountain. I'll bring the frisbee and something cold to drink for everyone.", time: "12:37"),
        ChatMessage(side: .incoming, text: "Perfect", time: "12:38"),
        ChatMessage(side: .incoming, text: "Tom and Anna are coming too, they might be a little late because of the train", time: "12:38"),
    ], events: [
        ChatEvent(at: 0.5, change: .send(text: "Great, see you there", kind: nil, time: nil), index: 0),
        ChatEvent(at: 1.5, change: .send(text: "Shall I bring a ball as well?", kind: nil, time: nil), index: 1),
        ChatEvent(at: 2.5, change: .read, index: 2),
        ChatEvent(at: 3, change: .send(text: "See you!", kind: nil, time: nil), index: 3),
    ])

    /// `count` frames of the conversation at `size`, 1/60 s apart from 0 (wrapping round).
    static func frames(size: FrameSize, count: Int) throws -> [Scene] {
        let text = try TextSetter(scale: Double(size.width) / 390, texts: ChatKind.elements.texts(for: scenario))
        let screen = ChatScreen(scenario, size: size, text: text)
        return (0..<count).map { screen.scene(at: (Double($0) / 60).truncatingRemainder(dividingBy: scenario.duration)) }
    }
}
