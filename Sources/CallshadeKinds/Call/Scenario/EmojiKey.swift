import CallshadeCore

/// The encryption key's four emoji (section 4): a scenario's own, or four
/// picked by its seed from a fixed list, and what counts as one emoji.
public enum EmojiKey {
    /// How many emoji a key has.
    public static let count = 4

    /// The emoji a default key is picked from: single code points with emoji
    /// presentation, all in Noto Color Emoji.
    public static let choices: [String] = [
        "🐶", "🐱", "🦊", "🐻", "🐼", "🐨", "🐯", "🦁", "🐮", "🐷", "🐸", "🐵", "🐔", "🐧", "🦉", "🐢",
        "🐙", "🦋", "🌵", "🌻", "🍎", "🍋", "🍉", "🍇", "🍒", "🥕", "🍄", "🎸", "🚀", "⚽", "🎈", "🔑",
    ]

    /// Four different emoji of `choices`, the same for the same seed.
    public static func pick(seed: Int64) -> [String] {
        var remaining = choices
        var picked: [String] = []
        let random = CounterRandom(seed: seed, domain: 0xE0_1C_0DE5_EED5)
        for slot in 0..<count {
            picked.append(remaining.remove(at: Int(random.bits(UInt64(slot)) % UInt64(remaining.count))))
        }
        return picked
    }

    /// Whether `cluster` (one grapheme cluster) is an emoji: a code point
    /// shown as emoji by default, one asked to be by U+FE0F, or a flag (two
    /// regional indicators).
    public static func isEmoji(_ cluster: Character) -> Bool {
        let scalars = Array(cluster.unicodeScalars)
        guard let first = scalars.first else { return false }
        if scalars.contains(where: { $0.properties.isEmojiPresentation }) { return true }
        if first.properties.isEmoji, scalars.contains("\u{FE0F}") { return true }
        let regional: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF
        return scalars.count == 2 && scalars.allSatisfy { regional.contains($0.value) }
    }
}
