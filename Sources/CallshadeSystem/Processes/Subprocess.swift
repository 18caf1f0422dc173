import Foundation

/// A child process started with `posix_spawn`, reaped exactly once: by
/// `wait`, or by `killAndReap` (a stop, on the signal handler's queue),
/// whichever comes first; the other gets the same exit. One thread of its own
/// waits for it to end without reaping it; both reap under a lock only once
/// that thread has seen the end, so neither ever finds the child reaped by
/// the other (ECHILD), and no signal goes to a process id the system has
/// already given to someone else.
public final class Subprocess: @unchecked Sendable {
    public let pid: Int32
    private let lock = NSLock()
    /// Set once, under `lock`, by whichever reaps it.
    private var exit: ChildExit?
    /// Left once the child has ended (ended, not reaped: its status waits
    /// for `reap`), by the thread that waits for it; stops wait on it with a bound.
    private let ended = DispatchGroup()
    /// Why that thread's wait failed, if it did (written before `ended` is
    /// left, read only after it was).
    private var endWaitFailure: SystemError?

    /// Starts `executable` with `arguments` (no shell, no PATH search), its
    /// standard input, output and error on the given descriptors and
    /// `inherited`, if any, as its descriptor 3; SIGINT, SIGTERM and SIGPIPE
    /// are at their defaults there whatever this process does with them.
    public init(executable: String, arguments: [String], standardInput: FileDescriptor, standardOutput: FileDescriptor,
                standardError: FileDescriptor, inherited: FileDescriptor? = nil) throws(SystemError) {
        var descriptors = [(standardInput.rawValue, Int32(0)), (standardOutput.rawValue, 1), (standardError.rawValue, 2)]
        if let inherited { descriptors.append((inherited.rawValue, 3)) }
        pid = try SystemCalls.spawn(executable: executable, arguments: arguments, descriptors: descriptors,
                                    defaultSignals: [SIGINT, SIGTERM, SIGPIPE])
        ended.enter()
        // A queue of its own: the wait blocks its thread until the child ends.
        DispatchQueue(label: "callshade.child-end").async { [self] in
            do throws(SystemError) { try SystemCalls.waitForEnd(pid) } catch { endWaitFailure = error }
            ended.leave()
        }
    }

    /// Blocks until it has ended, then says how.
    public func wait() throws(SystemError) -> ChildExit {
        ended.wait()
        lock.lock()
        defer { lock.unlock() }
        if let exit { return exit }
        if let endWaitFailure { throw endWaitFailure }
        // It has ended and nobody else reaps it while the lock is held.
        return try reapEnded()
    }

    /// Lowers its CPU priority by `steps` of niceness, unless it has been reaped.
    public func lowerPriority(by steps: Int32) throws(SystemError) {
        lock.lock()
        defer { lock.unlock() }
        guard exit == nil else { return }
        try SystemCalls.lowerPriority(pid, by: steps)
    }

    /// Sends it SIGKILL, unless it has been reaped.
    public func kill() throws(SystemError) {
        lock.lock()
        defer { lock.unlock() }
        guard exit == nil else { return }
        try SystemCalls.kill(pid, signal: SIGKILL)
    }

    /// Kills it at once and reaps it, waiting at most `seconds` for it to
    /// go: for a stop, which must not wait on a thread that may be inside
    /// `wait`. Returns whether it is reaped (false: it outlived the wait).
    @discardableResult
    public func killAndReap(waitingAtMost seconds: Double = 1) throws(SystemError) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard exit == nil else { return true }
        try SystemCalls.kill(pid, signal: SIGKILL)
        guard ended.wait(timeout: .now() + seconds) == .success else { return false }
        if let endWaitFailure { throw endWaitFailure }
        _ = try reapEnded()
        return true
    }

    /// Reaps the child, which has ended; called with `lock` held.
    private func reapEnded() throws(SystemError) -> ChildExit {
        guard let status = try SystemCalls.reap(pid) else { throw SystemError("waitpid", code: ECHILD) }
        let reaped = ChildExit(waitStatus: status)
        exit = reaped
        return reaped
    }
}
