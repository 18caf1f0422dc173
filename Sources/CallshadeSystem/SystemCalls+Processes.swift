import Glibc

/// The C library's process, signal and exit functions (see `SystemCalls`).
extension SystemCalls {
    /// Starts `executable` with `arguments` (no shell, no PATH search) and
    /// this process's environment. `descriptors` are (ours, theirs) pairs:
    /// the child gets our descriptor at their number. `defaultSignals` are
    /// at their default actions in the child, whatever this process does
    /// with them, and no signal is blocked there.
    static func spawn(executable: String, arguments: [String], descriptors: [(Int32, Int32)],
                      defaultSignals: [Int32]) throws(SystemError) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        try checkResult("posix_spawn_file_actions_init", posix_spawn_file_actions_init(&actions))
        defer { posix_spawn_file_actions_destroy(&actions) }   // only fails for an uninitialised one
        for (ours, theirs) in descriptors {
            try checkResult("posix_spawn_file_actions_adddup2", posix_spawn_file_actions_adddup2(&actions, ours, theirs))
        }

        var attributes = posix_spawnattr_t()
        try checkResult("posix_spawnattr_init", posix_spawnattr_init(&attributes))
        defer { posix_spawnattr_destroy(&attributes) }   // only fails for an uninitialised one
        var defaults = sigset_t()
        try checkZero("sigemptyset", sigemptyset(&defaults))
        for signal in defaultSignals { try checkZero("sigaddset", sigaddset(&defaults, signal)) }
        try checkResult("posix_spawnattr_setsigdefault", posix_spawnattr_setsigdefault(&attributes, &defaults))
        var unblocked = sigset_t()
        try checkZero("sigemptyset", sigemptyset(&unblocked))
        try checkResult("posix_spawnattr_setsigmask", posix_spawnattr_setsigmask(&attributes, &unblocked))
        try checkResult("posix_spawnattr_setflags",
                        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)))

        var argv: [UnsafeMutablePointer<CChar>?] = []
        defer { argv.forEach { free($0) } }
        for argument in [executable] + arguments {
            guard let copy = strdup(argument) else { throw SystemError("strdup", code: ENOMEM) }
            argv.append(copy)
        }
        argv.append(nil)
        var pid: pid_t = 0
        try checkResult("posix_spawn", posix_spawn(&pid, executable, &actions, &attributes, argv, environ))
        return pid
    }

    /// Raises process `pid`'s niceness by `steps` (at most to 19): the
    /// scheduler then gives it less of a contended core. Threads it starts
    /// afterwards inherit it.
    static func lowerPriority(_ pid: Int32, by steps: Int32) throws(SystemError) {
        errno = 0
        let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid))
        if current == -1 && errno != 0 { throw SystemError("getpriority", code: errno) }
        try checkZero("setpriority", setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid), min(current + steps, 19)))
    }

    /// Throws, naming `call`, unless `result` (an error number, as the
    /// posix_spawn functions return instead of setting errno) is 0.
    private static func checkResult(_ call: String, _ result: Int32) throws(SystemError) {
        guard result == 0 else { throw SystemError(call, code: result) }
    }

    /// Blocks until child `pid` has ended, without reaping it (its status
    /// stays to be collected by `reap`).
    static func waitForEnd(_ pid: Int32) throws(SystemError) {
        var info = siginfo_t()
        _ = try retrying("waitid") { waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) }
    }

    /// Reaps child `pid` if it has ended, returning its raw wait status; nil
    /// while it runs.
    static func reap(_ pid: Int32) throws(SystemError) -> Int32? {
        var status: Int32 = 0
        let result = try retrying("waitpid") { waitpid(pid, &status, WNOHANG) }
        return result == pid ? status : nil
    }

    static func kill(_ pid: Int32, signal: Int32) throws(SystemError) {
        try checkZero("kill", Glibc.kill(pid, signal))
    }

    /// Sets `signal`'s action to ignore it.
    static func ignore(signal: Int32) throws(SystemError) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_IGN
        try checkZero("sigemptyset", sigemptyset(&action.sa_mask))
        try checkZero("sigaction", sigaction(signal, &action, nil))
    }

    /// This process's id.
    static var processID: Int32 { getpid() }

    /// CPU seconds (user plus system) this process has used, all its
    /// threads (`children` false), or its children have, those waited for (true).
    static func cpuSeconds(children: Bool) throws(SystemError) -> Double {
        var usage = rusage()
        try checkZero("getrusage", getrusage(Int32((children ? RUSAGE_CHILDREN : RUSAGE_SELF).rawValue), &usage))
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Ends this process: buffered standard output is flushed first.
    static func exit(_ code: Int32) -> Never {
        Glibc.exit(code)
    }

    /// Ends this process at once, flushing and running nothing.
    static func exitImmediately(_ code: Int32) -> Never {
        _exit(code)
    }
}
