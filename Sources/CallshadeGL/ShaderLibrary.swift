import Foundation

/// The text of one shader file.
public struct ShaderSource: Equatable, Sendable {
    /// The file name, as in `Shaders/` (for example `gradient.frag`).
    public let file: String
    public let text: String

    public init(file: String, text: String) {
        self.file = file
        self.text = text
    }
}

/// Where shader sources come from: the copies embedded at build time, a
/// folder on disk (for live editing), or sources given directly.
public struct ShaderLibrary: Sendable {
    private let files: [String: String]
    private let origin: String
    private let folder: URL?

    /// The shaders compiled into the binary from `Shaders/`.
    public static var embedded: ShaderLibrary {
        ShaderLibrary(files: EmbeddedShaders.files, origin: "the shaders built into callshade", folder: nil)
    }

    /// Shaders read from a folder when they are asked for.
    public init(folder path: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ShaderError.missing(file: path, searched: "the file system (not a folder)")
        }
        self.init(files: [:], origin: path, folder: URL(fileURLWithPath: path, isDirectory: true))
    }

    /// Shaders given as text, by file name; names not given come from the embedded set.
    public init(overriding sources: [String: String]) {
        self.init(files: EmbeddedShaders.files.merging(sources) { $1 }, origin: "the given sources", folder: nil)
    }

    private init(files: [String: String], origin: String, folder: URL?) {
        self.files = files
        self.origin = origin
        self.folder = folder
    }

    /// The names of the embedded shader files.
    public static var embeddedFileNames: [String] { EmbeddedShaders.files.keys.sorted() }

    public func source(_ file: String) throws -> ShaderSource {
        if let folder {
            let url = folder.appendingPathComponent(file)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw ShaderError.missing(file: file, searched: origin)
            }
            do {
                return ShaderSource(file: file, text: try String(contentsOf: url, encoding: .utf8))
            } catch {
                throw ShaderError.unreadable(file: url.path, reason: error.localizedDescription)
            }
        }
        guard let text = files[file] else { throw ShaderError.missing(file: file, searched: origin) }
        return ShaderSource(file: file, text: text)
    }
}
