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
        var template = Array(target.stagingTemplate.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard made != nil else { throw Failure.cannotCreate(path, .last("mkdtemp")) }
        self.path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
        try state.commit(prepare: {
            guard chmod(path, 0o755) == 0 else { throw Failure.cannotRename(target.given, .last("chmod")) }
        }, place: {
            do {
                if try target.recheck() { rmdir(target.resolved) }
            } catch let failure as OutputPath.Failure {
                throw Failure.target(failure)
            }
            guard rename(path, target.resolved) == 0 else { throw Failure.cannotRename(target.given, .last("rename")) }
        }, remove: removeTemporary)
    }

    /// Removes the temporary folder and everything in it. A writer still
    /// adding files while it goes is outlasted: the removal is repeated until
    /// the folder is gone (once it is, nothing can be created in it).
    public func discard() {
        state.discard(removeTemporary)
    }

    private func removeTemporary() {
        for _ in 0..<20 {
            try? FileManager.default.removeItem(atPath: path)
            var status = stat()
            if lstat(path, &status) != 0 { return }
        }
    }
}
