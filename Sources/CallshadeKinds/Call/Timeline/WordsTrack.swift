import CallshadeCore

/// What the status line says (call-screen-elements, section 2).
public enum StatusLine: Equatable, Sendable {
    /// A waiting state's label, then three pulsing dots; `elapsed` is the
    /// time since the label appeared (the dots' clock).
    case waiting(label: String, elapsed: Double)
    /// The call time since the call became active, and the signal quality (the bars).
    case active(timer: String, quality: Double)
    /// The final call time, or nil if the call never became active.
    case ended(timer: String?)
}

/// Something shown with a transition: its content, and how it is drawn now.
public struct Shown<Content: Equatable & Sendable>: Equatable, Sendable {
    public let content: Content
    /// 0...1.
    public let alpha: Double
    /// About the element's centre.
    public let scale: Double
    /// Downwards, in points.
    public let offset: Double

    public init(_ content: Content, alpha: Double = 1, scale: Double = 1, offset: Double = 0) {
        self.content = content
        self.alpha = alpha
        self.scale = scale
        self.offset = offset
    }
}

/// The words on screen at an instant: the title, the status line and the
/// weak-signal pill, each with what its transitions make of it (two of a
/// kind while one replaces the other, the old one first).
public struct WordsState: Equatable, Sendable {
    public let title: [Shown<String>]
    public let status: [Shown<StatusLine>]
    /// Nil while hidden.
    public let pill: Shown<String>?
}

/// The words of a scenario as a function of time (sections 1, 2 and 3),
/// closed-form: each instant is computed from the changes before it alone.
struct WordsTrack: Sendable {
    /// What a status line is, apart from its ticking timer: a change of it is a transition.
    enum LineKind: Equatable, Sendable {
        case waiting(CallState)
        case active
        case ended
    }

    static let titleCrossfade = 0.15
    static let lineTransition = Spring.standard(0.35)
    static let lineFadeOut = 0.1
    static let lineFadeIn = 0.15
    /// How far the old line moves up and the new one comes from below, in points.
    static let lineTravel = 5.0
    static let pillText = "Weak network signal"
    static let pillIn = Spring.bouncy(0.5)
    static let pillOut = Spring.standard(0.35)
    static let pillFade = 0.3
    /// The pill's scale when hidden.
    static let pillHiddenScale = 0.001

    let name: String
    let status: StatusTrack
    /// Instants where the status line's kind or the title changes, with the new value.
    let lines: [(time: Double, kind: LineKind)]
    let titles: [(time: Double, text: String)]
    /// Instants where the pill starts to show or to hide, with its scale and alpha then.
    let pillChanges: [(time: Double, shows: Bool, scale: Double, alpha: Double)]
    /// Their instants alone, for the binary searches of each frame.
    private let lineTimes: [Double]
    private let titleTimes: [Double]
    private let pillTimes: [Double]

    init(status: StatusTrack, name: String) {
        self.name = name
        self.status = status
        var lines: [(Double, LineKind)] = []
        var titles: [(Double, String)] = []
        var pill: [(time: Double, shows: Bool, scale: Double, alpha: Double)] = []
        var line = LineKind.waiting(.requesting), title = name, shows = false
        for (time, state) in zip(status.times, status.statuses) {
            let kind = Self.kind(of: state.state)
            if kind != line {
                line = kind
                lines.append((time, kind))
            }
            let text = state.endReason.map(\.title) ?? name
            if text != title {
                title = text
                titles.append((time, text))
            }
            let weak = state.state == .active && state.signal <= CallStatus.weakSignal
            if weak != shows {
                shows = weak
                let now = Self.pill(at: time, changes: pill, times: pill.map(\.time))
                pill.append((time, weak, now?.scale ?? Self.pillHiddenScale, now?.alpha ?? 0))
            }
        }
        self.lines = lines
        self.titles = titles
        pillChanges = pill
        lineTimes = lines.map(\.0)
        titleTimes = titles.map(\.0)
        pillTimes = pill.map(\.time)
    }

    static func kind(of state: CallState) -> LineKind {
        switch state {
        case .active: return .active
        case .ended: return .ended
        default: return .waiting(state)
        }
    }

    static func label(of state: CallState) -> String {
        switch state {
        case .requesting: return "Requesting"
        case .ringing: return "Ringing"
        case .connecting: return "Connecting"
        case .reconnecting: return "Reconnecting"
        case .active, .ended: return ""
        }
    }

    /// "m:ss" under an hour, "h:mm:ss" from an hour, of whole seconds.
    static func timer(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? Int(min(max(seconds, 0), 1e9).rounded(.down)) : 0
        let hours = whole / 3600, minutes = whole / 60 % 60, rest = whole % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }

    func words(at time: Double) -> WordsState {
        WordsState(title: title(at: time), status: statusLines(at: time), pill: Self.pill(at: time, changes: pillChanges, times: pillTimes))
    }

    private func title(at time: Double) -> [Shown<String>] {
        guard let index = SortedTimes.lastIndex(in: titleTimes, atOrBefore: time) else { return [Shown(name)] }
        let elapsed = time - titles[index].time
        guard elapsed < Self.titleCrossfade, titles[index].time > 0 else { return [Shown(titles[index].text)] }
        let previous = index > 0 ? titles[index - 1].text : name
        let progress = fadeProgress(elapsed, over: Self.titleCrossfade)
        return [Shown(previous, alpha: 1 - progress), Shown(titles[index].text, alpha: progress)]
    }

    /// The line of `kind` at `time`, for a kind that began at `start`.
    private func line(_ kind: LineKind, at time: Double, since start: Double) -> StatusLine {
        switch kind {
        case .waiting(let state):
            return .waiting(label: Self.label(of: state), elapsed: time - start)
        case .active:
            return .active(timer: Self.timer(time - (status.activation ?? start)), quality: status.status(at: time).signal)
        case .ended:
            guard let activation = status.activation, activation < start else { return .ended(timer: nil) }
            return .ended(timer: Self.timer(start - activation))
        }
    }

    private func statusLines(at time: Double) -> [Shown<StatusLine>] {
        guard let index = SortedTimes.lastIndex(in: lineTimes, atOrBefore: time) else {
            return [Shown(line(.waiting(.requesting), at: time, since: 0))]
        }
        let start = lines[index].time, kind = lines[index].kind
        let current = line(kind, at: time, since: start)
        let elapsed = time - start
        // Nothing was shown before the scenario's start: its first line comes without a transition.
        guard elapsed < Self.lineTransition.duration, start > 0 else { return [Shown(current)] }
        let previousStart = index > 0 ? lines[index - 1].time : 0
        let previousKind = index > 0 ? lines[index - 1].kind : .waiting(.requesting)
        // The old line as it was when it was replaced.
        let previous = line(previousKind, at: start, since: previousStart)
        let progress = Self.lineTransition.progress(elapsed)
        return [
            Shown(previous, alpha: 1 - fadeProgress(elapsed, over: Self.lineFadeOut), scale: 1 - 0.5 * progress,
                  offset: -Self.lineTravel * progress),
            Shown(current, alpha: fadeProgress(elapsed, over: Self.lineFadeIn), scale: 0.5 + 0.5 * progress,
                  offset: Self.lineTravel * (1 - progress)),
        ]
    }

    /// The pill at `time` given the changes before it; nil while hidden.
    static func pill(at time: Double, changes: [(time: Double, shows: Bool, scale: Double, alpha: Double)], times: [Double]) -> Shown<String>? {
        guard let index = SortedTimes.lastIndex(in: times, atOrBefore: time) else { return nil }
        let change = changes[index]
        let elapsed = time - change.time
        let scale: Double, alpha: Double
        if change.shows {
            scale = change.scale + (1 - change.scale) * pillIn.progress(elapsed)
            alpha = change.alpha + (1 - change.alpha) * fadeProgress(elapsed, over: pillFade)
        } else {
            scale = change.scale + (pillHiddenScale - change.scale) * pillOut.progress(elapsed)
            alpha = change.alpha * (1 - fadeProgress(elapsed, over: pillFade))
        }
        return alpha > 0 ? Shown(pillText, alpha: alpha, scale: scale) : nil
    }
}
