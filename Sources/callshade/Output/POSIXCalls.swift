import CallshadeCore
import Foundation

/// Failures of the system calls behind child processes and pipes.
enum POSIXFailure: Error, Equatable, CustomStringConvertible {
    /// The reader of a pipe went away (EPIPE).
    case closed
    case call(String, errno: Int32)

    var description: String {
        switch self {
        case .closed: return "the reader of the output went away"
        case .call(let name, let code): return "\(name) failed: \(String(cString: strerror(code)))"
        }
    }
}

/// The thin layer over POSIX for pipes and child processes: the only place
/// that calls them; each failure names the call.
enum POSIXCalls {
    /// A pipe whose ends close on exec: (read, write).
    static func pipe() throws -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { throw POSIXFailure.call("pipe", errno: errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Asks for a pipe buffer of `bytes` (Linux's F_SETPIPE_SZ; capped by
    /// /proc/sys/fs/pipe-max-size): whole frames then cross in a few writes
    /// instead of sixteen wake-ups a megabyte. Where that fails the default stays; returns the size granted.
    @discardableResult
    static func growPipe(_ descriptor: Int32, to bytes: Int) -> Int {
        #if os(Linux)
        let setPipeSize: Int32 = 1031   // F_SETPIPE_SZ (F_LINUX_SPECIFIC_BASE + 7)
        return Int(fcntl(descriptor, setPipeSize, Int32(clamping: bytes)))
        #else
        return -1
        #endif
    }

    /// Writes every byte, retrying short writes and interrupted calls; a
    /// reader that went away is `.closed`.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws {
        do {
            try DescriptorOutput.writeAll(bytes, to: descriptor)
        } catch let error as SystemError {
            throw error.code == EPIPE ? POSIXFailure.closed : POSIXFailure.call(error.call, errno: error.code)
        }
    }

    /// Reads up to `capacity` bytes; an empty result means end of file.
    static func read(_ descriptor: Int32, capacity: Int = 65536) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: capacity)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, capacity) }
            if count < 0, errno == EINTR { continue }
            return count > 0 ? Array(buffer.prefix(count)) : []
        }
    }

    static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }

    /// Starts `executable` with `arguments` (no shell), its standard input,
    /// output and error on the given descriptors, `inherited` (if any) as its
    /// descriptor 3, and SIGINT, SIGTERM and SIGPIPE at their defaults
    /// whatever this process does with them.
    static func spawn(executable: String, arguments: [String], standardInput: Int32, standardOutput: Int32,
                      standardError: Int32, inherited: Int32? = nil) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        posix_spawn_file_actions_adddup2(&actions, standardError, 2)
        if let inherited { posix_spawn_file_actions_adddup2(&actions, inherited, 3) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard result == 0 else { throw POSIXFailure.call("posix_spawn \(executable)", errno: result) }
        return pid
    }

    /// Waits for a child and returns how it ended.
    static func wait(_ pid: pid_t) -> ChildExit {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return .signalled(0) }
        }
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    static func kill(_ pid: pid_t, _ signal: Int32) {
        _ = Glibc.kill(pid, signal)
    }

    /// Kills a child at once and reaps it, waiting at most `seconds` for it
    /// to go (it is already gone when another thread reaped it).
    static func killAndReap(_ pid: pid_t, seconds: Double = 1) {
        _ = Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        for _ in 0..<max(1, Int(seconds * 200)) {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno != EINTR) { return }
            usleep(5_000)
        }
    }

    /// Whether standard error is a terminal.
    static var standardErrorIsTerminal: Bool { isatty(2) == 1 }

    /// Opens /dev/null on each of the standard descriptors 0, 1 and 2 that is
    /// closed, so that no file opened later takes its number (frames meant
    /// for "standard output" would otherwise go into that file).
    static func reopenClosedStandardStreams() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
            let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0, opened != descriptor {
                _ = dup2(opened, descriptor)
                _ = Glibc.close(opened)
            }
        }
    }

    /// Stops SIGPIPE from ending the process: writes to a closed pipe fail with EPIPE instead.
    static func ignoreBrokenPipes() {
        _ = signal(SIGPIPE, SIG_IGN)
    }
}

/// How a child process ended.
enum ChildExit: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)

    var succeeded: Bool { self == .exited(0) }

    var description: String {
        switch self {
        case .exited(let code): return "exited with status \(code)"
        case .signalled(let signal): return "was killed by signal \(signal)"
        }
    }
}
