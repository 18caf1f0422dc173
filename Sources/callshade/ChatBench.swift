import CallshadeCore
import CallshadeSVG
import CallshadeText

/// The chat frames `bench` times: a conversation of five messages and a
/// send every second (each flying from the field and stepping the
/// wallpaper; the last an emoji) with a read between, 1/60 s apart through
/// its sends, the text set once a size, over the classic wallpaper with a
/// pattern of doodles (`pattern`, drawn by librsvg once a size, as
/// `Examples/chat.json`'s is) at intensity 50.
enum ChatBench {
    static let scenario = ChatScenario(settings: ScenarioSettings(duration: 4),
                                       wallpaper: ChatWallpaper(colors: ChatWallpaper.classicColors, phase: 0, variant: .ios,
                                                                patternPath: "bench-pattern.svg", intensity: 50),
                                       messages: [
        ChatMessage(side: .incoming, text: "Are you coming to the park later?", time: "12:36"),
        ChatMessage(side: .outgoing, text: "Yes!", time: "12:37"),
        ChatMessage(side: .outgoing, text: "At five, by the fountain. I'll bring the frisbee and something cold to drink for everyone.", time: "12:37"),
        ChatMessage(side: .incoming, text: "Perfect", time: "12:38"),
        ChatMessage(side: .incoming, text: "Tom and Anna are coming too, they might be a little late because of the train", time: "12:38"),
    ], events: [
        ChatEvent(at: 0.5, change: .send(text: "Great, see you there", kind: nil, time: nil), index: 0),
        ChatEvent(at: 1.5, change: .send(text: "Shall I bring a ball as well?", kind: nil, time: nil), index: 1),
        ChatEvent(at: 2.5, change: .send(text: "See you!", kind: nil, time: nil), index: 2),
        ChatEvent(at: 3, change: .read, index: 3),
        ChatEvent(at: 3.5, change: .send(text: "👍", kind: nil, time: nil), index: 4),
    ])

    /// The bench's pattern: rings, crosses and waves in rows over the
    /// 390 x 844 pt screen, 1.6-pt round strokes (about the share of the
    /// screen `Examples/chat-pattern.svg` covers).
    static var pattern: String {
        var shapes: [String] = []
        for row in 0..<16 {
            for column in 0..<6 {
                let x = 32.0 + Double(column) * 66 + (row % 2 == 0 ? 0 : 33), y = 26.0 + Double(row) * 53
                switch (row + column) % 3 {
                case 0: shapes.append("<circle cx=\"\(x)\" cy=\"\(y)\" r=\"9\"/>")
                case 1: shapes.append("<path d=\"M\(x - 8) \(y - 8) L\(x + 8) \(y + 8) M\(x + 8) \(y - 8) L\(x - 8) \(y + 8)\"/>")
                default: shapes.append("<path d=\"M\(x - 12) \(y) q6 -10 12 0 t12 0\"/>")
                }
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"390\" height=\"844\" viewBox=\"0 0 390 844\">"
            + "<g fill=\"none\" stroke=\"#000\" stroke-width=\"1.6\" stroke-linecap=\"round\">" + shapes.joined() + "</g></svg>"
    }

    /// `count` frames of the conversation at `size`, 1/60 s apart from 0 (wrapping round).
    static func frames(size: FrameSize, count: Int) throws -> [Scene] {
        let text = try TextSetter(scale: Double(size.width) / 390, texts: ChatKind.elements.texts(for: scenario))
        let mask = try PatternDrawing.mask(svg: Array(pattern.utf8), size: size)
        let screen = ChatScreen(scenario, size: size, pattern: mask, text: text)
        return (0..<count).map { screen.scene(at: (Double($0) / 60).truncatingRemainder(dividingBy: scenario.duration)) }
    }
}
