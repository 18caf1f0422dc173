import Foundation
import XCTest

/// Runs the built `callshade` as a hostile user would, in a process group of
/// its own, and checks the rules every hostile case shares: a non-zero exit
/// with at most three lines on standard error (or the case's documented
/// success), no trap (no death by a signal it did not ask for), nothing at
/// the output and no `.partial` file left, no process of its group alive 2 s
/// later, and peak memory under the case's bound.
struct HostileCase {
    /// What a run must end with.
    enum Outcome {
        /// A non-zero exit status (this one, when given) with the diagnostic `id`
        /// ("Error [ID]: ..."; none for an empty id) whose text contains `mentioning`.
        case refused(status: Int32? = nil, id: String, mentioning: String = "")
        /// The documented success: exit 0.
        case succeeds
    }

    /// How the case's standard streams start.
    enum Streams {
        /// Standard input /dev/null, output and error collected.
        case collected
        /// Standard output into a pipe that nobody reads (a consumer that stopped reading).
        case outputBlocked
        /// Standard output into a pipe whose reader has gone (closed at once).
        case readerGone
        /// These of 0, 1, 2 closed at start; the others collected.
        case closed([Int32])
    }

    let name: String
    let arguments: [String]
    var outcome: Outcome
    /// Paths that must not exist after the run (the output).
    var absent: [String] = []
    /// Paths that must still be what they were (a device node, a FIFO, a file the output named), with their kind.
    var untouched: [(path: String, type: mode_t)] = []
    /// Folders in which no `.partial` staging file may be left.
    var folders: [String] = []
    /// Peak memory of the callshade process, in MiB.
    var memoryLimitMiB = 350
    var streams = Streams.collected
    /// Something to do to the running process (signal it, stop its ffmpeg); gets its pid.
    var during: ((pid_t) -> Void)?
    /// At most this long from `during`'s end to the exit: a hang guard (a stop
    /// blocked on a full pipe or a stopped child never ends), not a measure of
    /// speed, so it is far beyond any stop on a loaded machine.
    var exitWithinSeconds: Double?
    var timeoutSeconds = 60.0
    var environment: [String: String] = [:]
}

/// What one run did.
struct HostileResult {
    let status: Int32?
    let signal: Int32?
    let standardError: String
    let peakMiB: Double
    let secondsAfterDuring: Double
    let timedOut: Bool
    /// A process of its group (ffmpeg) was still alive 2 s after it ended.
    let groupAlive: Bool
}

enum HostileHarness {
    /// Runs every case (nil: skipped, it needs root) and fails the test
    /// with the first that broke its rules, printing each that did.
    static func hold(_ group: String, _ cases: [HostileCase?], file: StaticString = #filePath, line: UInt = #line) {
        let runnable = cases.compactMap { $0 }
        var broken: [(String, [String])] = []
        for hostile in runnable {
            let problems = check(hostile)
            if !problems.isEmpty { broken.append((hostile.name, problems)) }
        }
        print("hostile \(group): \(runnable.count - broken.count) held, \(broken.count) broke, \(cases.count - runnable.count) skipped (need root)")
        for (name, problems) in broken { print("  broke: \(name): \(problems.joined(separator: "; "))") }
        XCTAssertTrue(broken.isEmpty, "\(broken.count) of \(runnable.count) \(group) cases broke; first: "
                      + "\(broken.first.map { "\($0.0): \($0.1.joined(separator: "; "))" } ?? "")", file: file, line: line)
    }

    /// Runs `hostile` and returns what broke its rules (empty: it held).
    static func check(_ hostile: HostileCase) -> [String] {
        let result: HostileResult
        do {
            result = try run(hostile)
        } catch {
            return ["could not run: \(error)"]
        }
        print(String(format: "  %-58@ exit %@  %6.1f MiB  %5.2f s", hostile.name as NSString,
                     (result.status.map(String.init) ?? "signal \(result.signal ?? 0)") as NSString, result.peakMiB,
                     result.secondsAfterDuring))
        var broken: [String] = []
        if result.timedOut { broken.append("did not end within \(Int(hostile.timeoutSeconds)) s (hang)") }
        if result.groupAlive { broken.append("a process of its group was alive 2 s after it ended") }
        if let signal = result.signal { broken.append("died of signal \(signal) (a trap or crash)") }
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: true)
        switch hostile.outcome {
        case .succeeds:
            if result.status != 0 { broken.append("exit \(result.status.map(String.init) ?? "-") instead of success: \(lines.prefix(3))") }
        case .refused(let status, let id, let message):
            if !id.isEmpty, !(lines.first?.hasPrefix("Error [\(id)]: ") ?? false) {
                broken.append("not diagnostic [\(id)]: \(lines.first.map(String.init) ?? "(nothing)")")
            }
            if let code = result.status {
                if code == 0 { broken.append("exit 0 instead of a refusal") }
                if let status, code != status { broken.append("exit \(code) instead of \(status): \(lines.prefix(3))") }
            }
            if lines.count > 3 { broken.append("\(lines.count) lines on standard error: \(lines.prefix(5))") }
            if !message.isEmpty, !result.standardError.contains(message) {
                broken.append("message lacks '\(message)': \(result.standardError.prefix(300))")
            }
        }
        for path in hostile.absent {
            var status = stat()
            if lstat(path, &status) == 0 { broken.append("'\(path)' exists after the run") }
        }
        for (path, type) in hostile.untouched {
            var status = stat()
            if lstat(path, &status) != 0 || status.st_mode & S_IFMT != type {
                broken.append("'\(path)' was replaced or removed")
            }
        }
        for folder in hostile.folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            let staged = names.filter { $0.contains(".partial") || $0.hasPrefix(".shards") }
            if !staged.isEmpty { broken.append("staging left in '\(folder)': \(staged)") }
        }
        if result.peakMiB > Double(hostile.memoryLimitMiB) {
            broken.append(String(format: "peak memory %.0f MiB over the %d MiB bound", result.peakMiB, hostile.memoryLimitMiB))
        }
        if let within = hostile.exitWithinSeconds, result.secondsAfterDuring > within {
            broken.append(String(format: "did not stop: still running %.2f s after the signal (the hang guard is %.0f s)", result.secondsAfterDuring, within))
        }
        return broken
    }

    /// Spawns callshade in a new process group, applies `during`, waits with
    /// wait4 (for its peak memory), then checks its group is empty within 2 s.
    static func run(_ hostile: HostileCase) throws -> HostileResult {
        let devNull = open("/dev/null", O_RDWR | O_CLOEXEC)
        var outputEnds: [Int32] = [-1, -1]
        var errorEnds: [Int32] = [-1, -1]
        guard devNull >= 0, pipe(&outputEnds) == 0, pipe(&errorEnds) == 0 else {
            throw SystemFailure(call: "pipe")
        }
        for end in outputEnds + errorEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer {
            close(devNull)
            if outputEnds[0] >= 0 { close(outputEnds[0]) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var closed: [Int32] = []
        if case .closed(let list) = hostile.streams { closed = list }
        for (target, source) in [(Int32(0), devNull), (1, outputEnds[1]), (2, errorEnds[1])] {
            if closed.contains(target) {
                posix_spawn_file_actions_addclose(&actions, target)
            } else {
                posix_spawn_file_actions_adddup2(&actions, source, target)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))

        let executable = TestPaths.executable.path
        let argv = ([executable] + hostile.arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in hostile.environment { environment[key] = value }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        close(outputEnds[1])
        close(errorEnds[1])
        guard spawned == 0 else {
            close(errorEnds[0])
            throw SystemFailure(call: "posix_spawn", code: spawned)
        }
        let errorReader = DescriptorReader(errorEnds[0])
        var outputReader: DescriptorReader?
        switch hostile.streams {
        case .outputBlocked:
            break
        case .readerGone:
            close(outputEnds[0])
            outputEnds[0] = -1
        case .collected, .closed:
            outputReader = DescriptorReader(outputEnds[0])
            outputEnds[0] = -1
        }

        let memory = PeakMemorySampler(pid: pid)
        let fired = Flag()
        let watchdog = DispatchWorkItem {
            fired.set()
            kill(-pid, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + hostile.timeoutSeconds, execute: watchdog)
        hostile.during?(pid)
        let afterDuring = Date()
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        let seconds = Date().timeIntervalSince(afterDuring)
        let peakKiB = memory.finish()
        watchdog.cancel()
        // Its group (ffmpeg and any other child) must be gone within 2 s.
        var groupAlive = true
        for _ in 0..<200 {
            if kill(-pid, 0) != 0, errno == ESRCH { groupAlive = false; break }
            usleep(10_000)
        }
        if groupAlive { kill(-pid, SIGKILL) }
        let standardError = String(decoding: errorReader.finish(), as: UTF8.self)
        _ = outputReader?.finish()
        let signalled = status & 0x7F
        return HostileResult(status: signalled == 0 ? (status >> 8) & 0xFF : nil, signal: signalled == 0 ? nil : signalled,
                             standardError: standardError, peakMiB: Double(peakKiB) / 1024,
                             secondsAfterDuring: seconds, timedOut: fired.isSet, groupAlive: groupAlive)
    }
}

/// The peak resident memory (VmHWM) of a running process, read from /proc
/// every millisecond until it ends. (wait4's ru_maxrss cannot serve: a
/// spawned child counts the spawning test process's memory until it execs.)
final class PeakMemorySampler: @unchecked Sendable {
    private let lock = NSLock()
    private var peakKiB = 0
    private let stop = Flag()
    private let done = DispatchSemaphore(value: 0)

    init(pid: pid_t) {
        Thread.detachNewThread { [self] in
            let path = "/proc/\(pid)/status"
            while !stop.isSet {
                guard let status = try? String(contentsOfFile: path, encoding: .utf8) else { break }
                if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                   let kib = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") {
                    lock.lock()
                    peakKiB = max(peakKiB, kib)
                    lock.unlock()
                }
                usleep(1000)
            }
            done.signal()
        }
    }

    /// The peak seen, in KiB, once the process has ended.
    func finish() -> Int {
        stop.set()
        done.wait()
        lock.lock()
        defer { lock.unlock() }
        return peakKiB
    }
}

/// A flag set once, from any thread.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

struct SystemFailure: Error, CustomStringConvertible {
    let call: String
    var code: Int32 = errno
    var description: String { "\(call): \(String(cString: strerror(code)))" }
}

/// Reads a descriptor to its end on its own thread (keeps at most 1 MiB).
final class DescriptorReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ descriptor: Int32) {
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                if data.count < 1 << 20 { data.append(contentsOf: buffer.prefix(count)) }
            }
            close(descriptor)
            done.signal()
        }
    }

    func finish() -> Data {
        done.wait()
        return data
    }
}

/// The processes of a process group, from /proc (field 5 of stat is the group).
func processes(inGroup group: pid_t) -> [(pid: pid_t, name: String)] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> (pid_t, String)? in
        guard let pid = pid_t(entry), pid != group,
              let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")"), let open = stat.firstIndex(of: "(") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 3, pid_t(fields[2]) == group else { return nil }
        return (pid, String(stat[stat.index(after: open)..<close]))
    }
}

/// Polls `condition` every 20 ms for up to `seconds`.
@discardableResult
func waitFor(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return false
}

/// Whether process `pid` catches `signal` (its SigCgt mask in /proc):
/// callshade does once its stop path is armed, when `Interruption`'s
/// dispatch source has installed its handler. (Between `Interruption`
/// ignoring the signal and that handler, a signal is lost: SigIgn alone
/// does not say it is armed.)
func catches(_ pid: pid_t, signal: Int32) -> Bool {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
          let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) else { return false }
    return mask & (1 << UInt64(signal - 1)) != 0
}

/// Whether a thread of process `pid` is blocked writing to a pipe (the
/// kernel function it waits in, its wchan in /proc, names a pipe write):
/// the pipe is full and its reader does not read.
func isBlockedWritingToAPipe(_ pid: pid_t) -> Bool {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.contains { task in
        ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/wchan", encoding: .utf8)) ?? "").hasSuffix("pipe_write")
    }
}

/// The resident memory of process `pid` in MiB (VmRSS), 0 when it cannot be read.
func residentMiB(_ pid: pid_t) -> Double {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
          let kib = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return 0 }
    return kib / 1024
}
