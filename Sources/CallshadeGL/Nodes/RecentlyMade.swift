/// Values a renderer made for its last few keys, kept so that a key that
/// comes again (the next frame's, while nothing moves) takes its value as
/// it is rather than making it again. At most `capacity` are kept, those
/// used last. Used on one thread (the one that plans a renderer's frames).
struct RecentlyMade<Key: Equatable, Value> {
    private var kept: [(key: Key, value: Value)] = []
    private let capacity: Int

    init(capacity: Int) { self.capacity = max(capacity, 1) }

    /// The value kept for `key`, else the one `make` gives (then kept).
    mutating func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        if let index = kept.firstIndex(where: { $0.key == key }) {
            let found = kept.remove(at: index)
            kept.append(found)
            return found.value
        }
        let made = try make()
        kept.append((key, made))
        if kept.count > capacity { kept.removeFirst() }
        return made
    }
}
