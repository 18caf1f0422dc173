import Foundation

/// A text setter that sets each (text, style) once and gives the same line
/// again after: every scene kind asks for the same lines at every frame (the
/// call's words, the chat's messages measured for wrapping), and each is
/// shaped only once a render. What it gives is what `setter` gives; only how often it shapes changes.
public final class RememberedLines: TextSetting, @unchecked Sendable {
    private let setter: any TextSetting
    /// Guards `lines` (frames may be made on several threads).
    private let lock = NSLock()
    private var lines: [Key: TextLine] = [:]
    /// Lines kept at most; past it, all are let go and setting starts afresh.
    private static let most = 4096

    private struct Key: Hashable {
        let text: String
        let style: TextStyle
    }

    public init(_ setter: any TextSetting) {
        self.setter = setter
    }

    public var scale: Double { setter.scale }
    public var atlas: GlyphAtlas { setter.atlas }

    public func line(_ text: String, style: TextStyle) -> TextLine {
        let key = Key(text: text, style: style)
        lock.lock()
        let kept = lines[key]
        lock.unlock()
        if let kept { return kept }
        let line = setter.line(text, style: style)
        lock.lock()
        if lines.count >= Self.most { lines.removeAll(keepingCapacity: true) }
        lines[key] = line
        lock.unlock()
        return line
    }
}
