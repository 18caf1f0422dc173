import CallshadeCore

/// The kinds of scene a scenario may be, the default (a file without
/// "scene") first. Adding a kind is one entry in `builtIn`.
public enum SceneKinds {
    /// callshade's own kinds.
    public static let builtIn: [any SceneKind] = [CallKind(), ChatKind(), DrawingKind(), AccessKind(), GalleryKind()]

    /// The kinds in use: the built-in ones, unless others are bound for a
    /// scope (`SceneKinds.$registered.withValue(kinds) { ... }`), as the
    /// tests bind a test-only kind to run every command on it. A binding
    /// holds on its own task and the tasks it starts, for that scope;
    /// nothing global changes.
    @TaskLocal public static var registered: [any SceneKind] = builtIn

    /// Every kind in use (`registered`).
    public static var all: [any SceneKind] { registered }

    /// The layers of `scenario`'s kind (none for a kind not in use).
    public static func tags(of scenario: any ParsedScenario) -> [SceneTag] { named(scenario.scene)?.tags ?? [] }

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
