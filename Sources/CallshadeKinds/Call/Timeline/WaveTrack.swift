import CallshadeCore

/// The waves' state over time (spec sections 2 and 3): shown or hidden
/// (muted, energy saving, ended: fade out over 0.3 s), stopped by the idle rule
/// (ease out to hidden over 1.5 s; a tap brings them back over 0.3 s), frozen
/// by the proximity sensor (motion stops at once while near; far, or a tap,
/// resumes it), and the clock that drives their wobble.
struct WaveTrack: Sendable {
    static let showSeconds = 0.3
    static let idleOutSeconds = 1.5
    static let idleBackSeconds = 0.3

    /// 1 when shown, 0 when hidden, eased between.
    let shown: TransitionTrack<Double>
    /// 1 normally, 0 when stopped by the idle rule, eased between.
    let idleActivity: TransitionTrack<Double>
    /// Intervals during which the proximity sensor freezes the motion.
    let freezes: [(start: Double, end: Double)]
    /// Idle stops: when each began and whether a tap ended it (the tap's time).
    let idleStops: [(start: Double, end: Double)]

    private let activityIntegral: TrackIntegral
    /// The activity integral over each complete freeze, summed up to it.
    private let frozenBefore: [Double]
    private let freezeStarts: [Double]
    /// The idle stops' starts, increasing, for binary search.
    private let idleStopStarts: [Double]

    init(status: StatusTrack, events: [ScenarioEvent], idle: IdleRule) {
        var shown = TransitionTrack<Double>(initial: 1)
        var wasShown = true
        for (time, state) in zip(status.times, status.statuses) where state.wavesShown != wasShown {
            wasShown = state.wavesShown
            shown.move(to: wasShown ? 1 : 0, at: time, over: Self.showSeconds)
        }
        self.shown = shown

        var activity = TransitionTrack<Double>(initial: 1)
        var stops: [(Double, Double)] = []
        for window in idle.windows {
            if let stop = stops.last, stop.1 == .infinity, window.start > stop.0 {
                stops[stops.count - 1].1 = window.start
                activity.move(to: 1, at: window.start, over: Self.idleBackSeconds)
            }
            if let trigger = window.wavesTrigger {
                activity.move(to: 0, at: trigger, over: Self.idleOutSeconds)
                stops.append((trigger, .infinity))
            }
        }
        idleActivity = activity
        idleStops = stops
        idleStopStarts = stops.map(\.0)
        activityIntegral = TrackIntegral(activity)

        // Near freezes the motion until far, or until a tap; events at one
        // instant act in file order.
        var freezes: [(Double, Double)] = []
        var nearSince: Double?
        for event in events {
            switch event.change {
            case .proximityNear(true):
                if nearSince == nil { nearSince = event.at }
            case .proximityNear(false), .tap:
                if let since = nearSince { freezes.append((since, event.at)) }
                nearSince = nil
            default:
                break
            }
        }
        if let since = nearSince { freezes.append((since, .infinity)) }
        self.freezes = freezes
        freezeStarts = freezes.map(\.0)
        var sums: [Double] = []
        var total = 0.0
        for freeze in freezes {
            sums.append(total)
            if freeze.1.isFinite { total += activityIntegral.over(freeze.0, freeze.1) }
        }
        frozenBefore = sums
    }

    func isFrozen(at time: Double) -> Bool {
        guard let index = SortedTimes.lastIndex(in: freezeStarts, atOrBefore: time) else { return false }
        return time < freezes[index].end
    }

    func isIdleStopped(at time: Double) -> Bool {
        guard let index = SortedTimes.lastIndex(in: idleStopStarts, atOrBefore: time) else { return false }
        return time < idleStops[index].end
    }

    /// 0 (hidden) ... 1 (fully shown): the product of shown and idle activity.
    func visibility(at time: Double) -> Double {
        shown.value(at: time) * idleActivity.value(at: time)
    }

    /// Seconds of wobble so far: time runs at the idle activity's rate, and not
    /// at all while frozen.
    func motionTime(at time: Double) -> Double {
        var total = activityIntegral.upTo(time)
        if let index = SortedTimes.lastIndex(in: freezeStarts, atOrBefore: time) {
            total -= frozenBefore[index] + activityIntegral.over(freezes[index].start, min(time, freezes[index].end))
        }
        return total
    }
}
