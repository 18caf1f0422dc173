/// The kinds of scene a scenario may be, the default (a file without
/// "scene") first. Adding a kind is one entry here.
public enum SceneKinds {
    public static let all: [any SceneKind] = [CallKind(), ChatKind(), DrawingKind(), AccessKind()]

    /// The kind called `name` ("scene"), if one is.
    public static func named(_ name: String) -> (any SceneKind)? { all.first { $0.name == name } }

    /// Each kind's tags, for help and errors: "for a call background, waves, ...; for a chat ...".
    public static var tagList: String {
        all.map { "for \(withArticle($0.name)) " + $0.tags.map(\.name).joined(separator: ", ") }.joined(separator: "; ")
    }

    /// "a call", "an access": a kind's name after its article.
    public static func withArticle(_ name: String) -> String {
        ("aeiou".contains(name.first ?? "x") ? "an " : "a ") + name
    }
}
