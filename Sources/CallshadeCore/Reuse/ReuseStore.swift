import Foundation

/// What a value kept between frames is known by: everything the value
/// depends on, the route and configuration that made it included (a key
/// whose fields are equal names a value that making it again would give to
/// the byte). `Value` is what it keeps.
public protocol ReuseKey: Hashable, Sendable {
    associatedtype Value
    /// The shelf its values are counted on (`callshade bench`, the docs): what it keeps, in a few words.
    static var shelf: String { get }
}

/// Whether work is kept between frames: on by default, off under
/// `CALLSHADE_REUSE=off` (every frame made from nothing; the frames are the
/// same to the byte, only slower).
public enum Reuse: String, Sendable, CaseIterable {
    case on
    case off
}

/// The one store of work kept between frames (a wallpaper's rasters, a
/// video's rows, a stroke's settled coverage, the text lines set, ...):
/// values by typed keys (`ReuseKey`), each with its size in bytes, let go
/// least recently used first: those no frame has used for `idleFrames`
/// frames (counted by whoever renders frames in turn, `nextFrame()`), and
/// more while they hold more than `budget` bytes. Safe
/// to share between threads: its lock guards what is kept (a value changed
/// from frame to frame is taken out, `take`, changed and kept again; only
/// samples that a frame's bands fill at once, `KeptSamples`, guard which
/// of their rows are written).
/// Off, it keeps nothing, so each frame makes everything again.
///
/// A command makes one for a render and hands it to the scene kind and to
/// the renderer; each screen or renderer made without one has a store of its own.
public final class ReuseStore: @unchecked Sendable {
    /// What a shelf did: values found, values not found (then made), and the bytes it holds now.
    public struct Count: Equatable, Sendable {
        public let shelf: String
        public var hits = 0
        public var misses = 0
        public var bytes = 0
        public var values = 0
    }

    private struct Entry {
        let value: Any
        let shelf: String
        var bytes: Int
        var lastUsed: Int
        var lastFrame: Int
    }

    /// The most bytes kept by default: 512 MiB (Docs/limits-and-hostile-input.md).
    public static let defaultBudget = 512 << 20
    /// A value no frame has used for this many frames is let go: what is
    /// kept serves the next frames (a picture shown twice, a stroke still
    /// growing), not a picture long gone.
    public static let idleFrames = 4

    public let reuse: Reuse
    public let budget: Int
    private let lock = NSLock()
    private var entries: [AnyHashable: Entry] = [:]
    private var counts: [String: Count] = [:]
    private var held = 0
    private var uses = 0
    private var frame = 0

    public init(_ reuse: Reuse = .on, budget: Int = ReuseStore.defaultBudget) {
        self.reuse = reuse
        self.budget = max(budget, 0)
    }

    public var isOn: Bool { reuse == .on }

    /// The value kept for `key`, counted as a hit, else nil (a miss).
    public func kept<Key: ReuseKey>(_ key: Key) -> Key.Value? {
        locked { find(key, remove: false) }
    }

    /// Whether a value is kept for `key` (neither a hit nor a miss: nothing is taken).
    public func holds<Key: ReuseKey>(_ key: Key) -> Bool {
        // (Not `entries[key]?.value is Key.Value`: an absent value, nil, would pass as an optional `Value`.)
        locked { isOn && entries[key].map { $0.value is Key.Value } == true }
    }

    /// The value kept for `key`, no longer kept (to be changed and kept
    /// again), counted as a hit; else nil, a miss.
    public func take<Key: ReuseKey>(_ key: Key) -> Key.Value? {
        locked { find(key, remove: true) }
    }

    /// Keeps `value` for `key` (in place of one kept for it), `bytes` its
    /// size; then lets go of the values used longest ago while more than
    /// `budget` bytes are kept. A value larger than the budget is not kept
    /// (and nothing is let go for it).
    public func keep<Key: ReuseKey>(_ key: Key, _ value: Key.Value, bytes: Int) {
        guard isOn else { return }
        locked {
            uses += 1
            let bytes = max(bytes, 0)
            if let old = entries.removeValue(forKey: key) { release(old) }
            guard bytes <= budget else { return }
            entries[key] = Entry(value: value, shelf: Key.shelf, bytes: bytes, lastUsed: uses, lastFrame: frame)
            held += bytes
            counts[Key.shelf, default: Count(shelf: Key.shelf)].bytes += bytes
            counts[Key.shelf, default: Count(shelf: Key.shelf)].values += 1
            evictBeyondBudget()
        }
    }

    /// The value kept for `key`, else the one `make` gives with its size (then kept).
    public func value<Key: ReuseKey>(_ key: Key, make: () throws -> (value: Key.Value, bytes: Int)) rethrows -> Key.Value {
        if let found = kept(key) { return found }
        let made = try make()
        keep(key, made.value, bytes: made.bytes)
        return made.value
    }

    /// A frame is done and the next begins: the values no frame has used
    /// for `idleFrames` frames are let go.
    public func nextFrame() {
        locked {
            frame += 1
            for (key, entry) in entries where entry.lastFrame + Self.idleFrames < frame {
                entries[key] = nil
                release(entry)
            }
        }
    }

    /// Lets go of every kept value (the counts stay).
    public func empty() {
        locked {
            entries.removeAll()
            held = 0
            for shelf in counts.keys {
                counts[shelf]?.bytes = 0
                counts[shelf]?.values = 0
            }
        }
    }

    /// Each shelf's count, by shelf name.
    public var shelves: [Count] {
        locked { counts.values.sorted { $0.shelf < $1.shelf } }
    }

    /// The bytes kept now.
    public var bytesKept: Int { locked { held } }

    private func find<Key: ReuseKey>(_ key: Key, remove: Bool) -> Key.Value? {
        guard isOn, let entry = entries[key], let value = entry.value as? Key.Value else {
            counts[Key.shelf, default: Count(shelf: Key.shelf)].misses += 1
            return nil
        }
        counts[Key.shelf, default: Count(shelf: Key.shelf)].hits += 1
        uses += 1
        if remove {
            entries[key] = nil
            release(entry)
        } else {
            entries[key]?.lastUsed = uses
            entries[key]?.lastFrame = frame
        }
        return value
    }

    private func release(_ entry: Entry) {
        held -= entry.bytes
        counts[entry.shelf]?.bytes -= entry.bytes
        counts[entry.shelf]?.values -= 1
    }

    private func evictBeyondBudget() {
        guard held > budget else { return }
        let oldestFirst = entries.sorted { $0.value.lastUsed < $1.value.lastUsed }
        for (key, entry) in oldestFirst where held > budget {
            entries[key] = nil
            release(entry)
        }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
