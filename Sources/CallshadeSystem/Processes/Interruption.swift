import Dispatch
import Foundation

/// Acts on SIGINT and SIGTERM at once, whatever the command is doing (a
/// render blocked on a consumer that stopped reading included): kills the
/// children `cleanup` holds, then removes the outputs it holds, says so on
/// standard error and exits with the status `report` gives for the signal
/// (its message, and 128 + the signal's number, at the command line). If the
/// command already put its output in place, the signal is ignored and it finishes.
public final class Interruption: @unchecked Sendable {
    public let cleanup = StopCleanup()
    private let ending: StopEnding
    private var sources: [DispatchSourceSignal] = []

    /// What a stop by `signal` says on standard error (a line, or nothing) and its exit status.
    public typealias Report = @Sendable (_ signal: Int32) -> (message: String, status: Int32)

    public init(signals: [Int32], report: @escaping Report) throws {
        ending = StopEnding(report: report)
        let queue = DispatchQueue(label: "callshade.signals")
        for number in signals {
            try ThisProcess.ignore(signal: number)   // delivered to the dispatch source instead
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [cleanup, ending] in Self.stop(cleanup, ending, signal: number) }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        sources.forEach { $0.cancel() }
    }

    /// For the command's own thread, once it has stopped on an error: when a
    /// stop has begun, that error is the stop's doing (a child killed, a
    /// staged output removed, a commit refused), so this joins the stop
    /// (waits for it to kill the children and remove the outputs, at most
    /// `seconds`) and ends the process as the stop does, with its message
    /// and status. Returns when no stop has begun.
    public func joinStop(waitingAtMost seconds: Double = 5) {
        guard cleanup.isStopping else { return }
        _ = cleanup.waitForStop(atMost: seconds)
        ending.exit()
    }

    /// Runs `body`; an error it throws once a stop has begun joins the stop
    /// instead of going on (see `joinStop`).
    public func joiningStop<T>(_ body: () throws -> T) rethrows -> T {
        do {
            return try body()
        } catch {
            joinStop()
            throw error
        }
    }

    /// Runs on the signal queue: nothing here waits on the command's threads.
    private static func stop(_ cleanup: StopCleanup, _ ending: StopEnding, signal: Int32) {
        ending.record(signal)
        guard cleanup.stop() else { return }
        ending.exit()
    }
}

/// How a stop ends: the signal that began it, and the one exit that reports
/// it, taken by whichever thread comes first (the signal queue, or the
/// command's thread joining the stop); the other waits until the process ends.
private final class StopEnding: @unchecked Sendable {
    private let lock = NSLock()
    private var signal: Int32?
    /// Taken by the exit and never given back.
    private let exiting = NSLock()
    private let report: Interruption.Report

    public init(report: @escaping Interruption.Report) {
        self.report = report
    }

    /// Keeps the first signal received.
    public func record(_ number: Int32) {
        lock.lock()
        defer { lock.unlock() }
        if signal == nil { signal = number }
    }

    public func exit() -> Never {
        exiting.lock()
        lock.lock()
        let (message, status) = report(signal ?? SIGINT)
        lock.unlock()
        let line = Array((message.isEmpty ? "" : message + "\n").utf8)
        // A standard error that cannot be written has no one to tell; the exit status says it all the same.
        line.withUnsafeBytes { _ = try? FileDescriptor.standardError.writeAll($0) }
        ThisProcess.exitImmediately(status)
    }
}

/// The command stopped because of a signal.
public struct Interrupted: Error, CustomStringConvertible {
    public let signal: Int32

    public init(signal: Int32) {
        self.signal = signal
    }

    public var description: String {
        switch signal {
        case SIGINT: return "interrupted"
        case SIGTERM: return "terminated"
        default: return "stopped by signal \(signal)"
        }
    }
}
