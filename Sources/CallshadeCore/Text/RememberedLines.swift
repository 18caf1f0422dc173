/// A text setter that sets each (text, style) once and gives the same line
/// again after, through the reuse store: every scene kind asks for the same
/// lines at every frame (the call's words, the chat's messages measured for
/// wrapping), and each is shaped only once while it is kept. What it gives
/// is what `setter` gives; only how often it shapes changes.
public struct RememberedLines: TextSetting {
    /// A line set by the setter of `atlas` (its glyphs are that atlas's).
    struct Key: ReuseKey {
        typealias Value = TextLine
        static let shelf = "text lines"
        let atlas: ReuseIdentity<GlyphAtlas>
        let scale: Double
        let text: String
        let style: TextStyle
    }

    private let setter: any TextSetting
    private let reuse: ReuseStore

    /// Lines of `setter` (itself, if it sets through the store already).
    public init(_ setter: any TextSetting, reuse: ReuseStore) {
        self.setter = (setter as? RememberedLines)?.setter ?? setter
        self.reuse = reuse
    }

    public var scale: Double { setter.scale }
    public var atlas: GlyphAtlas { setter.atlas }

    public func line(_ text: String, style: TextStyle) -> TextLine {
        let key = Key(atlas: ReuseIdentity(setter.atlas), scale: setter.scale, text: text, style: style)
        return reuse.value(key) {
            let line = setter.line(text, style: style)
            // Its glyphs (each an image's place and a pen position) and its text.
            return (line, 64 + line.glyphs.count * 48 + text.utf8.count)
        }
    }
}
