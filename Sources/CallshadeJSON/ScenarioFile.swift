import CallshadeCore
import CallshadeSystem
import Foundation

/// Scenario files: read from a path or from bytes within stated limits, then
/// checked field by field (`ScenarioParser`). Every error is a one-line
/// `ScenarioError`.
public enum ScenarioFile {
    /// The largest scenario file accepted: 16 MiB.
    public static let maximumBytes = 16 << 20

    /// What the JSON reader accepts in a scenario. An array may hold as many
    /// items as a scenario may have events; the count of values allows
    /// three for each event, with room to spare.
    public static let limits = JSONLimits(depth: 32, textBytes: 4096,
                                          arrayItems: ScenarioSettings.maximumEvents, values: 1_000_000)

    /// A file a scenario names, as the file system has it: a regular file
    /// and its size, missing (any failure of stat: no such file, no
    /// permission on the way), or refused with the reason (a folder, a device).
    public static let namedFile: NamedFileCheck = { path in
        guard let status = try? FileSystem.status(of: path) else { return .missing }
        do {
            try InputFile.requireRegular(status.kind, path: path)
        } catch let failure as InputFile.Failure {
            return .refused(failure.reason)
        } catch {
            return .refused("\(error)")
        }
        return .regular(size: status.size)
    }

    /// Loads and checks the scenario at `path`, which must be a regular file
    /// (a FIFO or device is refused at once, without waiting on it) of at
    /// most `maximumBytes`, as one of `kinds` (the default first); relative
    /// paths in it are resolved against its folder and must exist; `jsonFile`
    /// reads the JSON files it names (a chat's settings).
    public static func loadAny(path: String, kinds: [any SceneKind], jsonFile: (@Sendable (String) throws -> JSONValue)?) throws -> any ParsedScenario {
        let bytes: [UInt8]
        do {
            bytes = try InputFile(path: path).readAll(limit: maximumBytes)
        } catch let failure as InputFile.Failure {
            throw ScenarioError(file: path, message(for: failure))
        } catch {
            throw ScenarioError(file: path, "cannot be read: \(error)")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return try parseAny(bytes, file: path, folder: folder, kinds: kinds, jsonFile: jsonFile)
    }

    /// Parses and checks scenario JSON as one of `kinds`, as `loadAny` does; throws `ScenarioError` only.
    public static func parseAny(_ bytes: [UInt8], file: String, folder: String, kinds: [any SceneKind],
                                jsonFile: (@Sendable (String) throws -> JSONValue)?) throws -> any ParsedScenario {
        let root: JSONValue
        do {
            root = try JSONReader.read(bytes, limits: limits)
        } catch {
            throw scenarioError(error, file: file)
        }
        return try ScenarioParser.parse(root, file: file, folder: folder, namedFile: namedFile, kinds: kinds, jsonFile: jsonFile)
    }

    /// A reader's error in a scenario's words: too many items in `events`
    /// is too many events.
    package static func scenarioError(_ error: JSONReadError, file: String) -> ScenarioError {
        if case .tooManyItems(let limit) = error.reason, error.location == "events" {
            return ScenarioError(file: file, location: "events", "more than \(limit) events")
        }
        return ScenarioError(file: file, location: error.location, error.message)
    }

    /// Why the file could not be read, without repeating its path.
    package static func message(for failure: InputFile.Failure) -> String {
        switch failure {
        case .missing: return "no such file"
        case .folder: return "is a folder, not a scenario file"
        case .notRegular(_, let kind): return "is \(kind), not a regular file; save it to a file first"
        case .tooLarge(_, let size, let limit):
            return "is \(size) bytes, more than the \(limit) (\(limit >> 20) MiB) a scenario may have"
        case .system(_, let error): return "cannot be read: \(error.reason)"
        }
    }
}
