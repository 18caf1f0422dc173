import CallshadeCore

/// The notices above the buttons (call-screen-elements, section 6) as
/// nodes: glass capsules 30 pt high, centred, the first one's bottom 16 pt
/// above the buttons (686 on 844), more stacked upwards 8 pt apart; a
/// Material icon in a 22 pt square inset 4 pt from the left, top and bottom,
/// then the 15 pt text, 4 pt after it and 12 pt from the right end.
struct CallNotices {
    static let text = TextStyle(.regular, 15)
    static let icon = TextStyle(.icons, 22)
    static let height = 30.0
    static let inset = 4.0
    static let rightPadding = 12.0
    static let gap = 8.0

    /// The texts of the notices a call with the peer `name` can show (with `video`, "Your camera is off" too).
    static func texts(name: String, video: Bool) -> [TextStyle: [String]] {
        let notices = KeyTrack.Notice.all(video: video)
        return [text: notices.map { $0.text(name: name) }, icon: notices.map(\.icon)]
    }

    let layout: CallLayout
    let setter: any TextSetting
    /// How far a video call's controls have hidden, 0...1.
    var controlsHidden = 0.0

    private var scale: Double { layout.scale }

    /// The first notice's bottom, in pixels: 16 pt above the buttons' tops;
    /// as a video call's controls hide, H - safeBottom - 4 (video-call, section 6).
    var firstBottom: Double {
        let shown = (layout.heightPoints - CallButtons.safeBottom - 52 - CallButtons.diameter - 16) * scale
        guard controlsHidden != 0 else { return shown }
        return shown + ((layout.heightPoints - CallButtons.safeBottom - 4) * scale - shown) * controlsHidden
    }

    func nodes(_ notices: [ShownNotice], backdrop: GradientParameters) -> [any SceneNode] {
        var nodes: [any SceneNode] = []
        let height = Self.height * scale
        for (index, shown) in notices.enumerated() {
            let words = setter.line(shown.text, style: Self.text)
            let icon = setter.line(shown.notice.icon, style: Self.icon)
            let full = (Self.inset + 22 + Self.inset) * scale + words.width + Self.rightPadding * scale
            let width = height + (full - height) * shown.width
            let bottom = firstBottom - Double(index) * (height + Self.gap * scale)
            let centre = Vec2(Double(layout.size.width) / 2, bottom - height / 2)
            let left = centre.x - width / 2
            nodes.append(GlassNode(x: centre.x - width * shown.scale / 2, y: centre.y - height * shown.scale / 2,
                                   width: width * shown.scale, height: height * shown.scale, shape: .capsule, backdrop: backdrop,
                                   blur: GlassNode.blurPoints * scale, opacity: shown.alpha))
            var marks: [Mark] = []
            // In a circle the icon sits in its middle; it moves to its inset as the notice widens, the text following it.
            let square = (Self.inset + 11) * scale
            let iconCentre = Vec2(centre.x + (left + square - centre.x) * shown.width, centre.y)
            if let ink = icon.inkBounds {
                let origin = Vec2(iconCentre.x - (ink.left + ink.right) / 2, iconCentre.y - (ink.top + ink.bottom) / 2)
                marks += icon.marks(origin: origin, alpha: shown.alpha, scale: shown.scale, about: centre)
            }
            let textOrigin = Vec2(iconCentre.x + (11 + Self.inset) * scale, centre.y - words.height / 2 + words.ascent)
            marks += words.marks(origin: textOrigin, alpha: shown.alpha * shown.textAlpha, scale: shown.scale, about: centre)
            // The text shows only inside the glass as it widens.
            let glassLeft = centre.x - width * shown.scale / 2, glassTop = centre.y - height * shown.scale / 2
            let clip = PixelRect(x: Int(glassLeft.rounded(.up)), y: Int(glassTop.rounded(.down)),
                                 width: max(0, Int((glassLeft + width * shown.scale).rounded(.down)) - Int(glassLeft.rounded(.up))),
                                 height: max(0, Int((glassTop + height * shown.scale).rounded(.up)) - Int(glassTop.rounded(.down))))
            nodes.append(MarksNode(atlas: setter.atlas, marks: marks, clip: clip))
        }
        return nodes
    }
}
