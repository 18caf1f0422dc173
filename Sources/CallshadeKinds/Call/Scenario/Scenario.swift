import CallshadeCore

/// The states of a call, as scenario files name them.
public enum CallState: String, CaseIterable, Sendable {
    case requesting, ringing, connecting, reconnecting, active, ended

    public static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// Why a call ended, and the title the screen shows for it (section 1).
public enum EndReason: String, CaseIterable, Sendable {
    case hangup, busy, declined, failed, missed

    public static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }

    public var title: String {
        switch self {
        case .hangup: return "Call Ended"
        case .busy: return "Line Busy"
        case .declined: return "Call Declined"
        case .failed: return "Call Failed"
        case .missed: return "Call Missed"
        }
    }
}

/// What a tap lands on (section 4): the screen anywhere else, the emoji
/// key, its tooltip, the expanded key's panel, or the picture in picture
/// of a video call (video-call, section 5).
public enum TapTarget: String, CaseIterable, Sendable {
    case screen, key, tooltip, panel, pip

    public static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// What one event changes.
public enum ScenarioChange: Equatable, Sendable {
    /// A new state; `ended` may say why (nil reads as a hang-up).
    case state(CallState, reason: EndReason? = nil)
    /// The remote voice level (>= 0), held until the next level event.
    case level(Double)
    /// Link quality, 0 (none) to 1 (perfect).
    case signal(Double)
    /// A user interaction, on `target`.
    case tap(TapTarget)
    /// The proximity sensor: true when the phone is at the ear.
    case proximityNear(Bool)
    case remoteMuted(Bool)
    case energySaving(Bool)
    /// The user's own microphone is off.
    case muted(Bool)
    /// The loudspeaker is on.
    case speaker(Bool)
    /// The user's camera is on (the video button, and with a `localVideo` file, its picture).
    case video(Bool)
    /// The peer's camera is on (with a `remoteVideo` file).
    case remoteVideo(Bool)
    /// The user's camera turns to face this way (a flip).
    case camera(CameraFacing)
    /// The picture in picture was dragged to this corner.
    case pip(PiPCorner)
    /// The peer's battery is low.
    case remoteBatteryLow(Bool)
    /// The server asks the user to rate the call (only once it has ended).
    case ratingRequested
    /// The user rates the call, 1 to 5 stars (only while the rating panel shows, once).
    case rate(Int)

    /// Whether the user did it (a tap, a press on a star, a drag of the
    /// picture in picture): what the idle rules count.
    public var isInteraction: Bool {
        switch self {
        case .tap, .rate, .pip: return true
        default: return false
        }
    }
}

/// One event of a scenario: a change at an instant.
public struct ScenarioEvent: Equatable, Sendable {
    public let at: Double
    public let change: ScenarioChange
    /// Its position in the file (0-based), for messages and for ordering events at one instant.
    public let index: Int

    public init(at: Double, change: ScenarioChange, index: Int) {
        self.at = at
        self.change = change
        self.index = index
    }
}

/// A call scenario (the call kind's, `CallKind`): a timeline of events over
/// `duration` seconds, and the defaults for rendering it. Events are kept in
/// time order; events at the same instant keep their order in the file.
public struct Scenario: ParsedScenario, Equatable, Sendable {
    public let duration: Double
    public let seed: Int64
    public let size: FrameSize?
    public let fps: Int?
    /// Absolute paths (resolved against the scenario file's folder).
    public let avatarPath: String?
    public let audioPath: String?
    /// The peer's camera and the user's own: a video or a PNG still each (absolute paths, as the avatar's).
    public let remoteVideoPath: String?
    public let localVideoPath: String?
    /// The peer's name: the title until the call ends.
    public let name: String
    /// The four emoji of the encryption key (grapheme clusters).
    public let key: [String]
    /// Whether the user tapped the key's tooltip in an earlier call (it never shows then).
    public let tooltipSeen: Bool
    public let events: [ScenarioEvent]

    public var scene: String { CallKind.name }

    /// The name when the scenario gives none.
    public static let defaultName = "Emma Walker"
    /// The longest name, in characters (grapheme clusters).
    public static let maximumNameLength = 64

    /// The longest scenario accepted (the shared limit).
    public static let maximumDuration = ScenarioSettings.maximumDuration
    /// The most events a scenario file may hold (the shared limit).
    public static let maximumEvents = ScenarioSettings.maximumEvents
    /// The frame rates accepted (the shared limit).
    public static let frameRates = ScenarioSettings.frameRates

    public init(duration: Double, seed: Int64 = 0, size: FrameSize? = nil, fps: Int? = nil,
                avatarPath: String? = nil, audioPath: String? = nil, remoteVideoPath: String? = nil, localVideoPath: String? = nil,
                name: String = Scenario.defaultName, key: [String]? = nil, tooltipSeen: Bool = false, events: [ScenarioEvent]) {
        self.name = name
        self.key = key ?? EmojiKey.pick(seed: seed)
        self.tooltipSeen = tooltipSeen
        self.duration = duration
        self.seed = seed
        self.size = size
        self.fps = fps
        self.avatarPath = avatarPath
        self.audioPath = audioPath
        self.remoteVideoPath = remoteVideoPath
        self.localVideoPath = localVideoPath
        // A stable sort by time; events already in order (the usual case) are kept as they are.
        if zip(events, events.dropFirst()).allSatisfy({ $0.at <= $1.at }) {
            self.events = events
        } else {
            self.events = events.enumerated()
                .sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
                .map(\.element)
        }
    }

    /// A scenario from events given in order (index = position), for code and tests.
    public init(duration: Double, seed: Int64 = 0, name: String = Scenario.defaultName, key: [String]? = nil, tooltipSeen: Bool = false,
                remoteVideoPath: String? = nil, localVideoPath: String? = nil, _ changes: [(Double, ScenarioChange)]) {
        self.init(duration: duration, seed: seed, remoteVideoPath: remoteVideoPath, localVideoPath: localVideoPath,
                  name: name, key: key, tooltipSeen: tooltipSeen,
                  events: changes.enumerated().map { ScenarioEvent(at: $0.element.0, change: $0.element.1, index: $0.offset) })
    }
}
