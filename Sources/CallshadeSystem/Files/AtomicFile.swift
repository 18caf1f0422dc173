import Foundation

/// Writes a file under a temporary name in the target's own folder and puts
/// it in place only when complete, so a failed or interrupted write never
/// leaves a half-written file at the target path. Only a regular file is
/// ever replaced (see `OutputPath`).
public struct AtomicFile {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case target(OutputPath.Failure)
        case cannotCreate(String, SystemError)
        case cannotWrite(String, SystemError)
        case cannotRename(String, SystemError)

        public var description: String {
            switch self {
            case .target(let failure): return failure.description
            case .cannotCreate(let path, let error), .cannotWrite(let path, let error):
                return "cannot write '\(path)': \(error.reason)"
            case .cannotRename(let path, let error):
                return "cannot move the finished file to '\(path)': \(error.reason)"
            }
        }
    }

    public let target: OutputPath

    /// Checks the target now: its folder exists, its name fits, and nothing
    /// but a regular file is there.
    public init(path: String) throws {
        do {
            target = try OutputPath(path, kind: .file)
        } catch let failure as OutputPath.Failure {
            throw Failure.target(failure)
        }
    }

    public var path: String { target.given }

    /// Creates a unique, empty temporary file beside the target. Until it is
    /// committed, nothing changes at the target path; discarding (or dropping
    /// it uncommitted) removes the temporary file. With `cleanup`, a stop
    /// removes it too.
    public func stage(cleanup: StopCleanup? = nil) throws -> StagedFile {
        let (descriptor, temporaryPath): (FileDescriptor, String)
        do {
            (descriptor, temporaryPath) = try FileSystem.makeTemporaryFile(template: target.stagingTemplate)
        } catch {
            throw Failure.cannotCreate(path, error)
        }
        do {
            try descriptor.changeMode(to: 0o644)
        } catch {
            // fchmod's error is the one to report; the empty file is removed,
            // and nothing written through the descriptor can be lost.
            try? descriptor.close()
            try? FileSystem.remove(temporaryPath)
            throw Failure.cannotCreate(path, error)
        }
        return StagedFile(target: target, temporaryPath: temporaryPath, descriptor: descriptor, cleanup: cleanup)
    }

    /// Writes `bytes` as the whole of the file at `path`, which appears only once complete.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        try AtomicFile(path: path).write { descriptor, _ in
            try bytes.withUnsafeBytes { buffer in try descriptor.writeAll(buffer) }
        }
    }

    /// Stages a file, hands its descriptor and path to `body`, then commits it.
    /// On any error the temporary file is removed and the target is left as it was.
    public func write<T>(cleanup: StopCleanup? = nil,
                         _ body: (_ descriptor: FileDescriptor, _ temporaryPath: String) throws -> T) throws -> T {
        let staged = try stage(cleanup: cleanup)
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

/// A file being written under a temporary name beside its target. Commit and
/// discard may come from different threads (a stop comes from the signal
/// handler's); the first wins.
public final class StagedFile: @unchecked Sendable {
    public let target: OutputPath
    public let temporaryPath: String
    /// Open for writing until commit or discard.
    public let descriptor: FileDescriptor
    /// Whether `descriptor` is still open (changed only inside `state`'s settling).
    private var open = true
    private let state: StagedState

    init(target: OutputPath, temporaryPath: String, descriptor: FileDescriptor, cleanup: StopCleanup?) {
        self.target = target
        self.temporaryPath = temporaryPath
        self.descriptor = descriptor
        state = StagedState(cleanup: cleanup)
        state.register { [weak self] in self?.discard() }
    }

    deinit {
        discard()
    }

    /// Closes the file (a failing close is a failing write: NFS and quotas
    /// report there) and puts it at the target: with no-replace semantics when
    /// nothing was there, else only over a regular file.
    public func commit() throws {
        try state.commit(prepare: closeDescriptor, place: place, remove: removeTemporary)
    }

    /// Removes the temporary file; the target stays as it was.
    public func discard() {
        state.discard {
            // The file is thrown away: a failing close loses nothing wanted.
            try? closeDescriptor()
            removeTemporary()
        }
    }

    private func place() throws {
        let path = target.given
        let exists: Bool
        do {
            exists = try target.recheck()
        } catch let failure as OutputPath.Failure {
            throw AtomicFile.Failure.target(failure)
        }
        if !exists {
            // link() fails if anything appeared at the target meanwhile: nothing is replaced.
            do {
                try FileSystem.link(temporaryPath, to: target.resolved)
                // The output is in place; a temporary name that cannot be
                // removed now (its folder made read-only meanwhile) stays as
                // a second name of the same file, not a reason to fail.
                try? FileSystem.remove(temporaryPath)
                return
            } catch where error.code == EEXIST {
                // Something appeared meanwhile: replaced only if it is a regular file.
                do { _ = try target.recheck() } catch let failure as OutputPath.Failure {
                    throw AtomicFile.Failure.target(failure)
                }
            } catch {
                // A file system without hard links: checked above, then renamed.
            }
        }
        do {
            try FileSystem.rename(temporaryPath, to: target.resolved)
        } catch {
            throw AtomicFile.Failure.cannotRename(path, error)
        }
    }

    private func closeDescriptor() throws {
        guard open else { return }
        open = false
        do {
            try descriptor.close()
        } catch {
            throw AtomicFile.Failure.cannotWrite(target.given, error)
        }
    }

    /// Removes the temporary file, on a path that is failing or stopping
    /// already: a removal that fails (the folder gone or made read-only)
    /// leaves a hidden ".NAME.partial-XXXXXX" and has no one else to tell.
    private func removeTemporary() {
        try? FileSystem.remove(temporaryPath)
    }
}
