import CallshadeCore

/// The emoji key as nodes (call-screen-elements, section 4): its four emoji,
/// 15 pt, no spacing, their pictures' right edge at W - 12 pt and top at
/// safeTop + 12 pt (its tooltip: `CallTooltip`; the expanded key: `CallPanel`).
struct CallKey {
    static let emoji = TextStyle(.emoji, 15)

    /// The key's texts, by style.
    static func texts(key: [String]) -> [TextStyle: [String]] {
        key.isEmpty ? [:] : [emoji: [key.joined()]]
    }

    let layout: CallLayout
    let text: any TextSetting

    /// Where the key's pictures lie in its place, in pixels (their ink, to within a pixel).
    struct Placement {
        let left: Double
        let top: Double
        let right: Double
        let bottom: Double
        /// The line's origin that puts it there.
        let origin: Vec2
    }

    func placement(_ key: KeyState) -> Placement? {
        let scale = layout.scale
        let line = text.line(key.emoji.joined(), style: Self.emoji)
        guard let ink = line.inkBounds else { return nil }
        let origin = Vec2(Double(layout.size.width) - 12 * scale - ink.right, (CallLayout.safeTop + 12) * scale - ink.top)
        return Placement(left: origin.x + ink.left, top: origin.y + ink.top, right: origin.x + ink.right, bottom: origin.y + ink.bottom,
                         origin: origin)
    }

    func keyNode(_ key: KeyState) -> MarksNode {
        guard let place = placement(key) else { return MarksNode(atlas: text.atlas, marks: []) }
        let line = text.line(key.emoji.joined(), style: Self.emoji)
        return MarksNode(atlas: text.atlas, marks: line.marks(origin: place.origin, alpha: key.alpha))
    }
}
