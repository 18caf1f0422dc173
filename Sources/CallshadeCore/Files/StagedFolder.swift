import Foundation

/// A folder written under a temporary name beside its target, which takes the
/// target's name only when complete. The target must not exist yet, or be an
/// empty folder; its parent must exist.
public final class StagedFolder {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case parentMissing(String)
        case notAFolder(String)
        case notEmpty(String)
        case cannotCreate(String, reason: String)
        case cannotRename(String, reason: String)

        public var description: String {
            switch self {
            case .parentMissing(let folder): return "the folder '\(folder)' does not exist"
            case .notAFolder(let path): return "'\(path)' exists and is not a folder"
            case .notEmpty(let path): return "the folder '\(path)' is not empty; give a new or empty folder"
            case .cannotCreate(let path, let reason): return "cannot write '\(path)': \(reason)"
            case .cannotRename(let path, let reason): return "cannot move the finished folder to '\(path)': \(reason)"
            }
        }
    }

    public let target: String
    /// Where to write until `commit`.
    public let path: String
    private var settled = false

    public init(target: String) throws {
        let url = URL(fileURLWithPath: target)
        let parent = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue else {
            throw Failure.parentMissing(parent)
        }
        if FileManager.default.fileExists(atPath: target, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw Failure.notAFolder(target) }
            guard ((try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []).isEmpty else { throw Failure.notEmpty(target) }
        }
        var template = Array((parent + "/." + url.lastPathComponent + ".partial-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard made != nil else { throw Failure.cannotCreate(target, reason: String(cString: strerror(errno))) }
        self.target = target
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        if !settled { discard() }
    }

    /// Gives the finished folder the target's name.
    public func commit() throws {
        guard !settled else { return }
        chmod(path, 0o755)
        _ = rmdir(target)   // an empty target folder gives way; anything else stays and the rename fails
        guard rename(path, target) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw Failure.cannotRename(target, reason: reason)
        }
        settled = true
    }

    /// Removes the temporary folder and everything in it.
    public func discard() {
        guard !settled else { return }
        try? FileManager.default.removeItem(atPath: path)
        settled = true
    }
}
