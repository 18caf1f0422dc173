import Foundation

/// Where an output goes, checked before anything is written there: the name
/// fits the file system, the folder exists, and whatever is already at the
/// path may be replaced (a regular file for files, an empty folder for
/// folders). A symbolic link is followed, so its target is what is written.
/// Nothing else (a device such as /dev/null, a FIFO, a socket) is ever
/// renamed over.
public struct OutputPath: Equatable, Sendable {
    /// What an output is.
    public enum Kind: Sendable {
        case file, folder
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case empty
        case folderMissing(String, folder: String)
        case nameTooLong(String, bytes: Int)
        case notReplaceable(String, kind: String, wanted: Kind)
        case folderNotEmpty(String)
        case danglingLink(String)
        case system(String, SystemError)

        public var description: String {
            switch self {
            case .empty: return "the output path is empty"
            case .folderMissing(let path, let folder): return "cannot write '\(path)': the folder '\(folder)' does not exist"
            case .nameTooLong(let path, let bytes):
                return "cannot write '\(path)': its name is \(bytes) bytes, more than the \(OutputPath.nameLimit) a file name may have"
            case .notReplaceable(let path, let kind, let wanted):
                return "'\(path)' exists and is \(kind); callshade only replaces "
                    + (wanted == .file ? "regular files" : "empty folders") + ", give another path"
            case .folderNotEmpty(let path): return "the folder '\(path)' is not empty; give a new or empty folder"
            case .danglingLink(let path): return "'\(path)' is a symbolic link to nothing"
            case .system(let path, let error): return "cannot write '\(path)': \(error.reason)"
            }
        }
    }

    /// The longest file name, in bytes (NAME_MAX).
    public static let nameLimit = 255
    /// What a staging name adds to a name: "." before, ".partial-XXXXXX" after.
    static let stagingSuffix = ".partial-XXXXXX"

    /// The path as given (for messages).
    public let given: String
    /// The path written: `given`, or where its symbolic link points.
    public let resolved: String
    public let kind: Kind
    /// Whether something (a regular file, or an empty folder) is there now.
    public let exists: Bool

    /// Checks `path` as an output of `kind`.
    public init(_ path: String, kind: Kind) throws {
        guard !path.isEmpty else { throw Failure.empty }
        given = path
        self.kind = kind
        var target = path
        // An lstat that fails here fails again in `checkExisting`, which reports it.
        if (try? FileSystem.linkStatus(of: path))?.kind == .symbolicLink {
            // Whatever stops it resolving (no target, a loop, no permission), the link leads nowhere usable.
            guard let real = try? FileSystem.realPath(path) else { throw Failure.danglingLink(path) }
            target = real
        }
        resolved = target
        let name = Self.name(of: target)
        guard name.utf8.count <= Self.nameLimit else { throw Failure.nameTooLong(path, bytes: name.utf8.count) }
        try Self.checkFolder(of: target, given: path)
        exists = try Self.checkExisting(target, given: path, kind: kind)
    }

    /// The folder that holds the output.
    public var folder: String { Self.folder(of: resolved) }

    /// The template for a staging name beside the output, for mkstemp or
    /// mkdtemp: ".NAME.partial-XXXXXX", with NAME shortened (at a character
    /// boundary) where the whole would not fit NAME_MAX.
    public var stagingTemplate: String {
        let room = Self.nameLimit - 1 - Self.stagingSuffix.utf8.count
        var name = Self.name(of: resolved)
        while name.utf8.count > room { name.removeLast() }
        return folder + "/." + name + Self.stagingSuffix
    }

    /// Checks, just before the finished output takes the path, that what is
    /// there now may still be replaced; returns whether anything is there.
    public func recheck() throws -> Bool {
        try Self.checkExisting(resolved, given: given, kind: kind)
    }

    static func name(of path: String) -> String {
        URL(fileURLWithPath: path).lastPathComponent
    }

    static func folder(of path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    static func checkFolder(of path: String, given: String) throws {
        let folder = Self.folder(of: path)
        // Missing, not a folder, or not reachable: in each case there is no folder to write in.
        guard (try? FileSystem.status(of: folder))?.kind == .folder else {
            throw Failure.folderMissing(given, folder: folder)
        }
    }

    /// Whether something replaceable is at `path`; throws if something else is.
    static func checkExisting(_ path: String, given: String, kind: Kind) throws -> Bool {
        let type: FileStatus.Kind
        do {
            type = try FileSystem.linkStatus(of: path).kind
        } catch {
            if error.code == ENOENT { return false }
            throw Failure.system(given, error)
        }
        switch (kind, type) {
        case (.file, .regular):
            return true
        case (.folder, .folder):
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                throw Failure.system(given, SystemError("opendir", code: EACCES))
            }
            guard entries.isEmpty else { throw Failure.folderNotEmpty(given) }
            return true
        default:
            throw Failure.notReplaceable(given, kind: describe(type), wanted: kind)
        }
    }

    static func describe(_ type: FileStatus.Kind) -> String {
        switch type {
        case .regular: return "a regular file"
        case .folder: return "a folder"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .fifo: return "a FIFO (named pipe)"
        case .socket: return "a socket"
        case .symbolicLink: return "a symbolic link"
        case .other: return "a special file"
        }
    }
}
