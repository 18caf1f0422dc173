import CallshadeCore

/// The photo-access screen as a scene kind ("scene": "access"; `drawing.md`
/// section 7): a white screen, its title, the Allow Access button and the
/// sparkle looping over the button. It has no keys of its own (the shared
/// `duration`, `fps`, `size`, `seed`); its timeline is the sparkle's loop
/// (`AccessSparkle`), its elements are listed in `elements`.
public struct AccessKind: SceneKind {
    public static let name = "access"

    /// The access screen's elements, bottom to top.
    public static let elements = AccessElements([
        AccessScreenElement(),
        SparkleElement(),
    ])

    public init() {}

    public var name: String { Self.name }
    public var tags: [SceneTag] { Self.elements.tags }
    public var keys: [String] { [] }
    public var eventKinds: [String] { [] }

    public func scenario(from top: [String: JSONValue], settings: ScenarioSettings, reading: ScenarioReading) throws -> any ParsedScenario {
        AccessScenario(settings: settings)
    }
}

/// The access screen's scenario: the shared settings alone.
public struct AccessScenario: SettingsBackedScenario, Equatable {
    public let settings: ScenarioSettings

    public init(settings: ScenarioSettings) {
        self.settings = settings
    }

    public var scene: String { AccessKind.name }
}

/// An element of the access screen: it draws from an `AccessInstant`; its texts are the screen's own.
public protocol AccessElement: SceneElement where Source == AccessScenario, Instant == AccessInstant {}

/// The access kind's list of elements.
public typealias AccessElements = SceneElements<AccessScenario, AccessInstant>

/// What the access screen's elements draw from at one instant.
public struct AccessInstant: Sendable {
    /// Seconds from the scenario's start.
    public let time: Double
    public let layout: AccessLayout
    /// Sets the title and the button's label.
    public let text: any TextSetting

    public init(time: Double, layout: AccessLayout, text: any TextSetting) {
        self.time = time
        self.layout = layout
        self.text = text
    }
}
