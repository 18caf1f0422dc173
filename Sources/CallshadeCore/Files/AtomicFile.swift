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

    /// Creates a unique, empty temporary file beside the target. Until it is
    /// committed, nothing exists at the target path; discarding (or dropping
    /// it uncommitted) removes the temporary file.
    public func stage() throws -> StagedFile {
        try checkFolder()
        let name = URL(fileURLWithPath: path).lastPathComponent
        var template = Array((folder + "/." + name + ".partial-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else {
            throw Failure.cannotCreate(path, reason: String(cString: strerror(errno)))
        }
        fchmod(descriptor, 0o644)
        let temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return StagedFile(target: path, temporaryPath: temporaryPath, descriptor: descriptor)
    }

    /// Stages a file, hands its descriptor and path to `body`, then commits it.
    /// On any error the temporary file is removed and the target is left as it was.
    public func write<T>(_ body: (_ descriptor: Int32, _ temporaryPath: String) throws -> T) throws -> T {
        let staged = try stage()
        let result: T
        do {
            result = try body(staged.descriptor, staged.temporaryPath)
        } catch {
            staged.discard()
            throw error
        }
        try staged.commit()
        return result
    }
}

/// A file being written under a temporary name beside its target.
public final class StagedFile {
    public let target: String
    public let temporaryPath: String
    /// Open for writing until commit or discard.
    public private(set) var descriptor: Int32
    private var settled = false

    init(target: String, temporaryPath: String, descriptor: Int32) {
        self.target = target
        self.temporaryPath = temporaryPath
        self.descriptor = descriptor
    }

    deinit {
        if !settled { discard() }
    }

    /// Renames the temporary file to the target.
    public func commit() throws {
        closeDescriptor()
        guard !settled else { return }
        guard rename(temporaryPath, target) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw AtomicFile.Failure.cannotRename(target, reason: reason)
        }
        settled = true
    }

    /// Removes the temporary file; the target stays as it was.
    public func discard() {
        closeDescriptor()
        guard !settled else { return }
        unlink(temporaryPath)
        settled = true
    }

    private func closeDescriptor() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
    }
}
