import CallshadeCore

/// A stroke's lasso offset over time (`drawing-tools.md` section 2 rule 5),
/// canvas pixels: its offset before any drag (a copy's from its making),
/// then each drag from its first sample, the offset then plus the drag's
/// (linear between its samples, its last from then on). A drag's samples
/// are one array shared by every stroke it moves.
public struct OffsetTrack: Equatable, Sendable {
    struct Drag: Equatable, Sendable {
        let base: Vec2
        let samples: [LassoMoveSample]
        var start: Double { samples[0].time }
    }

    let initial: Vec2
    private(set) var drags: [Drag] = []

    public init() { initial = Vec2(0, 0) }

    /// A copy's: `offset` from its making on.
    init(_ offset: Vec2) { initial = offset }

    public func offset(at time: Double) -> Vec2 {
        // The last drag begun by `time`.
        let begun = drags.count(upTo: time, by: \.start)
        guard begun > 0 else { return initial }
        let drag = drags[begun - 1], samples = drag.samples
        guard let last = samples.last, time < last.time else { return drag.base + (samples.last?.offset ?? Vec2(0, 0)) }
        // The last sample at or before `time` (the first is), and the next.
        let after = samples.count(upTo: time, by: \.time)
        let a = samples[after - 1], b = samples[after]
        return drag.base + Vec2.lerp(a.offset, b.offset, (time - a.time) / (b.time - a.time))
    }

    /// The drag `samples` (offsets since its first, times increasing) added to the offset at its start.
    mutating func add(_ samples: [LassoMoveSample]) {
        guard let first = samples.first else { return }
        drags.append(Drag(base: offset(at: first.time), samples: samples))
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
