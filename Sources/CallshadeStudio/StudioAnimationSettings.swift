import CallshadeCore
import CallshadeKinds
import CallshadeJSON
import Foundation

/// Where a chat scenario's animation settings come from: its `animation`
/// (chat, section 0): absent or "shipped", "contest", a settings file, or an object inline.
enum StudioAnimationSource: Equatable {
    case shipped, contest, inline
    /// The settings file the scenario names (its path, resolved as the scenario's reader resolves it).
    case file(String)

    /// The source `root` (a chat scenario's JSON, already checked) gives; `folder` is the scenario's.
    init(_ root: JSONValue, folder: String) {
        guard case .object(let top) = root else {
            self = .shipped
            return
        }
        switch top["animation"] {
        case .string("contest")?: self = .contest
        case .string(let name)? where name.hasSuffix(".json"):
            self = .file(name.hasPrefix("/") ? name : URL(fileURLWithPath: folder).appendingPathComponent(name).path)
        case .object?: self = .inline
        default: self = .shipped
        }
    }

    var file: String? {
        if case .file(let path) = self { return path }
        return nil
    }

    var name: String {
        switch self {
        case .shipped: return "shipped"
        case .contest: return "contest"
        case .inline: return "inline"
        case .file: return "file"
        }
    }

    /// Where the editor's save writes: the settings file the scenario names,
    /// else `STEM.animation.json` beside the scenario (which it does not use until its `animation` names it).
    func saveTarget(scenario file: String) -> String {
        if let named = self.file { return named }
        let url = URL(fileURLWithPath: file)
        return url.deletingLastPathComponent().appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".animation.json").path
    }
}

/// What the page's animation editor is told (`GET /api/settings`): where
/// the scenario's settings come from, the file a save writes, whether the
/// frames follow the editor's settings, and those settings as the text
/// `chat-settings export` writes (the page reads its curves from it and shows it as it is).
struct StudioSettingsState: Codable, Equatable {
    /// shipped, contest, inline or file.
    let source: String
    /// The settings file the scenario names (nil unless `source` is file).
    let file: String?
    let saveTo: String
    /// Whether the frames are drawn with the editor's settings rather than the scenario's own.
    let edited: Bool
    /// The settings shown (the editor's, else the scenario's, else for shipped the contest defaults) as `ChatAnimationSettingsWriter` writes them.
    let json: String
    /// The blocks no send draws yet.
    let notDrawn: [String]
    /// The file just written (only in a save's answer).
    var saved: String?

    /// The name settings from the page have in errors (`Error [settings.invalid]: NAME: FIELD: ...`).
    static let pageName = "the editor's settings"

    /// The settings in `body` (a POST's), checked as `chat-settings check` checks a file.
    static func settings(from body: [UInt8]) throws -> ChatAnimationSettings {
        try ChatAnimationSettingsReader(file: pageName).settings(try SettingsFile.parse(body, file: pageName))
    }
}
