/// A value that moves from one target to the next with eased transitions.
/// Each transition starts from whatever value was showing at its start (so a
/// change during a transition never jumps) and lasts its own duration.
public struct TransitionTrack<Value: Sendable>: Sendable {
    public struct Transition: Sendable {
        public let start: Double
        public let from: Value
        public let to: Value
        public let duration: Double
    }

    public let initial: Value
    public private(set) var transitions: [Transition] = []
    private let mix: @Sendable (Value, Value, Double) -> Value
    private let easing: CubicBezierEasing

    public init(initial: Value, easing: CubicBezierEasing = .easeInOut, mix: @escaping @Sendable (Value, Value, Double) -> Value) {
        self.initial = initial
        self.easing = easing
        self.mix = mix
    }

    /// Starts a transition to `target` at `time` (times must not decrease),
    /// from the value showing then, or from `start` when given (a jump).
    public mutating func move(to target: Value, at time: Double, over duration: Double, from start: Value? = nil) {
        transitions.append(Transition(start: time, from: start ?? value(at: time), to: target, duration: duration))
    }

    /// The index of the last transition started at or before `time`.
    func transitionIndex(at time: Double) -> Int? {
        var low = 0
        var high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle].start <= time { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// Eased progress (0...1) of the transition at `index` at `time`.
    func progress(of transition: Transition, at time: Double) -> Double {
        guard transition.duration > 0 else { return 1 }
        return easing.value((time - transition.start) / transition.duration)
    }

    public func value(at time: Double) -> Value {
        guard let index = transitionIndex(at: time) else { return initial }
        let transition = transitions[index]
        return mix(transition.from, transition.to, progress(of: transition, at: time))
    }

    /// Progress of the latest transition at `time`; 1 when none is under way.
    public func progress(at time: Double) -> Double {
        guard let index = transitionIndex(at: time) else { return 1 }
        return progress(of: transitions[index], at: time)
    }
}

extension TransitionTrack where Value == Double {
    /// A number that eases linearly between targets.
    public init(initial: Double) {
        self.init(initial: initial) { a, b, t in a * (1 - t) + b * t }
    }

    /// The exact integral of the value over `a...b` within the transition in
    /// force there: the eased part, then the constant part after it ends.
    func piece(_ transition: Transition, from a: Double, to b: Double) -> Double {
        let end = transition.start + max(transition.duration, 0)
        var total = 0.0
        let easedEnd = min(b, end)
        if easedEnd > a, transition.duration > 0 {
            let u0 = (a - transition.start) / transition.duration
            let u1 = (easedEnd - transition.start) / transition.duration
            total += transition.from * (easedEnd - a)
                + (transition.to - transition.from) * transition.duration * (easing.integral(u1) - easing.integral(u0))
        }
        let steadyStart = max(a, end)
        if b > steadyStart { total += transition.to * (b - steadyStart) }
        return total
    }
}

/// The running integral from time 0 of a numeric transition track, with
/// prefix sums so any interval costs one binary search.
public struct TrackIntegral: Sendable {
    private let track: TransitionTrack<Double>
    /// The integral from 0 to the start of each transition.
    private let prefix: [Double]

    public init(_ track: TransitionTrack<Double>) {
        self.track = track
        var prefix: [Double] = []
        var total = 0.0
        var cursor = 0.0
        for (index, transition) in track.transitions.enumerated() {
            let end = max(transition.start, cursor)
            total += index == 0 ? track.initial * (end - cursor) : track.piece(track.transitions[index - 1], from: cursor, to: end)
            prefix.append(total)
            cursor = end
        }
        self.prefix = prefix
    }

    /// The integral of the track from 0 to `time` (time >= 0).
    public func upTo(_ time: Double) -> Double {
        guard let index = track.transitionIndex(at: time) else { return track.initial * time }
        let transition = track.transitions[index]
        return prefix[index] + track.piece(transition, from: transition.start, to: time)
    }

    /// The integral over `a...b`.
    public func over(_ a: Double, _ b: Double) -> Double { upTo(b) - upTo(a) }
}
