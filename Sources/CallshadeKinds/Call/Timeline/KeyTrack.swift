import CallshadeCore

/// A notice as drawn at an instant.
public struct ShownNotice: Equatable, Sendable {
    public let notice: KeyTrack.Notice
    /// What it says (with the peer's name).
    public let text: String
    /// About its centre.
    public let scale: Double
    public let alpha: Double
    /// 0 (a circle) to 1 (its full width).
    public let width: Double
    public let textAlpha: Double
}

/// The tooltip or the expanded key's panel as drawn at an instant.
public struct ShownOverlay: Equatable, Sendable {
    /// The tooltip: its scale about its arrow's tip. The panel: how far it
    /// has opened, 0 (the key in its place) to 1 (the emoji in the panel's
    /// row; the panel's scale is 0.5 + 0.5 x this). A spring may overshoot.
    public let scale: Double
    public let alpha: Double

    public init(scale: Double, alpha: Double) {
        self.scale = scale
        self.alpha = alpha
    }
}

/// The emoji key, its tooltip, its panel and the notices of a scenario
/// (sections 4 and 6), as the instants each appears and goes: a walk over
/// the events in order, so that a tap lands on what is on screen then.
public struct KeyTrack: Sendable {
    /// A notice above the buttons, in their order from the bottom.
    public enum Notice: Int, CaseIterable, Sendable {
        /// "Your camera is off" shows only in video calls (video-call, section 8).
        case ownMicrophone, remoteMicrophone, ownCamera, remoteBattery

        /// Its Material Icons ligature.
        public var icon: String {
            switch self {
            case .ownMicrophone, .remoteMicrophone: return "mic_off"
            case .ownCamera: return "videocam_off"
            case .remoteBattery: return "battery_alert"
            }
        }

        public func text(name: String) -> String {
            switch self {
            case .ownMicrophone: return "Your microphone is off"
            case .remoteMicrophone: return "\(name)'s microphone is off"
            case .ownCamera: return "Your camera is off"
            case .remoteBattery: return "\(name)'s battery level is low"
            }
        }

        /// The notices a call may show: "Your camera is off" only where the peer's camera can come on.
        public static func all(video: Bool) -> [Notice] {
            video ? allCases : allCases.filter { $0 != .ownCamera }
        }
    }

    static let tooltipText = "Encryption key of this call"

    /// Why the tooltip goes.
    enum TooltipExit: String, Sendable {
        case tapped = "tapped"
        case keyTapped = "the key tapped"
        case callLeftActive = "the call left the active state"
        case controlsHid = "the controls hid"
    }

    /// Instants where the key (shown while the call is active) appears or goes.
    let keyChanges: [(time: Double, shown: Bool)]
    /// Instants where the tooltip appears (exit nil) or goes (with why).
    let tooltipChanges: [(time: Double, shown: Bool, exit: TooltipExit?)]
    /// Instants where the panel opens or closes.
    let panelChanges: [(time: Double, open: Bool)]
    /// Instants where a notice appears or goes (shown while the call is active and its condition holds).
    let noticeChanges: [(time: Double, notice: Notice, shown: Bool)]
    /// The key's opacity as each of its changes begins, and the changes'
    /// instants; each notice's changes' instants and whether each shows it:
    /// a frame searches them (no walk over a long scenario's history).
    private let keyAlphaAtChange: [Double]
    private let keyTimes: [Double]
    private let noticeTimes: [[Double]]
    private let noticeShown: [[Bool]]
    private let tooltipTimes: [Double]
    private let panelTimes: [Double]
    private let panelStarts: [ShownOverlay]
    /// The first tap on something not on screen: the event's index and why.
    let misplacedTap: (index: Int, reason: String)?
    /// The peer's name, for the notices that say it.
    let name: String

    /// The key and the rest of `scenario`; `controlsHide` are the instants
    /// the controls start to hide in a video call (the tooltip goes then).
    init(_ scenario: Scenario, controlsHide: [Double] = []) {
        var keyChanges: [(Double, Bool)] = [], tooltipChanges: [(Double, Bool, TooltipExit?)] = []
        var panelChanges: [(Double, Bool)] = [], noticeChanges: [(Double, Notice, Bool)] = []
        var misplaced: (Int, String)?
        var status = CallStatus()
        var seen = scenario.tooltipSeen, tooltip = false, panel = false
        var notices = Set<Notice>()
        func time(_ value: Double) -> String { ShownNumber.text(value) + " s" }
        let remoteVideo = scenario.remoteVideoPath != nil, localVideo = scenario.localVideoPath != nil
        var hides = controlsHide[...]
        for event in scenario.events {
            while let hide = hides.first, hide <= event.at {
                hides.removeFirst()
                if tooltip { tooltipChanges.append((hide, false, .controlsHid)) }
                tooltip = false
            }
            let wasActive = status.state == .active
            status.apply(event.change)
            let active = status.state == .active
            if active != wasActive {
                keyChanges.append((event.at, active))
                if active, !seen {
                    tooltip = true
                    tooltipChanges.append((event.at, true, nil))
                }
                if !active {
                    if tooltip { tooltipChanges.append((event.at, false, .callLeftActive)) }
                    if panel { panelChanges.append((event.at, false)) }
                    tooltip = false
                    panel = false
                }
            }
            if case .tap(let target) = event.change {
                switch target {
                case .screen:
                    if panel { panelChanges.append((event.at, false)) }
                    panel = false
                case .pip:
                    // The picture in picture's (VideoTrack).
                    break
                case .key:
                    guard active else {
                        if misplaced == nil { misplaced = (event.index, "the key shows only while the call is active (at \(time(event.at)) it is \(status.state.rawValue))") }
                        break
                    }
                    // A tap on the key dismisses the tooltip for good, and opens the panel, or closes it.
                    if tooltip { tooltipChanges.append((event.at, false, .keyTapped)) }
                    tooltip = false
                    seen = true
                    panel.toggle()
                    panelChanges.append((event.at, panel))
                case .tooltip:
                    guard tooltip else {
                        if misplaced == nil {
                            let why = seen ? "it has been tapped already, or the scenario has \"tooltipSeen\"" : "it shows only while the call is active"
                            misplaced = (event.index, "the tooltip is not on screen at \(time(event.at)) (\(why))")
                        }
                        break
                    }
                    tooltipChanges.append((event.at, false, .tapped))
                    tooltip = false
                    seen = true
                case .panel:
                    guard panel else {
                        if misplaced == nil { misplaced = (event.index, "the panel is not open at \(time(event.at)); a tap on the key opens it") }
                        break
                    }
                    panelChanges.append((event.at, false))
                    panel = false
                }
            }
            let shown = Set(Notice.allCases.filter { notice in
                guard active else { return false }
                switch notice {
                case .ownMicrophone: return status.muted
                case .remoteMicrophone: return status.remoteMuted
                case .ownCamera: return remoteVideo && status.remoteVideo && !(localVideo && status.video)
                case .remoteBattery: return status.remoteBatteryLow
                }
            })
            for notice in Notice.allCases where shown.contains(notice) != notices.contains(notice) {
                noticeChanges.append((event.at, notice, shown.contains(notice)))
            }
            notices = shown
        }
        // The controls hiding after the last event.
        if tooltip, let hide = hides.first { tooltipChanges.append((hide, false, .controlsHid)) }
        self.keyChanges = keyChanges
        self.tooltipChanges = tooltipChanges
        self.panelChanges = panelChanges
        self.noticeChanges = noticeChanges
        var starts: [Double] = [], alpha = 0.0
        for (index, change) in keyChanges.enumerated() {
            if index > 0 {
                alpha = Self.alpha(shown: keyChanges[index - 1].1, from: alpha, elapsed: change.0 - keyChanges[index - 1].0)
            }
            starts.append(alpha)
        }
        keyAlphaAtChange = starts
        keyTimes = keyChanges.map(\.0)
        noticeTimes = Notice.allCases.map { notice in noticeChanges.filter { $0.1 == notice }.map(\.0) }
        noticeShown = Notice.allCases.map { notice in noticeChanges.filter { $0.1 == notice }.map(\.2) }
        tooltipTimes = tooltipChanges.map(\.0)
        panelTimes = panelChanges.map(\.0)
        // Each panel change starts from where the one before had got to.
        var panelStarts: [ShownOverlay] = [], look = ShownOverlay(scale: 0, alpha: 0)
        for (index, change) in panelChanges.enumerated() {
            if index > 0 {
                look = Self.panelLook(open: panelChanges[index - 1].1, elapsed: change.0 - panelChanges[index - 1].0, from: look)
            }
            panelStarts.append(look)
        }
        self.panelStarts = panelStarts
        misplacedTap = misplaced
        name = scenario.name
    }

    static let tooltipIn = Spring.bouncy(0.5)
    static let tooltipFadeIn = 0.2
    static let tooltipOut = Spring.standard(0.4)
    static let tooltipFadeOut = 0.2
    static let tooltipHiddenScale = 0.001
    static let tooltipLeavingScale = 0.4

    /// The tooltip at `time`, or nil when it is not on screen: in, it grows
    /// from scale 0.001 at its arrow (bouncy spring 0.5 s) and fades in
    /// (0.2 s); going (tapped, or the call no longer active), it fades out
    /// (0.2 s) and shrinks to 0.4 towards its arrow (spring 0.4 s) from
    /// wherever it had got to.
    func shownTooltip(at time: Double) -> ShownOverlay? {
        guard let index = SortedTimes.lastIndex(in: tooltipTimes, atOrBefore: time) else { return nil }
        func entering(_ elapsed: Double) -> ShownOverlay {
            ShownOverlay(scale: Self.tooltipHiddenScale + (1 - Self.tooltipHiddenScale) * Self.tooltipIn.progress(elapsed),
                         alpha: fadeProgress(elapsed, over: Self.tooltipFadeIn))
        }
        let elapsed = time - tooltipTimes[index]
        if tooltipChanges[index].shown { return entering(elapsed) }
        guard elapsed < Self.tooltipOut.duration else { return nil }
        // Changes alternate: the one before showed it.
        let start = index > 0 ? entering(tooltipTimes[index] - tooltipTimes[index - 1]) : ShownOverlay(scale: 1, alpha: 1)
        return ShownOverlay(scale: start.scale + (Self.tooltipLeavingScale - start.scale) * Self.tooltipOut.progress(elapsed),
                            alpha: start.alpha * (1 - fadeProgress(elapsed, over: Self.tooltipFadeOut)))
    }

    static let panelSpring = Spring.standard(0.4)
    static let panelFade = 0.1

    /// The expanded key at `time`, or nil while it is closed: opening, it
    /// runs 0 -> 1 (spring 0.4 s) while its panel fades in over 0.1 s;
    /// closing, the reverse from wherever it had got to (the panel fading
    /// out over 0.1 s as the emoji fly back).
    func shownPanel(at time: Double) -> ShownOverlay? {
        guard let index = SortedTimes.lastIndex(in: panelTimes, atOrBefore: time) else { return nil }
        let look = Self.panelLook(open: panelChanges[index].open, elapsed: time - panelTimes[index], from: panelStarts[index])
        return look.scale == 0 && look.alpha == 0 ? nil : look
    }

    /// The panel's look `elapsed` seconds into a change that began at `start`.
    private static func panelLook(open: Bool, elapsed: Double, from start: ShownOverlay) -> ShownOverlay {
        if open {
            return ShownOverlay(scale: start.scale + (1 - start.scale) * panelSpring.progress(elapsed),
                                alpha: start.alpha + (1 - start.alpha) * fadeProgress(elapsed, over: panelFade))
        }
        return ShownOverlay(scale: start.scale * (1 - panelSpring.progress(elapsed)),
                            alpha: start.alpha * (1 - fadeProgress(elapsed, over: panelFade)))
    }

    /// The key's fades in and out (ease-in-out).
    static let keyFade = 0.3

    /// The key's opacity at `time`: fading in over 0.3 s once the call is
    /// active, out over 0.3 s once it is not (from wherever a fade had got to).
    func keyAlpha(at time: Double) -> Double {
        guard let index = SortedTimes.lastIndex(in: keyTimes, atOrBefore: time) else { return 0 }
        return Self.alpha(shown: keyChanges[index].shown, from: keyAlphaAtChange[index], elapsed: time - keyTimes[index])
    }

    private static func alpha(shown: Bool, from start: Double, elapsed: Double) -> Double {
        guard elapsed < keyFade else { return shown ? 1 : 0 }
        let progress = fadeProgress(elapsed, over: keyFade)
        return shown ? start + (1 - start) * progress : start * (1 - progress)
    }

    /// Whether the tooltip is on screen (wanted there, before its animations) at `time`.
    func tooltipShown(at time: Double) -> Bool {
        tooltipChanges.last { $0.time <= time }?.shown ?? false
    }

    /// Whether the panel is open at `time`.
    func panelOpen(at time: Double) -> Bool {
        panelChanges.last { $0.time <= time }?.open ?? false
    }

    /// Each notice on screen at `time` (showing, or on its way out), from
    /// the bottom, with its animation (section 6): in, it scales from 0.001
    /// (spring 0.3 s) and fades in (0.15 s), then after 0.2 s widens from a
    /// circle (spring 0.5 s) while its text fades in (0.2 s); out, it fades
    /// and scales to 0.001 over 0.2 s from wherever it had got to.
    func shownNotices(at time: Double) -> [ShownNotice] {
        Notice.allCases.compactMap { notice in
            let times = noticeTimes[notice.rawValue], shown = noticeShown[notice.rawValue]
            guard let index = SortedTimes.lastIndex(in: times, atOrBefore: time) else { return nil }
            if shown[index] { return entering(notice, elapsed: time - times[index]) }
            // On its way out: from its look when it began to go (fully in, or part way). Changes alternate, so the one before showed it.
            let start = index > 0 ? entering(notice, elapsed: times[index] - times[index - 1])
                : ShownNotice(notice: notice, text: notice.text(name: name), scale: 1, alpha: 1, width: 1, textAlpha: 1)
            let elapsed = time - times[index]
            guard elapsed < Self.noticeOut else { return nil }
            let progress = fadeProgress(elapsed, over: Self.noticeOut)
            return ShownNotice(notice: notice, text: start.text, scale: start.scale + (Self.noticeHiddenScale - start.scale) * progress,
                               alpha: start.alpha * (1 - progress), width: start.width, textAlpha: start.textAlpha * (1 - progress))
        }
    }

    static let noticeScaleIn = Spring.standard(0.3)
    static let noticeFadeIn = 0.15
    static let noticeWidenDelay = 0.2
    static let noticeWiden = Spring.standard(0.5)
    static let noticeTextFade = 0.2
    static let noticeOut = 0.2
    static let noticeHiddenScale = 0.001

    private func entering(_ notice: Notice, elapsed: Double) -> ShownNotice {
        ShownNotice(notice: notice, text: notice.text(name: name),
                    scale: Self.noticeHiddenScale + (1 - Self.noticeHiddenScale) * Self.noticeScaleIn.progress(elapsed),
                    alpha: fadeProgress(elapsed, over: Self.noticeFadeIn), width: Self.noticeWiden.progress(elapsed - Self.noticeWidenDelay),
                    textAlpha: elapsed > Self.noticeWidenDelay ? fadeProgress(elapsed - Self.noticeWidenDelay, over: Self.noticeTextFade) : 0)
    }

    /// The notices on screen at `time`, from the bottom.
    func notices(at time: Double) -> [Notice] {
        Notice.allCases.filter { notice in noticeChanges.last { $0.notice == notice && $0.time <= time }?.shown ?? false }
    }
}
