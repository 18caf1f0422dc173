import Dispatch

/// Work that a library cannot interrupt (librsvg drawing a pattern, rlottie
/// drawing a frame), run on a thread of its own and waited for at most a
/// while: past the limit the wait gives up, and the work is left to finish
/// (or to end with the process) and its result dropped.
public enum BoundedWait {
    /// `work`'s result, or nil if it took over `seconds`.
    public static func run<Value: Sendable>(within seconds: Double, _ work: @escaping @Sendable () -> Value) -> Value? {
        let outcome = Outcome<Value>()
        DispatchQueue.global().async {
            outcome.value = work()
            outcome.done.signal()
        }
        guard outcome.done.wait(timeout: .now() + seconds) == .success else { return nil }
        return outcome.value
    }
}

/// Written once by the working thread before it signals `done`; read only after the wait saw the signal.
private final class Outcome<Value>: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    var value: Value?
}
