import CallshadeCore

/// The access screen under its sparkle (`drawing.md` section 7): white,
/// the title (20 pt semibold, black, centred) and the button (#007AFF,
/// radius 12 pt) with "Allow Access" (17 pt semibold, white) centred on it.
public struct AccessScreenElement: AccessElement {
    public init() {}

    public var tags: [SceneTag] { [.screen] }

    public func texts(for scenario: AccessScenario) -> [TextStyle: [String]] {
        [AccessLayout.titleStyle: [AccessLayout.title], AccessLayout.labelStyle: [AccessLayout.label]]
    }

    public func add(to scene: inout Scene, at instant: AccessInstant, showing: Set<SceneTag>) {
        scene.nodes.append(PictureNode(.colour(.white)))
        let layout = instant.layout, button = layout.button
        var marks = [Mark(x: button.x, y: button.y, width: button.width, height: button.height,
                          kind: .roundedRectangle(cornerRadius: button.cornerRadius), color: AccessLayout.blue)]
        let text = instant.text
        let title = text.line(AccessLayout.title, style: AccessLayout.titleStyle)
        let label = text.line(AccessLayout.label, style: AccessLayout.labelStyle)
        marks += title.marks(origin: layout.titleOrigin(title), color: .black)
        marks += label.marks(origin: layout.labelOrigin(label), color: .white)
        scene.nodes.append(MarksNode(atlas: text.atlas, marks: marks))
    }
}

extension SceneTag {
    public static let screen = SceneTag("screen", help: "The access screen: white, its title and the Allow Access button.")
}
