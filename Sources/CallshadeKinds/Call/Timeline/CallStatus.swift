import CallshadeCore

/// What the events have said so far at some instant: a step function of time.
public struct CallStatus: Equatable, Sendable {
    public var state: CallState = .requesting
    /// Link quality 0...1; remembered before the call is active, used once it is.
    public var signal: Double = 1
    /// The remote voice level of the latest `level` event (before smoothing).
    public var level: Double = 0
    public var proximityNear = false
    public var remoteMuted = false
    public var energySaving = false
    /// The user's own microphone is off; the loudspeaker is on; the camera is on.
    public var muted = false
    public var speaker = false
    public var video = false
    /// The peer's camera is on; which way the user's faces.
    public var remoteVideo = false
    public var camera = CameraFacing.front
    public var remoteBatteryLow = false
    /// Why the call ended, once it has.
    public var endReason: EndReason?

    public init() {}

    /// The quality at or below which an active call shows the weak-signal palette.
    public static let weakSignal = 0.2

    /// The palette the spec assigns to this status.
    public var palette: Palette {
        guard state == .active else { return .blueViolet }
        return signal <= Self.weakSignal ? .orangeRed : .blueGreen
    }

    /// Whether the waves should show: not while the remote microphone is muted,
    /// energy saving is on, or the call has ended.
    public var wavesShown: Bool { !(remoteMuted || energySaving || state == .ended) }

    mutating func apply(_ change: ScenarioChange) {
        switch change {
        case .state(let newState, let reason):
            state = newState
            endReason = newState == .ended ? reason ?? .hangup : nil
        case .level(let value): level = value
        case .signal(let value): signal = value
        case .tap: break
        case .proximityNear(let near): proximityNear = near
        case .remoteMuted(let muted): remoteMuted = muted
        case .energySaving(let on): energySaving = on
        case .muted(let on): muted = on
        case .speaker(let on): speaker = on
        case .video(let on): video = on
        case .remoteVideo(let on): remoteVideo = on
        case .camera(let facing): camera = facing
        case .pip: break
        case .remoteBatteryLow(let on): remoteBatteryLow = on
        case .ratingRequested, .rate: break
        }
    }
}

/// The status after each instant that has events (all events at one instant
/// applied, in file order), and the instants of taps.
struct StatusTrack: Sendable {
    /// Instants with events, increasing, and the status after each.
    let times: [Double]
    let statuses: [CallStatus]
    /// Instants of taps, increasing, without repeats.
    let taps: [Double]
    /// The first instant the call is active, if it ever is.
    let activation: Double?

    init(_ scenario: Scenario) {
        var times: [Double] = []
        var statuses: [CallStatus] = []
        var taps: [Double] = []
        var status = CallStatus()
        for event in scenario.events {
            status.apply(event.change)
            // A tap, or a press on a star, is an interaction.
            if event.change.isInteraction, taps.last != event.at { taps.append(event.at) }
            if times.last == event.at {
                statuses[statuses.count - 1] = status
            } else {
                times.append(event.at)
                statuses.append(status)
            }
        }
        self.times = times
        self.statuses = statuses
        self.taps = taps
        activation = zip(times, statuses).first { $0.1.state == .active }?.0
    }

    /// The index of the last instant at or before `time`, or nil before the first.
    func index(at time: Double) -> Int? {
        SortedTimes.lastIndex(in: times, atOrBefore: time)
    }

    func status(at time: Double) -> CallStatus {
        index(at: time).map { statuses[$0] } ?? CallStatus()
    }

    /// The latest tap at or before `time`; the scenario's start counts as one
    /// (placing the call is an interaction).
    func lastInteraction(at time: Double) -> Double {
        SortedTimes.lastIndex(in: taps, atOrBefore: time).map { taps[$0] } ?? 0
    }

    /// Reads a track at times that never decrease, each read in constant
    /// amortised time (a walk, where `status(at:)` searches).
    struct Cursor {
        let track: StatusTrack
        /// How many instants lie at or before the last time read.
        private var passed = 0

        init(_ track: StatusTrack) {
            self.track = track
        }

        mutating func status(at time: Double) -> CallStatus {
            while passed < track.times.count, track.times[passed] <= time { passed += 1 }
            return passed == 0 ? CallStatus() : track.statuses[passed - 1]
        }
    }
}
