import CallshadeCore

/// Where the gradient's colour centres are (the phase) at any time, and
/// whether the background is moving (spec sections 1 and 3).
///
/// The phase starts at 0 and advances at 0.5 (1 + 0.5 a(t)) steps a second;
/// a(t) jumps to 1 at each palette change and eases to 0 over 2 s. When the
/// idle rule triggers, the phase runs on at its own speed to the next whole
/// number and rests there; a tap resumes it from there.
struct PhaseTrack: Sendable {
    static let baseSpeed = 0.5
    static let boostSeconds = 2.0

    /// A stretch of time from `start`: the phase at its start, and whether it moves.
    struct Segment: Sendable {
        let start: Double
        let phase: Double
        let running: Bool
    }

    /// Settling stretches: from the idle trigger until the phase reaches a
    /// whole number (then it rests) or a tap comes first.
    struct Settle: Sendable {
        let trigger: Double
        let until: Double
        let restPhase: Double
        let rested: Bool
    }

    private(set) var segments: [Segment] = [Segment(start: 0, phase: 0, running: true)]
    private(set) var settles: [Settle] = []
    private var segmentStarts: [Double] = [0]
    /// The settles' triggers, increasing, for binary search.
    private var settleTriggers: [Double] = []
    private let boost: TrackIntegral

    init(paletteChanges: [Double], idle: IdleRule) {
        var boostTrack = TransitionTrack<Double>(initial: 0)
        for change in paletteChanges {
            boostTrack.move(to: 0, at: change, over: Self.boostSeconds, from: 1)
        }
        boost = TrackIntegral(boostTrack)

        for window in idle.windows {
            // A tap resumes a resting background from where it rests.
            if let last = segments.last, !last.running, window.start > last.start {
                segments.append(Segment(start: window.start, phase: last.phase, running: true))
            }
            guard let trigger = window.backgroundTrigger, let current = segments.last, current.running else { continue }
            let phaseAtTrigger = phase(in: current, at: trigger)
            // A phase a rounding error above a whole number rests on that number.
            let rest = max((phaseAtTrigger - 1e-9).rounded(.up), phaseAtTrigger.rounded(.down))
            let end = time(in: current, reaching: rest, after: trigger)
            let rested = end < window.end
            settles.append(Settle(trigger: trigger, until: min(end, window.end), restPhase: rest, rested: rested))
            if rested { segments.append(Segment(start: end, phase: rest, running: false)) }
        }
        segmentStarts = segments.map(\.start)
        settleTriggers = settles.map(\.trigger)
    }

    func phase(at time: Double) -> Double {
        phase(in: segment(at: time), at: time)
    }

    func motion(at time: Double) -> BackgroundMotion {
        if !segment(at: time).running { return .paused }
        guard let index = SortedTimes.lastIndex(in: settleTriggers, atOrBefore: time) else { return .running }
        return time < settles[index].until ? .settling : .running
    }

    private func segment(at time: Double) -> Segment {
        segments[SortedTimes.lastIndex(in: segmentStarts, atOrBefore: time) ?? 0]
    }

    private func phase(in segment: Segment, at time: Double) -> Double {
        guard segment.running, time > segment.start else { return segment.phase }
        return segment.phase + Self.baseSpeed * (time - segment.start)
            + Self.baseSpeed * 0.5 * boost.over(segment.start, time)
    }

    /// The time the running `segment` reaches `target` (>= its phase at `after`).
    private func time(in segment: Segment, reaching target: Double, after: Double) -> Double {
        var low = after
        // The speed is at least the base speed, so the target is reached by then.
        var high = after + (target - phase(in: segment, at: after)) / Self.baseSpeed
        guard high > low else { return after }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            guard middle > low, middle < high else { break }
            if phase(in: segment, at: middle) < target { low = middle } else { high = middle }
        }
        return high
    }
}
