import CallshadeCore

/// Whether the call's controls show (video-call, section 6), as a function
/// of time: with video they hide 2 s after a video comes on and 5 s after a
/// screen tap shows them, a tap toggles them, and without video they show.
/// Hiding and showing run on the tap's spring (0.4 s; 0.35 s when the last
/// video goes, with the state's change), and what fades does so by the
/// generic alpha (ease-in-out over 0.3 s), each from where it was.
struct ControlsTrack: Sendable {
    /// Why the controls hid or showed.
    enum Cause: String, Sendable {
        case videoTimer = "2 s after a video came on"
        case tapTimer = "5 s after a tap showed them"
        case tap = "a tap on the screen"
        case videoGone = "no video shows"
    }

    struct Change: Sendable {
        let time: Double
        let hidden: Bool
        let cause: Cause
    }

    static let hideAfterVideo = 2.0
    static let hideAfterTap = 5.0
    static let spring = Spring.standard(0.4)
    static let videoGoneSpring = Spring.standard(0.35)
    static let fadeSeconds = 0.3

    private(set) var changes: [Change] = []
    private var hiddenTrack = MotionTrack<Double>(initial: 0)
    private var fadeTrack = MotionTrack<Double>(initial: 0)

    /// Whether they are hidden (or hiding) after the last change.
    var isHidden: Bool { changes.last?.hidden ?? false }

    /// Hides or shows them at `time` (times must not decrease); nothing when they already are.
    mutating func set(hidden: Bool, at time: Double, cause: Cause) {
        guard hidden != isHidden else { return }
        changes.append(Change(time: time, hidden: hidden, cause: cause))
        let spring = cause == .videoGone ? Self.videoGoneSpring : Self.spring
        hiddenTrack.move(to: hidden ? 1 : 0, at: time, on: .spring(spring))
        fadeTrack.move(to: hidden ? 1 : 0, at: time, on: .easeInOut(min(Self.fadeSeconds, spring.duration)))
    }

    /// 0 (shown) to 1 (hidden), on the spring.
    func hidden(at time: Double) -> Double { hiddenTrack.value(at: time) }

    /// 0 (shown) to 1 (faded out), by the generic alpha.
    func fade(at time: Double) -> Double { fadeTrack.value(at: time) }

    /// The instants they start to hide.
    var hideTimes: [Double] { changes.filter(\.hidden).map(\.time) }
}
