import CallshadeCore
import Foundation

/// A running child process fed through a pipe on its standard input, whose
/// standard error is collected (its last lines are kept for messages).
final class ChildProcess {
    let pid: pid_t
    let name: String
    private var input: Int32
    private let errorCollector: TailCollector
    private var ended: ChildExit?
    private let cleanup: StopCleanup?
    private var cleanupKey: Int?

    /// What a child reads at `inheriting`'s descriptor: the same open file.
    static let inheritedPath = InputFile.procPath(descriptor: 3)

    /// Starts `executable` with `arguments`; its standard output goes to
    /// `standardOutput` (default /dev/null); `inheriting`, if given, is its
    /// descriptor 3 (read it as `inheritedPath`). With `cleanup`, a stop
    /// kills it before any output is removed.
    init(executable: String, arguments: [String], standardOutput: Int32? = nil, inheriting: Int32? = nil,
         cleanup: StopCleanup? = nil) throws {
        let (inputRead, inputWrite) = try POSIXCalls.pipe()
        POSIXCalls.growPipe(inputWrite, to: 1 << 20)
        let (errorRead, errorWrite) = try POSIXCalls.pipe()
        let devNull = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer {
            POSIXCalls.close(inputRead)
            POSIXCalls.close(errorWrite)
            if devNull >= 0 { POSIXCalls.close(devNull) }
        }
        do {
            pid = try POSIXCalls.spawn(executable: executable, arguments: arguments, standardInput: inputRead,
                                       standardOutput: standardOutput ?? devNull, standardError: errorWrite,
                                       inherited: inheriting)
        } catch {
            POSIXCalls.close(inputWrite)
            POSIXCalls.close(errorRead)
            throw error
        }
        name = URL(fileURLWithPath: executable).lastPathComponent
        input = inputWrite
        errorCollector = TailCollector(descriptor: errorRead)
        self.cleanup = cleanup
        let pid = pid
        cleanupKey = cleanup?.register(.children) { POSIXCalls.killAndReap(pid) }
    }

    deinit {
        if ended == nil {
            POSIXCalls.kill(pid, SIGKILL)
            _ = finish()
        }
    }

    /// Writes bytes to the child's standard input.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard input >= 0 else { throw POSIXFailure.closed }
        try POSIXCalls.writeAll(input, bytes)
    }

    /// Closes its input, waits for it to end, and says how it did.
    @discardableResult
    func finish() -> ChildExit {
        if let ended { return ended }
        if input >= 0 {
            POSIXCalls.close(input)
            input = -1
        }
        let exit = POSIXCalls.wait(pid)
        errorCollector.waitForEnd()
        ended = exit
        if let cleanupKey { cleanup?.unregister(cleanupKey) }
        return exit
    }

    /// Kills it at once and reaps it.
    func kill() {
        guard ended == nil else { return }
        POSIXCalls.kill(pid, SIGKILL)
        finish()
    }

    /// The last lines it wrote to standard error.
    var errorTail: [String] { errorCollector.lines }
}

/// Reads a descriptor to its end on its own thread and keeps the last lines.
final class TailCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var tail: [String] = []
    private var partial: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)
    private let keep: Int

    init(descriptor: Int32, keep: Int = 12) {
        self.keep = keep
        Thread.detachNewThread { [self] in
            while true {
                let chunk = POSIXCalls.read(descriptor)
                if chunk.isEmpty { break }
                append(chunk)
            }
            append([UInt8(ascii: "\n")])
            POSIXCalls.close(descriptor)
            done.signal()
        }
    }

    private func append(_ bytes: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        for byte in bytes {
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if !partial.isEmpty { tail.append(String(decoding: partial, as: UTF8.self)) }
                partial.removeAll(keepingCapacity: true)
                if tail.count > keep { tail.removeFirst(tail.count - keep) }
            } else if partial.count < 4096 {
                partial.append(byte)
            }
        }
    }

    func waitForEnd() {
        done.wait()
    }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return tail
    }
}
