import Foundation

/// A scene kind's elements, bottom to top: a scene's nodes come in this
/// order, and the tags in this order in `--layers`'s help and errors.
/// Registering an element is one entry here (the call's list:
/// `CallKind.elements`).
public struct SceneElements<Source, Instant>: Sendable {
    public let elements: [any SceneElement<Source, Instant>]

    public init(_ elements: [any SceneElement<Source, Instant>]) {
        self.elements = elements
    }

    /// These elements and then `more`, drawn above them.
    public func appending(_ more: any SceneElement<Source, Instant>...) -> SceneElements {
        SceneElements(elements + more)
    }

    /// Every element's tags, in order, each once (two elements may draw under one tag).
    public var tags: [SceneTag] {
        var seen = Set<SceneTag>()
        return elements.flatMap(\.tags).filter { seen.insert($0).inserted }
    }

    /// The tags as the command line lists them.
    public var names: String { tags.map(\.name).joined(separator: ", ") }

    /// The tag called `name`, if an element has it.
    public func tag(named name: String) -> SceneTag? {
        tags.first { $0.name == name }
    }

    /// Parses a comma-separated list of tags such as `background,waves`.
    public func parseTags(_ text: String) throws -> Set<SceneTag> {
        let names = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        var tags = Set<SceneTag>()
        for name in names {
            guard let tag = tag(named: name) else {
                throw SceneTag.ParseError(description: name.isEmpty
                    ? "the layer list '\(text)' has an empty entry; valid layers: \(self.names)"
                    : "unknown layer '\(name)'; valid layers: \(self.names)")
            }
            tags.insert(tag)
        }
        return tags
    }

    /// Every text the elements can show for `source`, by style: what a text
    /// setter for its renders must hold. A style's texts come in the
    /// elements' order.
    public func texts(for source: Source) -> [TextStyle: [String]] {
        elements.reduce(into: [:]) { texts, element in
            texts.merge(element.texts(for: source), uniquingKeysWith: +)
        }
    }

    /// The tags of the elements that show text for `source`: drawing any of
    /// them needs a text setter.
    public func textTags(for source: Source) -> Set<SceneTag> {
        Set(elements.filter { !$0.texts(for: source).isEmpty }.flatMap(\.tags))
    }

    /// What the elements draw at `instant`, bottom to top, of the tags `showing` names.
    public func add(to scene: inout Scene, at instant: Instant, showing: Set<SceneTag>) {
        for element in elements where !showing.isDisjoint(with: element.tags) {
            element.add(to: &scene, at: instant, showing: showing)
        }
    }
}
