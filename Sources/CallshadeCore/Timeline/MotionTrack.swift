/// How a move runs from its start value to its target: a spring, an
/// ease-in-out over a time, linearly over a time, or at once.
public enum MotionCurve: Equatable, Sendable {
    case spring(Spring)
    case easeInOut(Double)
    case linear(Double)
    case instant

    /// Its progress `elapsed` seconds after it starts: 0 before, 1 once it has ended.
    public func progress(_ elapsed: Double) -> Double {
        switch self {
        case .spring(let spring): return spring.progress(elapsed)
        case .easeInOut(let duration): return fadeProgress(elapsed, over: duration)
        case .linear(let duration):
            guard duration > 0 else { return elapsed >= 0 ? 1 : 0 }
            return min(max(elapsed / duration, 0), 1)
        case .instant: return elapsed >= 0 ? 1 : 0
        }
    }

    /// How long it runs, in seconds.
    public var duration: Double {
        switch self {
        case .spring(let spring): return spring.duration
        case .easeInOut(let duration), .linear(let duration): return max(duration, 0)
        case .instant: return 0
        }
    }
}

/// A value that moves from target to target, each move on its own curve
/// and from whatever value was showing when it began (a move during a move
/// never jumps). Closed-form in time: a frame at any instant needs one
/// binary search.
public struct MotionTrack<Value: Sendable>: Sendable {
    public struct Move: Sendable {
        public let start: Double
        public let from: Value
        public let to: Value
        public let curve: MotionCurve
    }

    public let initial: Value
    public private(set) var moves: [Move] = []
    private var starts: [Double] = []
    private let mix: @Sendable (Value, Value, Double) -> Value

    public init(initial: Value, mix: @escaping @Sendable (Value, Value, Double) -> Value) {
        self.initial = initial
        self.mix = mix
    }

    /// Starts a move to `target` at `time` (times must not decrease) on
    /// `curve`, from the value showing then, or from `start` when given.
    public mutating func move(to target: Value, at time: Double, on curve: MotionCurve, from start: Value? = nil) {
        moves.append(Move(start: time, from: start ?? value(at: time), to: target, curve: curve))
        starts.append(time)
    }

    /// The last move begun at or before `time`.
    public func move(at time: Double) -> Move? {
        SortedTimes.lastIndex(in: starts, atOrBefore: time).map { moves[$0] }
    }

    public func value(at time: Double) -> Value {
        guard let move = move(at: time) else { return initial }
        return mix(move.from, move.to, move.curve.progress(time - move.start))
    }

    /// The value the track is heading for at `time`.
    public func target(at time: Double) -> Value {
        move(at: time)?.to ?? initial
    }
}

extension MotionTrack where Value == Double {
    /// A number that moves linearly between targets along its curves.
    public init(initial: Double) {
        self.init(initial: initial) { a, b, t in a + (b - a) * t }
    }
}
