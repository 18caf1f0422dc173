import CallshadeCore

/// The chat's navigation bar (chat, sections 2.1 and 2.2): glass from y 0
/// to 91 (#F2F2F2 at 0.9 over the blurred wallpaper, `ChatGlass.bars`)
/// with a 1/3-pt hairline #C8C7CC below it; the back chevron (its ink 13 x
/// 22 at (8, 58)) and "Chats" 17 pt from x 27, #007AFF, centred on the
/// chevron; the name 17 pt semibold black over the subtitle 13 pt (#007AFF
/// for "online", else #787878), the pair centred on y 69, each line on x
/// 195 and cut at 230 pt with an ellipsis (ours); the avatar, a 37-pt circle
/// at (347, 51): the contact's picture, else the call screen's placeholder
/// gradient with the name's initials, 16 pt semibold white.
public struct NavigationBarElement: ChatElement {
    public init() {}

    public var tags: [SceneTag] { [.nav] }

    static let height = 91.0
    static let title = TextStyle(.semibold, 17)
    static let subtitle = TextStyle(.regular, 13)
    static let back = TextStyle(.regular, 17)
    static let initialsStyle = TextStyle(.semibold, 16)
    static let blue = RGB(hex: "#007AFF") ?? .black
    static let grey = RGB(hex: "#787878") ?? .black
    static let hairline = RGB(hex: "#C8C7CC") ?? .black
    /// The title's and subtitle's widest, in points (ours).
    static let titleLimit = 230.0
    /// The pair's middle.
    static let middle = 69.0
    static let avatar = (x: 347.0, y: 51.0)
    public static let avatarDiameter = 37.0

    public func texts(for scenario: ChatScenario) -> [TextStyle: [String]] {
        [Self.title: [scenario.name, TextFitting.ellipsis], Self.subtitle: [scenario.subtitle, TextFitting.ellipsis], Self.back: ["Chats"],
         CallWords.chevron: [CallWords.chevronName], Self.initialsStyle: [Self.initials(of: scenario.name)]]
    }

    /// The name's initials: the first letter of its first two words, capitals.
    static func initials(of name: String) -> String {
        name.split(separator: " ").prefix(2).compactMap(\.first).map { String($0).uppercased() }.joined()
    }

    /// Where the title's line goes (its origin, pixels) in a frame `width` pixels wide, and the subtitle's.
    static func places(title: TextLine, subtitle: TextLine, scale: Double, width: Double) -> (title: Vec2, subtitle: Vec2) {
        let top = middle * scale - (title.height + subtitle.height) / 2
        return (Vec2((width - title.width) / 2, top + title.ascent), Vec2((width - subtitle.width) / 2, top + title.height + subtitle.ascent))
    }

    public func add(to scene: inout Scene, at instant: ChatInstant, showing: Set<SceneTag>) {
        let scale = Double(scene.size.width) / 390
        let wallpaper = WallpaperElement.node(at: instant, size: scene.size)
        scene.nodes.append(ChatGlass.node(x: 0, y: 0, width: 390, height: Self.height, radius: 0, tone: ChatGlass.bars,
                                          wallpaper: wallpaper, scale: scale))
        // Its marks need the render's atlas: without a text setter, the glass alone.
        guard let text = instant.text else { return }
        var marks = [ChatGlass.hairline(y: Self.height, color: Self.hairline, scale: scale, width: scene.size.width)]
        let scenario = instant.scenario
        let chevron = text.line(CallWords.chevronName, style: CallWords.chevron)
        let back = text.line("Chats", style: Self.back)
        if let ink = chevron.inkBounds {
            let origin = Vec2(8 * scale - ink.left, 58 * scale - ink.top)
            let middle = origin.y + (ink.top + ink.bottom) / 2
            marks += chevron.marks(origin: origin, color: Self.blue)
            marks += back.marks(origin: Vec2(27 * scale, middle - back.height / 2 + back.ascent), color: Self.blue)
        }
        let limit = Self.titleLimit * scale
        let title = text.truncatedLine(scenario.name, style: Self.title, limit: limit)
        let subtitle = text.truncatedLine(scenario.subtitle, style: Self.subtitle, limit: limit)
        let places = Self.places(title: title, subtitle: subtitle, scale: scale, width: Double(scene.size.width))
        marks += title.marks(origin: places.title, color: .black)
        marks += subtitle.marks(origin: places.subtitle, color: scenario.subtitle == ChatScenario.defaultSubtitle ? Self.blue : Self.grey)
        scene.nodes.append(MarksNode(atlas: text.atlas, marks: marks))
        // The avatar: the picture, else the placeholder's gradient with the initials centred on it, in its circle.
        let (x, y, diameter) = (Self.avatar.x * scale, Self.avatar.y * scale, Self.avatarDiameter * scale)
        let circle = RoundedRectangle(x: x, y: y, width: diameter, height: diameter, cornerRadius: diameter / 2)
        scene.nodes.append(VideoNode(picture: AvatarPicture.picture(of: AvatarLayer(image: instant.avatar, diameter: diameter)),
                                     clip: circle, content: circle))
        guard instant.avatar == nil else { return }
        let initials = text.line(Self.initials(of: scenario.name), style: Self.initialsStyle)
        let centre = Vec2(x + diameter / 2, y + diameter / 2)
        scene.nodes.append(MarksNode(atlas: text.atlas, marks: initials.marks(origin: Vec2(centre.x - initials.width / 2,
                                                                                            centre.y - initials.height / 2 + initials.ascent))))
    }
}

extension SceneTag {
    public static let nav = SceneTag("nav", help: "The chat's navigation bar: back, name, subtitle and avatar over glass.")
}
