import CallshadeCore
import Dispatch
import Foundation

/// Acts on SIGINT and SIGTERM at once, whatever the command is doing (a
/// render blocked on a consumer that stopped reading included): kills the
/// children `cleanup` holds, then removes the outputs it holds, says so on
/// standard error and exits with 128 + the signal's number. If the command
/// already put its output in place, the signal is ignored and it finishes.
final class Interruption: @unchecked Sendable {
    let cleanup = StopCleanup()
    private var sources: [DispatchSourceSignal] = []

    init(signals: [Int32] = [SIGINT, SIGTERM]) throws {
        let queue = DispatchQueue(label: "callshade.signals")
        for number in signals {
            try ThisProcess.ignore(signal: number)   // delivered to the dispatch source instead
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [cleanup] in Self.stop(cleanup, signal: number) }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        sources.forEach { $0.cancel() }
    }

    /// Runs on the signal queue: nothing here waits on the command's threads.
    private static func stop(_ cleanup: StopCleanup, signal: Int32) {
        guard cleanup.stop() else { return }
        let diagnostic = Diagnostic.interrupted(signal: signal)
        let message = Array((diagnostic.message + "\n").utf8)
        // A standard error that cannot be written has no one to tell; the exit status says it all the same.
        message.withUnsafeBytes { _ = try? FileDescriptor.standardError.writeAll($0) }
        ThisProcess.exitImmediately(diagnostic.exitCode)
    }
}

/// The command stopped because of a signal.
struct Interrupted: Error, CustomStringConvertible {
    let signal: Int32
    var description: String {
        switch signal {
        case SIGINT: return "interrupted"
        case SIGTERM: return "terminated"
        default: return "stopped by signal \(signal)"
        }
    }
}
