import CallshadeCore

/// The chat screen as a scene kind ("scene": "chat"; chat, section 0). It
/// owns its scenario keys and events (`ChatScenarioParser`, read into a
/// `ChatScenario`), its timeline (`ChatTimeline`), its elements in order
/// (`elements`) and its `validate` listing (`ChatTimeline.milestones`).
public struct ChatKind: SceneKind {
    public static let name = "chat"

    /// The chat screen's elements, bottom to top.
    public static let elements = ChatElements([
        WallpaperElement(),
        MessagesElement(),
        DatePillElement(),
        NavigationBarElement(),
        VideoCaptureElement(),
        InputPanelElement(),
        SendFlightElement(),
    ])

    public init() {}

    public var name: String { Self.name }
    public var tags: [SceneTag] { Self.elements.tags }
    public var keys: [String] { ChatScenarioParser.keys }
    public var eventKinds: [String] { ChatScenarioParser.eventKinds }
    public var eventQualifiers: [String] { ChatScenarioParser.eventQualifiers }

    public func scenario(from top: [String: JSONValue], settings: ScenarioSettings, reading: ScenarioReading) throws -> any ParsedScenario {
        try ChatScenarioParser.scenario(from: top, settings: settings, reading: reading)
    }
}

/// An element of the chat screen: it draws from a `ChatInstant`; its texts depend on the `ChatScenario`.
public protocol ChatElement: SceneElement where Source == ChatScenario, Instant == ChatInstant {}

/// The chat kind's list of elements.
public typealias ChatElements = SceneElements<ChatScenario, ChatInstant>

/// What the chat's elements draw from at one instant.
public struct ChatInstant: Sendable {
    public let scenario: ChatScenario
    public let timeline: ChatTimeline
    /// Seconds from the scenario's start.
    public let time: Double
    /// The pattern drawn for the frame's size (nil: none).
    public let pattern: PatternMask?
    /// Sets the messages' text; nil draws no messages.
    public let text: (any TextSetting)?
    /// The contact's picture for the navigation bar (nil: the placeholder).
    public let avatar: AvatarImage?
    /// The list, the panel and the flying sends at `time`, worked out once for the elements (nil: they work it out).
    public let motion: ChatListMotion?
    /// The wallpaper with its pattern at `time` and the frame's size, made once for the wallpaper and every glass that shows it (nil: each makes it).
    public let wallpaper: WallpaperNode?
    /// The stickers the scenario sends, loaded.
    public let stickers: ChatStickers
    /// The voice messages it sends, decoded, by path.
    public let voices: [String: VoiceClip]
    /// The round videos it sends, opened, by path, and the pictures of them this frame shows.
    public let videos: [String: RoundVideoFile]
    public let videoPictures: RoundVideoPictures

    public init(scenario: ChatScenario, timeline: ChatTimeline, time: Double, pattern: PatternMask? = nil, text: (any TextSetting)? = nil,
                avatar: AvatarImage? = nil, motion: ChatListMotion? = nil, wallpaper: WallpaperNode? = nil, stickers: ChatStickers = .none,
                voices: [String: VoiceClip] = [:], videos: [String: RoundVideoFile] = [:], videoPictures: RoundVideoPictures = .init()) {
        self.stickers = stickers
        self.voices = voices
        self.videos = videos
        self.videoPictures = videoPictures
        self.avatar = avatar
        self.motion = motion
        self.wallpaper = wallpaper
        self.scenario = scenario
        self.timeline = timeline
        self.time = time
        self.pattern = pattern
        self.text = text
    }
}
