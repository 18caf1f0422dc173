import Foundation

/// What a command must undo when a signal stops it, and the gate that keeps
/// finishing and stopping apart. A command makes one and hands it to what it
/// starts: children register to be killed, staged outputs to be removed.
/// `stop()` kills every child first, then removes every staged output; an
/// output commits only through `commit`, so an output is either complete at
/// its path or gone, never both half.
public final class StopCleanup: @unchecked Sendable {
    /// Children are stopped before outputs are removed, so none writes on.
    public enum Phase: Int, Sendable {
        case children, outputs
    }

    /// A commit asked for after a stop began.
    public struct Stopped: Error, CustomStringConvertible {
        public var description: String { "stopped by a signal" }
    }

    private let lock = NSLock()
    private var actions: [Int: (phase: Phase, action: @Sendable () -> Void)] = [:]
    private var nextKey = 0
    private var stopping = false
    private var committed = false
    /// Entered when a stop begins, left once its actions have run.
    private let stopRunning = DispatchGroup()

    public init() {}

    /// Registers `action` to run on a stop; the key unregisters it.
    public func register(_ phase: Phase, _ action: @escaping @Sendable () -> Void) -> Int {
        lock.lock()
        defer { lock.unlock() }
        nextKey += 1
        actions[nextKey] = (phase, action)
        return nextKey
    }

    public func unregister(_ key: Int) {
        lock.lock()
        defer { lock.unlock() }
        actions[key] = nil
    }

    /// Runs `body` (the rename that puts an output in place) unless a stop
    /// has begun, in which case it throws `Stopped` and runs nothing.
    public func commit<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        guard !stopping else { throw Stopped() }
        let result = try body()
        committed = true
        return result
    }

    /// Stops: kills the registered children, then removes the staged outputs.
    /// Returns false, doing nothing, when an output was already committed (the
    /// command has finished its work and is about to exit on its own).
    public func stop() -> Bool {
        lock.lock()
        guard !committed else {
            lock.unlock()
            return false
        }
        stopping = true
        stopRunning.enter()
        let ordered = actions.sorted { ($0.value.phase.rawValue, $0.key) < ($1.value.phase.rawValue, $1.key) }
        actions.removeAll()
        lock.unlock()
        for (_, entry) in ordered { entry.action() }
        stopRunning.leave()
        return true
    }

    /// Whether a stop has begun.
    public var isStopping: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopping
    }

    /// Joins a stop that has begun (on another thread): waits until it has
    /// killed the children and removed the outputs, at most `seconds`.
    /// Returns whether it got that far; true at once when no stop has begun.
    public func waitForStop(atMost seconds: Double) -> Bool {
        stopRunning.wait(timeout: .now() + seconds) == .success
    }
}
