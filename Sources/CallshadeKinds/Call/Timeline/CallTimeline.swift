import CallshadeCore

/// Everything the call screen shows at one instant, decided by the scenario;
/// each element reads what it draws from it (`CallInstant.state`). Its parts
/// can be changed (what `frame`'s options and the tests' fixtures override).
public struct FrameState: Equatable, Sendable {
    public var time: Double
    public var status: CallStatus
    /// The palette shown, or being faded to.
    public var palette: Palette
    /// The four colours on screen (mid-crossfade they lie between two palettes).
    public var colors: [RGB]
    /// Eased progress of the latest palette crossfade; 1 when none is under way.
    public var crossfade: Double
    public var phase: Double
    public var background: BackgroundMotion
    public var waves: WaveState
    /// The title, status line and weak-signal pill.
    public var words: WordsState
    /// The emoji key.
    public var key: KeyState
    /// The buttons' looks.
    public var buttons: ButtonsState
    /// The notices above the buttons, from the bottom.
    public var notices: [ShownNotice]
    /// The key's tooltip, and the expanded key (nil while not on screen).
    public var tooltip: ShownOverlay?
    public var panel: ShownOverlay?
    /// Rating the call, once the server has asked (nil before).
    public var rating: RatingState?
    /// The video call: `.none` in an audio call.
    public var video = VideoState.none

    /// The gradient for this instant, with the spec's default constants.
    public var gradient: GradientParameters {
        GradientParameters(colors: colors, centres: GradientMotion.centres(phase: phase))
    }
}

/// The emoji key at an instant (section 4).
public struct KeyState: Equatable, Sendable {
    /// Its four emoji.
    public let emoji: [String]
    /// 0 (hidden) to 1.
    public let alpha: Double
    /// The peer's name, which the expanded key's explanation says.
    public let peer: String

    public init(emoji: [String], alpha: Double, peer: String = Scenario.defaultName) {
        self.emoji = emoji
        self.alpha = alpha
        self.peer = peer
    }
}

/// The buttons at an instant (section 5), left to right: speaker, video, mute, end.
public struct ButtonsState: Equatable, Sendable {
    /// Selected: speaker while the loudspeaker is on, video while the camera is, mute while the user's microphone is off.
    public let selected: [Bool]
    /// How far each button's selected look has come, 0 (normal) to 1 (a
    /// white disc with the icon cut out): a change takes 0.16 s.
    public let selection: [Double]
    /// Video only while the call is active; none once it has ended.
    public let enabled: [Bool]

    public init(selected: [Bool], selection: [Double]? = nil, enabled: [Bool]) {
        self.selected = selected
        self.selection = selection ?? selected.map { $0 ? 1 : 0 }
        self.enabled = enabled
    }

    /// A video call with the user's camera off forces the loudspeaker: `speakerForced`.
    init(_ status: CallStatus, selection: [Double], speakerForced: Bool = false) {
        let ended = status.state == .ended
        selected = [status.speaker || speakerForced, status.video, status.muted, false]
        self.selection = selection
        enabled = [!ended, status.state == .active, !ended, !ended]
    }
}

/// Whether the gradient's centres are moving.
public enum BackgroundMotion: String, Sendable {
    case running
    /// Idle: running on to the next whole phase.
    case settling
    /// Idle: resting on a whole phase.
    case paused
}

/// What the waves need at one instant.
public struct WaveState: Equatable, Sendable {
    /// The smoothed remote voice level.
    public let level: Double
    /// Whether they should show (not muted, no energy saving, not ended).
    public let shown: Bool
    /// 0 (hidden: scale 0.3, alpha 0) to 1 (fully shown), eased.
    public let visibility: Double
    /// Stopped by the idle rule (easing out, or out).
    public let idleStopped: Bool
    /// Frozen by the proximity sensor.
    public let frozen: Bool
    /// Seconds of wobble motion so far (stands still while frozen or stopped).
    public let motionTime: Double

    public init(level: Double, shown: Bool = true, visibility: Double = 1, idleStopped: Bool = false,
                frozen: Bool = false, motionTime: Double) {
        self.level = level
        self.shown = shown
        self.visibility = visibility
        self.idleStopped = idleStopped
        self.frozen = frozen
        self.motionTime = motionTime
    }
}

/// A scenario turned into a function of time: `state(at:)` is pure, depends
/// only on the scenario and the instant, and costs a few binary searches
/// (everything else is computed once, here).
public struct CallTimeline: Sendable {
    public static let crossfadeSeconds = 0.3

    public let scenario: Scenario
    let status: StatusTrack
    let idle: IdleRule
    let colors: TransitionTrack<[RGB]>
    let phase: PhaseTrack
    let level: LevelTrack
    let waves: WaveTrack
    let words: WordsTrack
    let key: KeyTrack
    let buttons: ButtonsTrack
    let rating: RatingTrack
    let video: VideoTrack
    /// Whether the voice level comes from a recording rather than `level` events.
    public let usesRecording: Bool
    /// Instants where the palette changes, with the new palette.
    public let paletteChanges: [(time: Double, palette: Palette)]
    private let paletteChangeTimes: [Double]

    /// The timeline of a scenario. `voiceLevels`, when given, is the raw
    /// voice level per 60 Hz tick measured from the scenario's recording (see
    /// `VoiceLevelMeter`); it replaces the scenario's `level` events.
    public init(_ scenario: Scenario, voiceLevels: [Double]? = nil) {
        self.scenario = scenario
        usesRecording = voiceLevels != nil
        let status = StatusTrack(scenario)
        self.status = status
        let idle = IdleRule(status: status, duration: scenario.duration)
        self.idle = idle

        var changes: [(Double, Palette)] = []
        var current = Palette.blueViolet
        for (time, state) in zip(status.times, status.statuses) where state.palette != current {
            current = state.palette
            changes.append((time, current))
        }
        paletteChanges = changes
        paletteChangeTimes = changes.map(\.0)

        var colors = TransitionTrack<[RGB]>(initial: Palette.blueViolet.colors) { from, to, t in
            zip(from, to).map { RGB.mix($0, $1, t) }
        }
        for change in changes {
            colors.move(to: change.1.colors, at: change.0, over: Self.crossfadeSeconds)
        }
        self.colors = colors
        phase = PhaseTrack(paletteChanges: changes.map(\.0), idle: idle)
        // Ticks come in order, so the status is walked, not searched, per tick.
        var cursor = StatusTrack.Cursor(status)
        level = LevelTrack(duration: scenario.duration, activation: status.activation) { tick in
            if let voiceLevels { return voiceLevels.indices.contains(tick) ? voiceLevels[tick] : 0 }
            return cursor.status(at: Double(tick) / LevelTrack.tickRate).level
        }
        waves = WaveTrack(status: status, events: scenario.events, idle: idle)
        words = WordsTrack(status: status, name: scenario.name)
        let video = VideoTrack(scenario)
        self.video = video
        key = KeyTrack(scenario, controlsHide: video.controls.hideTimes)
        buttons = ButtonsTrack(status) { Self.forcesSpeaker(video.cameras(at: $0)) }
        rating = RatingTrack(scenario)
    }

    public func state(at time: Double) -> FrameState {
        let current = status.status(at: time)
        let palette = SortedTimes.lastIndex(in: paletteChangeTimes, atOrBefore: time).map { paletteChanges[$0].palette }
            ?? .blueViolet
        return FrameState(
            time: time,
            status: current,
            palette: palette,
            colors: colors.value(at: time),
            crossfade: colors.progress(at: time),
            phase: phase.phase(at: time),
            background: phase.motion(at: time),
            waves: WaveState(level: level.level(at: time), shown: current.wavesShown,
                             visibility: waves.visibility(at: time), idleStopped: waves.isIdleStopped(at: time),
                             frozen: waves.isFrozen(at: time), motionTime: waves.motionTime(at: time)),
            words: words.words(at: time),
            key: KeyState(emoji: scenario.key, alpha: key.keyAlpha(at: time), peer: scenario.name),
            buttons: ButtonsState(current, selection: buttons.selection(at: time), speakerForced: Self.forcesSpeaker(video.cameras(at: time))),
            notices: key.shownNotices(at: time),
            tooltip: key.shownTooltip(at: time),
            panel: key.shownPanel(at: time),
            rating: rating.state(at: time, seed: scenario.seed, colors: colors.value(at: time)),
            video: video.state(at: time)
        )
    }

    /// While any video shows and the user's camera is off, the app forces the loudspeaker (video-call, section 8).
    static func forcesSpeaker(_ cameras: VideoTrack.Cameras) -> Bool { cameras.any && !cameras.local }

    /// The video call at `time` alone (what `state(at:)` holds as `video`).
    public func videoState(at time: Double) -> VideoState { video.state(at: time) }

    /// The first instant the call is active, if it ever is.
    public var activation: Double? { status.activation }

    /// How many 60 Hz level ticks a scenario of this length uses.
    public static func levelTickCount(duration: Double) -> Int { LevelTrack.tickCount(duration: duration) }

    /// The smoothed voice level at each tick (what the waves follow).
    public var smoothedLevels: [Double] { level.levels }
}
