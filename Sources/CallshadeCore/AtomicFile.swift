import Foundation

/// Writes a file under a temporary name in the target's own folder and renames
/// it into place only when complete, so a failed or interrupted write never
/// leaves a half-written file at the target path.
public struct AtomicFile {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case folderMissing(String)
        case cannotCreate(String, reason: String)
        case cannotRename(String, reason: String)

        public var description: String {
            switch self {
            case .folderMissing(let folder):
                return "the folder '\(folder)' does not exist"
            case .cannotCreate(let path, let reason):
                return "cannot write '\(path)': \(reason)"
            case .cannotRename(let path, let reason):
                return "cannot move the finished file to '\(path)': \(reason)"
            }
        }
    }

    /// The final path.
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The folder the file goes into.
    public var folder: String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().path
    }

    /// Fails when the target's folder does not exist or is not a folder.
    public func checkFolder() throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw Failure.folderMissing(folder)
        }
    }

    /// Creates a unique temporary file beside the target, hands its descriptor
    /// and path to `body`, then renames it to the target. On any error the
    /// temporary file is removed and the target is left as it was.
    public func write<T>(_ body: (_ descriptor: Int32, _ temporaryPath: String) throws -> T) throws -> T {
        try checkFolder()
        let name = URL(fileURLWithPath: path).lastPathComponent
        var template = Array((folder + "/." + name + ".partial-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else {
            throw Failure.cannotCreate(path, reason: String(cString: strerror(errno)))
        }
        let temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var finished = false
        defer {
            if !finished { unlink(temporaryPath) }
        }
        fchmod(descriptor, 0o644)
        let result: T
        do {
            result = try body(descriptor, temporaryPath)
        } catch {
            close(descriptor)
            throw error
        }
        close(descriptor)
        guard rename(temporaryPath, path) == 0 else {
            throw Failure.cannotRename(path, reason: String(cString: strerror(errno)))
        }
        finished = true
        return result
    }
}
