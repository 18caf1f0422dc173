/// A kind of scene a scenario describes, chosen by the file's top-level
/// "scene" (the first registered kind, "call", when it has none). A kind
/// owns its own top-level keys and its events, and its parser reads them
/// with the shared rules (`ScenarioReading`: typed fields whose errors name
/// them, the events' list and "at", files beside the scenario); the rest is
/// its own: the call's `Scenario`, `CallTimeline`, elements
/// (`CallKind.elements`) and `validate` listing.
///
/// The kinds a scenario may be: `SceneKinds.all` (CallshadeKinds, where each
/// kind is, and its one registration list).
public protocol SceneKind: Sendable {
    /// What "scene" says for it.
    var name: String { get }
    /// Its own top-level keys, besides those every kind has (`ScenarioParser.sharedKeys`).
    var keys: [String] { get }
    /// What one of its events can change: each event has "at" and exactly one of these.
    var eventKinds: [String] { get }
    /// Keys that go with some of its changes in an event (the call's "reason", with an ended state).
    var eventQualifiers: [String] { get }
    /// Its elements' tags, bottom to top: what `--layers` names for its scenarios.
    var tags: [SceneTag] { get }

    /// Reads its keys and its events from `top`, the file's object, whose
    /// shared keys are read already (`settings`); throws `ScenarioError`.
    func scenario(from top: [String: JSONValue], settings: ScenarioSettings, reading: ScenarioReading) throws -> any ParsedScenario
}

extension SceneKind {
    public var eventQualifiers: [String] { [] }
}

/// The keys every kind of scenario has, read by the shared rules.
public struct ScenarioSettings: Equatable, Sendable {
    public let duration: Double
    public let seed: Int64
    public let size: FrameSize?
    public let fps: Int?

    public init(duration: Double, seed: Int64 = 0, size: FrameSize? = nil, fps: Int? = nil) {
        self.duration = duration
        self.seed = seed
        self.size = size
        self.fps = fps
    }

    /// The longest scenario accepted: 24 hours.
    public static let maximumDuration = 86_400.0
    /// The most events a scenario file may hold.
    public static let maximumEvents = 100_000
    /// The frame rates accepted.
    public static let frameRates = 1...1000
}

/// A scenario that keeps the shared keys as read (`settings`): its
/// duration, seed, size and frame rate are theirs unless it says otherwise
/// (a drawing's size is its canvas's without `size`).
public protocol SettingsBackedScenario: ParsedScenario {
    var settings: ScenarioSettings { get }
}

extension SettingsBackedScenario {
    public var duration: Double { settings.duration }
    public var seed: Int64 { settings.seed }
    public var size: FrameSize? { settings.size }
    public var fps: Int? { settings.fps }
}

/// A scenario as its kind's parser read it (the call's: `Scenario`).
public protocol ParsedScenario: Sendable {
    /// Its kind's name.
    var scene: String { get }
    var duration: Double { get }
    var seed: Int64 { get }
    var size: FrameSize? { get }
    var fps: Int? { get }
}
