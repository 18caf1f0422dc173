import Foundation

/// What a staged output (a file or a folder written under a temporary name)
/// shares: it settles once, by commit or by discard, whichever thread comes
/// first (a stop discards from the signal handler's); a commit goes through
/// the stop gate of `cleanup`, and a stop registered there discards it.
final class StagedState: @unchecked Sendable {
    private let lock = NSLock()
    private var settled = false
    private let cleanup: StopCleanup?
    private var key: Int?

    init(cleanup: StopCleanup?) {
        self.cleanup = cleanup
    }

    /// Has a stop run `discard` (the owner's, holding it weakly).
    func register(_ discard: @escaping @Sendable () -> Void) {
        key = cleanup?.register(.outputs, discard)
    }

    /// Unless settled: `prepare`, then `place` through the stop gate; if
    /// either throws, `remove` (`removeStaged`) runs and the error goes on. Settles either way.
    func commit(prepare: () throws -> Void, place: () throws -> Void, remove removeStaged: () -> Void) throws {
        lock.lock()
        defer { lock.unlock() }
        guard !settled else { return }
        settled = true
        defer { unregister() }
        do {
            try prepare()
            if let cleanup { try cleanup.commit(place) } else { try place() }
        } catch {
            removeStaged()
            throw error
        }
    }

    /// Unless settled: `removeStaged`, and settles.
    func discard(_ removeStaged: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        guard !settled else { return }
        settled = true
        removeStaged()
        unregister()
    }

    private func unregister() {
        if let key { cleanup?.unregister(key) }
        key = nil
    }
}
