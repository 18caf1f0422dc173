import Foundation

/// The built `callshade` run as a child of its own, waited for with `wait4`
/// so its own peak memory is known (not that of every child the tests ever
/// ran), and killed if it outlives a time limit, so a hang fails a test
/// instead of stopping the suite.
struct MeasuredRun {
    /// The exit status, or nil when a signal ended it.
    let status: Int32?
    /// The signal that ended it, if one did.
    let signal: Int32?
    let timedOut: Bool
    /// The child's peak resident set, in bytes.
    let peakBytes: Int
    let standardError: String

    enum Failure: Error {
        case cannotStart(Int32)
    }

    init(_ arguments: [String], timeout: Double, scratch: URL) throws {
        let executable = TestPaths.executable.path
        let errorPath = scratch.appendingPathComponent("child-stderr-\(UUID().uuidString).txt").path
        defer { unlink(errorPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let started = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard started == 0 else { throw Failure.cannotStart(started) }

        var waitStatus: Int32 = 0
        var usage = rusage()
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while true {
            let done = wait4(pid, &waitStatus, WNOHANG, &usage)
            if done == pid { break }
            if done < 0, errno != EINTR { break }
            if Date() > deadline, !timedOut {
                timedOut = true
                kill(pid, SIGKILL)
            }
            usleep(20_000)
        }
        self.timedOut = timedOut
        let signalled = waitStatus & 0x7f
        status = signalled == 0 ? (waitStatus >> 8) & 0xff : nil
        signal = signalled == 0 ? nil : signalled
        peakBytes = usage.ru_maxrss * 1024   // Linux gives kilobytes
        standardError = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    }
}
