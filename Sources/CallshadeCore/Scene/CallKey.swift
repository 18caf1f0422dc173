/// The emoji key as nodes (call-screen-elements, section 4): its four emoji,
/// 15 pt, no spacing, their pictures' right edge at W - 12 pt and top at
/// safeTop + 12 pt; the tooltip and the expanded key to come.
struct CallKey {
    static let emoji = TextStyle(.emoji, 15)

    /// The key's texts, by style.
    static func texts(key: [String]) -> [TextStyle: [String]] {
        key.isEmpty ? [:] : [emoji: [key.joined()]]
    }

    let layout: CallLayout
    let text: any TextSetting

    func keyNode(_ key: KeyState) -> MarksNode {
        let scale = layout.scale
        let line = text.line(key.emoji.joined(), style: Self.emoji)
        guard let ink = line.inkBounds else { return MarksNode(atlas: text.atlas, marks: []) }
        let origin = Vec2(Double(layout.size.width) - 12 * scale - ink.right, (CallLayout.safeTop + 12) * scale - ink.top)
        return MarksNode(atlas: text.atlas, marks: line.marks(origin: origin, alpha: key.alpha))
    }
}
