/// What `--layers` filters by: a name and what it draws. Each element of a
/// scene kind states its tags (`SceneElement.tags`), and its kind's list of
/// elements (`SceneElements`) lists, parses and filters by them; the
/// renderers never see tags, only the nodes the filter kept.
///
/// Tags are compared by name. Each is declared beside the element that
/// draws it (`extension SceneTag { static let title = ... }`).
public struct SceneTag: Hashable, Sendable, CustomStringConvertible {
    /// What the command line calls it.
    public let name: String
    /// What it draws, for people.
    public let help: String

    public init(_ name: String, help: String) {
        self.name = name
        self.help = help
    }

    public static func == (a: SceneTag, b: SceneTag) -> Bool { a.name == b.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    public var description: String { name }

    /// Why a list of layers was refused.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }
}
