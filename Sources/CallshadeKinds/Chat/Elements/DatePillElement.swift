import CallshadeCore

/// The date above the conversation (chat, section 2.4): a row 34 pt high
/// above the first message's 7/3-pt inset, moving with the list; in it a
/// pill 20 pt high and the label's width plus 12 wide, centred on x 195, 7
/// pt below the row's top, of radius 10: black at 0.2 over the blurred
/// wallpaper (`ChatGlass.pill`), the label 13 pt medium white in its middle.
public struct DatePillElement: ChatElement {
    public init() {}

    public var tags: [SceneTag] { [.date] }

    static let label = TextStyle(.medium, 13)
    static let rowHeight = 34.0
    static let pillHeight = 20.0

    public func texts(for scenario: ChatScenario) -> [TextStyle: [String]] {
        [Self.label: [scenario.date]]
    }

    /// The pill's rectangle (points) above messages laid out as `layout` has them.
    public static func pill(labelWidth: Double, above layout: ChatMessageLayout) -> ChatMessageLayout.Box {
        let firstTop = layout.placed.first?.frame.y ?? layout.newestBottom
        let rowTop = firstTop - 7.0 / 3 - rowHeight
        let width = labelWidth + 12
        return ChatMessageLayout.Box(x: 195 - width / 2, y: rowTop + 7, width: width, height: pillHeight)
    }

    public func add(to scene: inout Scene, at instant: ChatInstant, showing: Set<SceneTag>) {
        guard let text = instant.text else { return }
        let scale = Double(scene.size.width) / 390
        let motion = MessagesElement.motion(at: instant, text: text, frame: scene.size)
        let line = text.line(instant.scenario.date, style: Self.label)
        // The row moves with the first message (or with the panel, over an empty list).
        let pill = Self.pill(labelWidth: line.width / text.scale, above: motion.layout).shifted(by: motion.shifts.first ?? motion.listShift)
        scene.nodes.append(ChatGlass.node(x: pill.x, y: pill.y, width: pill.width, height: pill.height, radius: pill.height / 2,
                                          tone: ChatGlass.pill, wallpaper: WallpaperElement.node(at: instant, size: scene.size), scale: scale))
        // The label's line box centred in the pill.
        let origin = Vec2((pill.x + 6) * scale, (pill.y + pill.height / 2) * scale - line.height / 2 + line.ascent)
        scene.nodes.append(MarksNode(atlas: text.atlas, marks: line.marks(origin: origin)))
    }
}

extension SceneTag {
    public static let date = SceneTag("date", help: "The chat's date pill above the messages.")
}
