import CallshadeCore

/// A stroke's lasso offset over time (`drawing-tools.md` section 2 rule 5),
/// canvas pixels: keys in time order, linear between them, the first's
/// value before it and the last's after it. Empty: never moved.
public struct OffsetTrack: Equatable, Sendable {
    public private(set) var keys: [(time: Double, offset: Vec2)] = []

    public init() {}

    /// A copy's: `offset` from `time` on.
    init(_ offset: Vec2, from time: Double) { keys = [(time, offset)] }

    public func offset(at time: Double) -> Vec2 {
        guard let first = keys.first else { return Vec2(0, 0) }
        guard time > first.time else { return first.offset }
        // The last key at or before `time`.
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle].time <= time { low = middle + 1 } else { high = middle }
        }
        let before = keys[low - 1]
        guard low < keys.count else { return before.offset }
        let after = keys[low]
        return Vec2.lerp(before.offset, after.offset, (time - before.time) / (after.time - before.time))
    }

    /// The drag `samples` (offsets since its first) added to the offset at its start.
    mutating func add(_ samples: [LassoMoveSample]) {
        guard let start = samples.first?.time else { return }
        let base = offset(at: start)
        keys += samples.map { ($0.time, base + $0.offset) }
    }

    public static func == (a: OffsetTrack, b: OffsetTrack) -> Bool {
        a.keys.count == b.keys.count && zip(a.keys, b.keys).allSatisfy { $0.time == $1.time && $0.offset == $1.offset }
    }
}

/// What a lasso selected (`drawing-tools.md` section 2 rules 2, 3, 6 and
/// 7): from its release to its end, in phases (a duplicate makes the
/// copies the selection), each with the convex hull of its strokes' samples
/// at their offsets then, which follows their later moves.
public struct LassoSelection: Equatable, Sendable {
    public struct Phase: Equatable, Sendable {
        public let from: Double
        /// The strokes selected (ids: `StrokeFates.order`'s).
        public let items: [Int]
        /// The hull at `from`, canvas pixels, clockwise on screen from the top-most (then left-most) point.
        public let hull: [Vec2]
        /// A selected stroke whose offset the hull follows (every selected stroke moves alike), and its offset at `from`.
        public let reference: Int
        public let referenceOffset: Vec2
    }

    /// The lasso's stroke index.
    public let lasso: Int
    /// Wmax: the widest selected stroke's chosen width, canvas pixels.
    public let width: Double
    public internal(set) var phases: [Phase]
    /// When it ends (a delete, an end, a later stroke's first sample, an undo or a clear); infinity while it lives on.
    public internal(set) var end = Double.infinity

    /// The phase at `time`, if the selection lives then.
    public func phase(at time: Double) -> Phase? {
        guard time < end else { return nil }
        return phases.last { $0.from <= time }
    }
}

/// A lasso's copy of a stroke (rule 6): the stroke it copies (an id), the
/// file's stroke whose samples it draws, when it was made, and the file's
/// stroke it is drawn after (the last to begin by then).
public struct LassoCopy: Equatable, Sendable {
    public let of: Int
    public let source: Int
    public let at: Double
    public let after: Int
}

/// What a lasso event did, for `validate` (by the event's place).
public enum LassoOutcome: Equatable, Sendable {
    case moved([Int])
    /// The strokes copied and their copies' ids.
    case duplicated([Int], copies: [Int])
    case deleted([Int])
    case ended([Int])
}

/// A lasso refused (`drawing-tools.md` section 5): where (an event, a lasso stroke), the field, and what is wrong.
public struct LassoRefusal: Error, Equatable {
    public let location: String
    public let field: String
    public let problem: String
}
