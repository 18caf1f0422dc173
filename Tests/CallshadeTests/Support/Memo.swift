import CallshadeCore
import Foundation

/// The values of a pure function, each computed once and kept for the rest
/// of the test run, for what several tests need and is slow to make in an
/// unoptimised build (a phone-sized CPU reference frame takes seconds).
/// Only for values that depend on nothing but their key; a test that holds
/// a computation to being repeatable computes it twice itself.
final class Memo<Key: Equatable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(key: Key, value: Value)] = []
    /// The most entries kept; the oldest goes first.
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    func value(for key: Key, _ make: () throws -> Value) rethrows -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let entry = entries.first(where: { $0.key == key }) { return entry.value }
        let value = try make()
        entries.append((key, value))
        if entries.count > limit { entries.removeFirst() }
        return value
    }
}

/// CPU reference frames that more than one test compares against (say the
/// phone-sized gradient that both `ParityTests` and `SpecValueTests` check),
/// rendered once a run. A frame is a pure function of its request; the
/// tests that hold the renderer to that render twice with `ReferenceRenderer`.
enum ReferenceFrames {
    private static let frames = Memo<Scene, RGBAImage>(limit: 4)

    static func render(_ request: Scene) throws -> RGBAImage {
        try frames.value(for: request) { try ReferenceRenderer().render(request) }
    }
}
