import Foundation

/// A running child process fed through a pipe on its standard input, whose
/// standard error is collected (its last lines are kept for messages).
public final class ChildProcess {
    public let name: String
    private let process: Subprocess
    /// The write end of its standard input; nil once closed.
    private var input: FileDescriptor?
    private let errorCollector: TailCollector
    private var ended: ChildExit?
    private let cleanup: StopCleanup?
    private var cleanupKey: Int?

    /// What a child reads at `inheriting`'s descriptor: the same open file.
    public static let inheritedPath = InputFile.procPath(descriptor: 3)

    /// Starts `executable` with `arguments`; its standard output goes to
    /// `standardOutput` (default /dev/null); `inheriting`, if given, is its
    /// descriptor 3 (read it as `inheritedPath`). With `cleanup`, a stop
    /// kills it before any output is removed.
    public init(executable: String, arguments: [String], standardOutput: FileDescriptor? = nil,
         inheriting: FileDescriptor? = nil, cleanup: StopCleanup? = nil) throws {
        let started = try Self.start(executable: executable, arguments: arguments, standardOutput: standardOutput,
                                     inheriting: inheriting)
        process = started.process
        input = started.input
        errorCollector = TailCollector(descriptor: started.errorOutput)
        name = URL(fileURLWithPath: executable).lastPathComponent
        self.cleanup = cleanup
        let process = process
        cleanupKey = cleanup?.register(.children) {
            // A stop goes on to remove the outputs and exit whatever happens
            // here; nothing is left to report a failure to.
            _ = try? process.killAndReap()
        }
    }

    deinit {
        self.kill()
    }

    /// Starts the child: its standard input and error on new pipes, whose
    /// ends it uses are closed here once it has them. Returns our ends.
    private static func start(executable: String, arguments: [String], standardOutput: FileDescriptor?,
                              inheriting: FileDescriptor?) throws
        -> (process: Subprocess, input: FileDescriptor, errorOutput: FileDescriptor) {
        var theirs: [FileDescriptor] = []   // closed here once the child has its copies
        var ours: [FileDescriptor] = []     // kept, unless starting fails
        let process: Subprocess
        let input: FileDescriptor
        let errorOutput: FileDescriptor
        do {
            let inputPipe = try FileDescriptor.pipe()
            theirs.append(inputPipe.readEnd)
            ours.append(inputPipe.writeEnd)
            let errorPipe = try FileDescriptor.pipe()
            theirs.append(errorPipe.writeEnd)
            ours.append(errorPipe.readEnd)
            let output: FileDescriptor
            if let standardOutput {
                output = standardOutput
            } else {
                output = try FileDescriptor.open("/dev/null", .writeOnly)
                theirs.append(output)
            }
            // A pipe that keeps its default size works, with more wake-ups a frame.
            _ = try? inputPipe.writeEnd.growPipe(to: 1 << 20)
            process = try Subprocess(executable: executable, arguments: arguments, standardInput: inputPipe.readEnd,
                                     standardOutput: output, standardError: errorPipe.writeEnd,
                                     inherited: inheriting)
            input = inputPipe.writeEnd
            errorOutput = errorPipe.readEnd
        } catch {
            // The failure to start is the one to report; these descriptors
            // were made for it alone and nothing was written through them.
            _ = closeAll(theirs + ours)
            throw error.call == "posix_spawn" ? SystemError("posix_spawn \(executable)", code: error.code) : error
        }
        if let failure = closeAll(theirs) {
            // Our copies of its ends must close, or it never sees the end of its input.
            _ = try? process.killAndReap()
            _ = closeAll(ours)
            throw failure
        }
        return (process, input, errorOutput)
    }

    /// Writes bytes to the child's standard input; a child that no longer
    /// reads it (it ended, or its input was closed here) is a reader gone (EPIPE).
    public func write(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        guard let input else { throw SystemError("write", code: EPIPE) }
        try input.writeAll(bytes)
    }

    /// Closes its input, waits for it to end, and says how it did. A failing
    /// close of its input is reported once it has ended.
    @discardableResult
    public func finish() throws -> ChildExit {
        if let ended { return ended }
        var closeFailure: SystemError?
        if let input {
            self.input = nil
            do { try input.close() } catch { closeFailure = error }
        }
        let exit: ChildExit
        exit = try process.wait()
        errorCollector.waitForEnd()
        ended = exit
        if let cleanupKey { cleanup?.unregister(cleanupKey) }
        if let closeFailure { throw closeFailure }
        return exit
    }

    /// Kills it at once and reaps it. This comes while a render is abandoned
    /// or dropped: the error already on its way is the one to report, and a
    /// child not yet reaped can always be killed and waited for.
    public func kill() {
        guard ended == nil else { return }
        try? process.kill()
        _ = try? finish()
    }

    /// Gives it a lower CPU priority (`steps` of niceness), as a hint only:
    /// a child this cannot lower runs on as it was.
    public func yieldCPU(by steps: Int32) {
        try? process.lowerPriority(by: steps)
    }

    /// The last lines it wrote to standard error.
    public var errorTail: [String] { errorCollector.lines }
}

/// Closes every one of `descriptors`; returns the first failure, if any.
public func closeAll(_ descriptors: [FileDescriptor]) -> SystemError? {
    var first: SystemError?
    for descriptor in descriptors {
        do { try descriptor.close() } catch { first = first ?? error }
    }
    return first
}
