import CallshadeCore
import CallshadeJSON
import CallshadeSystem
import Foundation

/// A chat's animation settings file (chat, sections 4 and 6): a regular file
/// of at most 1 MiB of strict JSON, duplicate keys refused; every error a
/// `SettingsError` naming the file (`settings.invalid`).
public enum SettingsFile {
    /// What the JSON reader accepts in settings: a few levels, short strings.
    public static let limits = JSONLimits(depth: 8, textBytes: 256, arrayItems: 16, values: 10_000)

    /// The JSON at `path`.
    @Sendable public static func json(path: String) throws -> JSONValue {
        let bytes: [UInt8]
        do {
            bytes = try InputFile(path: path).readAll(limit: ChatAnimationSettingsReader.maximumBytes)
        } catch let failure as InputFile.Failure {
            throw SettingsError(file: path, message(for: failure))
        } catch {
            throw SettingsError(file: path, "cannot be read: \(error)")
        }
        return try parse(bytes, file: path)
    }

    /// JSON from `bytes` (a file's, or standard input's), `file` naming it in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws -> JSONValue {
        guard bytes.count <= ChatAnimationSettingsReader.maximumBytes else {
            throw SettingsError(file: file, "is \(bytes.count) bytes, more than the 1 MiB settings may have")
        }
        do {
            return try JSONReader.read(bytes, limits: limits)
        } catch {
            throw SettingsError(file: file, field: error.location, error.message)
        }
    }

    /// The settings at `path`, checked.
    public static func settings(path: String) throws -> ChatAnimationSettings {
        try ChatAnimationSettingsReader(file: path).settings(try json(path: path))
    }

    static func message(for failure: InputFile.Failure) -> String {
        switch failure {
        case .missing: return "no such file"
        case .folder: return "is a folder, not a settings file"
        case .notRegular(_, let kind): return "is \(kind), not a regular file"
        case .tooLarge(_, let size, let limit): return "is \(size) bytes, more than the \(limit) (1 MiB) settings may have"
        case .system(_, let error): return "cannot be read: \(error.reason)"
        }
    }
}
