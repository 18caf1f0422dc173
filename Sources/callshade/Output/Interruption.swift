import Dispatch
import Foundation

/// Notices SIGINT and SIGTERM while a render runs, so it can stop between
/// frames, clean up, and exit with 128 + the signal's number.
final class Interruption: @unchecked Sendable {
    private let lock = NSLock()
    private var received: Int32?
    private var sources: [DispatchSourceSignal] = []

    init(signals: [Int32] = [SIGINT, SIGTERM]) {
        for number in signals {
            _ = Glibc.signal(number, SIG_IGN)   // delivered to the dispatch source instead
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.record(number) }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        sources.forEach { $0.cancel() }
    }

    private func record(_ number: Int32) {
        lock.lock()
        defer { lock.unlock() }
        if received == nil { received = number }
    }

    /// The first signal received, if any.
    var signal: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Throws `Interrupted` once a signal has arrived.
    func check() throws {
        if let signal { throw Interrupted(signal: signal) }
    }
}

/// The render stopped because of a signal.
struct Interrupted: Error, CustomStringConvertible {
    let signal: Int32
    var exitCode: Int32 { 128 + signal }
    var description: String { signal == SIGINT ? "interrupted" : "stopped by signal \(signal)" }
}
