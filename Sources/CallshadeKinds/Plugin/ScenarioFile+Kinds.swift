import CallshadeCore
import CallshadeJSON

/// Scenario files read as one of the kinds in use (`SceneKinds.all`), a
/// chat's settings files through `SettingsFile`.
extension ScenarioFile {
    /// The scenario at `path`, of any kind in use (see `loadAny(path:kinds:jsonFile:)`).
    public static func loadAny(path: String) throws -> any ParsedScenario {
        try loadAny(path: path, kinds: SceneKinds.all, jsonFile: SettingsFile.json)
    }

    /// Scenario JSON of any kind in use; throws `ScenarioError` only.
    public static func parseAny(_ bytes: [UInt8], file: String, folder: String) throws -> any ParsedScenario {
        try parseAny(bytes, file: file, folder: folder, kinds: SceneKinds.all, jsonFile: SettingsFile.json)
    }
}
