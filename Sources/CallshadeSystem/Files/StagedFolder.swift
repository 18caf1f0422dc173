import Foundation

/// A folder written under a temporary name beside its target, which takes the
/// target's name only when complete. The target must not exist yet, or be an
/// empty folder; its parent must exist (see `OutputPath`).
public final class StagedFolder: @unchecked Sendable {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case target(OutputPath.Failure)
        case cannotCreate(String, SystemError)
        case cannotRename(String, SystemError)

        public var description: String {
            switch self {
            case .target(let failure): return failure.description
            case .cannotCreate(let path, let error): return "cannot write '\(path)': \(error.reason)"
            case .cannotRename(let path, let error): return "cannot move the finished folder to '\(path)': \(error.reason)"
            }
        }
    }

    public let target: OutputPath
    /// Where to write until `commit`.
    public let path: String
    private let state: StagedState

    /// Checks the target and creates the temporary folder; with `cleanup`, a
    /// stop removes it.
    public init(target path: String, cleanup: StopCleanup? = nil) throws {
        do {
            target = try OutputPath(path, kind: .folder)
        } catch let failure as OutputPath.Failure {
            throw Failure.target(failure)
        }
        do {
            self.path = try FileSystem.makeTemporaryFolder(template: target.stagingTemplate)
        } catch {
            throw Failure.cannotCreate(path, error)
        }
        state = StagedState(cleanup: cleanup)
        state.register { [weak self] in self?.discard() }
    }

    deinit {
        discard()
    }

    /// Gives the finished folder the target's name. An empty folder at the
    /// target gives way; anything else makes the rename fail (a folder never
    /// replaces a file or device), and nothing is lost.
    public func commit() throws {
        try state.commit(prepare: open, place: place, remove: removeTemporary)
    }

    /// Opens the finished folder to everyone's reading (mkdtemp made it its owner's alone).
    private func open() throws {
        do {
            try FileSystem.changeMode(of: path, to: 0o755)
        } catch {
            throw Failure.cannotRename(target.given, error)
        }
    }

    private func place() throws {
        let exists: Bool
        do {
            exists = try target.recheck()
        } catch let failure as OutputPath.Failure {
            throw Failure.target(failure)
        }
        do {
            if exists { try removeEmptyTarget() }
            try FileSystem.rename(path, to: target.resolved)
        } catch {
            throw Failure.cannotRename(target.given, error)
        }
    }

    /// Removes the empty folder at the target; one gone meanwhile leaves the name free all the same.
    private func removeEmptyTarget() throws(SystemError) {
        do {
            try FileSystem.removeFolder(target.resolved)
        } catch where error.code == ENOENT {
            return
        }
    }

    /// Removes the temporary folder and everything in it. A writer still
    /// adding files while it goes is outlasted: the removal is repeated until
    /// the folder is gone (once it is, nothing can be created in it).
    public func discard() {
        state.discard(removeTemporary)
    }

    /// Runs on a path that is failing or stopping already: a folder that
    /// cannot be removed (made read-only meanwhile) has no one else to tell,
    /// so each try's error is dropped and the next try decides.
    private func removeTemporary() {
        for _ in 0..<20 {
            try? FileManager.default.removeItem(atPath: path)
            if (try? FileSystem.linkStatus(of: path)) == nil { return }
        }
    }
}
