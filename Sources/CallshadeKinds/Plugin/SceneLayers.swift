import CallshadeCore
import Foundation

/// Layers chosen by name: `--layers` in every command, and the studio's
/// layer boxes. One parser, so that a list means the same everywhere.
public enum SceneLayers {
    /// The tags a comma-separated list names, of any kind's; an empty entry
    /// or an unknown name is refused, listing every kind's layers.
    public static func parse(_ text: String) throws -> Set<SceneTag> {
        let elements = SceneKinds.all.flatMap(\.tags)
        var tags = Set<SceneTag>()
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let tag = elements.first(where: { $0.name == name }) else {
                let why = name.isEmpty ? "has an empty entry" : "has an unknown layer '\(name)'"
                throw LayerChoiceError(given: text, expected: "is not a list of layers: it \(why); valid layers: " + SceneKinds.tagList)
            }
            tags.insert(tag)
        }
        return tags
    }

    /// `given` held to `kind`'s layers (all of them when nil); a layer of
    /// another kind is refused, naming the kind's.
    public static func held(_ given: Set<SceneTag>?, to kind: any SceneKind) throws -> Set<SceneTag> {
        guard let given else { return Set(kind.tags) }
        let others = given.subtracting(kind.tags)
        guard others.isEmpty else {
            throw LayerChoiceError(given: others.map(\.name).sorted().joined(separator: ","),
                                   expected: "names layers \(SceneKinds.withArticle(kind.name)) scene does not have; its layers: "
                                       + kind.tags.map(\.name).joined(separator: ", "))
        }
        return given
    }
}

/// A list of layers refused: what was given, and what it should have been.
public struct LayerChoiceError: Error, Equatable, CustomStringConvertible {
    public let given: String
    public let expected: String

    public var description: String { "layers '\(given)' \(expected)" }
}
