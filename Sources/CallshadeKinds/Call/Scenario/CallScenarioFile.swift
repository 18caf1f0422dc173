import CallshadeCore
import CallshadeJSON

/// A call's scenario file, for what reads calls only (a file of another kind
/// is refused, naming its kind).
extension ScenarioFile {
    /// Loads and checks the call scenario at `path` (`loadAny`'s rules).
    public static func load(path: String) throws -> Scenario {
        try call(loadAny(path: path), file: path, "this command draws")
    }

    /// Parses and checks call scenario JSON; `file` names it in errors,
    /// `folder` resolves relative paths. Throws `ScenarioError` only.
    public static func parse(_ bytes: [UInt8], file: String, folder: String) throws -> Scenario {
        try call(parseAny(bytes, file: file, folder: folder, kinds: SceneKinds.all, jsonFile: nil), file: file, "callshade draws")
    }

    static func call(_ parsed: any ParsedScenario, file: String, _ who: String) throws -> Scenario {
        guard let call = parsed as? Scenario else {
            throw ScenarioError(file: file, location: "scene", "\(who) \"\(CallKind.name)\" scenes only (this one is \"\(parsed.scene)\")")
        }
        return call
    }
}

extension ScenarioParser {
    /// A call scenario from its JSON (a file of another kind is refused).
    public static func scenario(from root: JSONValue, file: String, folder: String, namedFile: @escaping NamedFileCheck) throws -> Scenario {
        try ScenarioFile.call(parse(root, file: file, folder: folder, namedFile: namedFile, kinds: SceneKinds.all, jsonFile: nil),
                              file: file, "callshade draws")
    }
}
