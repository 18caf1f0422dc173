import CallshadeCore

/// The expanded key (call-screen-elements, section 4) as nodes: a glass
/// panel W - 88 pt wide (at most 400), radius 18, its top at safeTop + 73,
/// with "This call is end-to-end encrypted" (16 pt semibold, its line's top
/// 78 pt into the panel), the explanation (16 pt regular, centred, wrapped
/// to the panel's width - 32, 10 pt below), a 22 pt gap, a 1 pt separator
/// and a 56 pt "OK" row (19 pt semibold); and the key's four emoji, which
/// travel from the key on a parabolic arc (its middle raised by 0.8 x the
/// height they descend) to a centred row whose top is at safeTop + 93,
/// growing from 15 pt to 40 pt.
///
/// Opening runs `ShownOverlay.scale` from 0 to 1: the panel scales from 0.5
/// about (0.5, 0.1) of its size as it fades in; the avatar and the waves
/// fade and shrink away (`AvatarWavesElement`).
struct CallPanel {
    static let title = TextStyle(.semibold, 16)
    static let body = TextStyle(.regular, 16)
    static let ok = TextStyle(.semibold, 19)
    static let bigEmoji = TextStyle(.emoji, 40)
    static let titleText = "This call is end-to-end encrypted"
    static let okText = "OK"
    static let cornerRadius = 18.0
    /// The explanation is cut after this many lines (a very long name).
    static let bodyLines = 4
    /// The separator's white, as an alpha (mine: the spec gives none).
    static let separatorAlpha = 0.25

    static func bodyText(name: String) -> String {
        "If the emoji on \(name)'s screen are the same, this call is 100% secure."
    }

    static func texts(name: String, key: [String]) -> [TextStyle: [String]] {
        var texts: [TextStyle: [String]] = [title: [titleText], body: [bodyText(name: name)], ok: [okText]]
        if !key.isEmpty { texts[bigEmoji] = [key.joined()] }
        return texts
    }

    let layout: CallLayout
    let setter: any TextSetting
    let name: String

    private var scale: Double { layout.scale }

    private var width: Double { min(layout.widthPoints - 88, 400) * scale }

    /// The explanation, wrapped to the panel's width - 32.
    private var bodyLines: [TextLine] {
        setter.wrappedLines(Self.bodyText(name: name), style: Self.body, limit: width - 32 * scale, maximum: Self.bodyLines)
    }

    /// The panel's rectangle at full size, in pixels, for its explanation's `lines`.
    func frame(lines: [TextLine]) -> (x: Double, y: Double, width: Double, height: Double) {
        let height = 78 * scale + setter.line("", style: Self.title).height + 10 * scale
            + Double(lines.count) * setter.line("", style: Self.body).height + (22 + 1 + 56) * scale
        return ((Double(layout.size.width) - width) / 2, (CallLayout.safeTop + 73) * scale, width, height)
    }

    /// The panel's glass and words, at `shown`.
    func panelNodes(_ shown: ShownOverlay, backdrop: GradientParameters) -> [any SceneNode] {
        let lines = bodyLines
        let panel = frame(lines: lines)
        let size = 0.5 + 0.5 * min(max(shown.scale, 0), 1)
        let anchor = Vec2(panel.x + 0.5 * panel.width, panel.y + 0.1 * panel.height)
        func scaled(_ x: Double, _ y: Double) -> Vec2 { Vec2(anchor.x + (x - anchor.x) * size, anchor.y + (y - anchor.y) * size) }
        let corner = scaled(panel.x, panel.y)
        let glass = GlassNode(x: corner.x, y: corner.y, width: panel.width * size, height: panel.height * size,
                              shape: .roundedRectangle(cornerRadius: Self.cornerRadius * scale * size), backdrop: backdrop,
                              blur: GlassNode.blurPoints * scale, opacity: shown.alpha)
        var marks: [Mark] = []
        let centreX = panel.x + panel.width / 2
        func centred(_ line: TextLine, top: Double) {
            marks += line.marks(origin: Vec2(centreX - line.width / 2, top + line.ascent), alpha: shown.alpha, scale: size, about: anchor)
        }
        let title = setter.truncatedLine(Self.titleText, style: Self.title, limit: panel.width - 32 * scale)
        var top = panel.y + 78 * scale
        centred(title, top: top)
        top += title.height + 10 * scale
        for line in lines {
            centred(line, top: top)
            top += line.height
        }
        top += 22 * scale
        let rule = scaled(panel.x, top)
        marks.append(Mark(x: rule.x, y: rule.y, width: panel.width * size, height: scale * size, kind: .roundedRectangle(cornerRadius: 0),
                          alpha: shown.alpha * Self.separatorAlpha))
        top += 1 * scale
        let ok = setter.line(Self.okText, style: Self.ok)
        centred(ok, top: top + (56 * scale - ok.height) / 2)
        return [glass, MarksNode(atlas: setter.atlas, marks: marks)]
    }

    /// The key's emoji on their way between the key and the panel's row,
    /// `progress` of the way there: each on its arc, its size between 15 pt
    /// and 40 pt (the 15 pt pictures up to halfway, the 40 pt ones after).
    func emojiNode(_ key: KeyState, progress: Double, from place: CallKey.Placement) -> MarksNode {
        let small = setter.line(key.emoji.joined(), style: CallKey.emoji)
        let big = setter.line(key.emoji.joined(), style: Self.bigEmoji)
        let from = small.marks(origin: place.origin)
        guard let ink = big.inkBounds else { return MarksNode(atlas: setter.atlas, marks: []) }
        let rowOrigin = Vec2(Double(layout.size.width) / 2 - (ink.left + ink.right) / 2, (CallLayout.safeTop + 93) * scale - ink.top)
        let to = big.marks(origin: rowOrigin)
        let p = progress
        let marks: [Mark] = zip(from, to).map { start, end in
            let startCentre = Vec2(start.x + start.width / 2, start.y + start.height / 2)
            let endCentre = Vec2(end.x + end.width / 2, end.y + end.height / 2)
            let rise = 0.8 * (endCentre.y - startCentre.y) * 4 * p * (1 - p)
            let centre = Vec2(startCentre.x + (endCentre.x - startCentre.x) * p, startCentre.y + (endCentre.y - startCentre.y) * p - rise)
            let width = start.width + (end.width - start.width) * p, height = start.height + (end.height - start.height) * p
            var mark = p < 0.5 ? start : end
            mark.x = centre.x - width / 2
            mark.y = centre.y - height / 2
            mark.width = width
            mark.height = height
            mark.alpha = key.alpha
            return mark
        }
        return MarksNode(atlas: setter.atlas, marks: marks)
    }
}
