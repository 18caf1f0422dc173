import CallshadeCore

/// The call screen as a scene kind ("scene": "call", the default). It owns
/// its scenario keys and events (`CallScenarioParser`, read into a
/// `Scenario`), its timeline (`CallTimeline`, whose `FrameState` at an
/// instant its elements draw from), its elements in order (`elements`) and
/// its `validate` listing (`CallTimeline.milestones`).
public struct CallKind: SceneKind {
    public static let name = "call"

    /// The call screen's elements, bottom to top: the scene's nodes come in
    /// this order, and their tags in this order on the command line. Adding
    /// an element is one entry here. Its video element draws no pictures:
    /// a render of a video call uses `elements(with:)`.
    public static let elements = elements(with: VideoElement())

    /// The call screen's elements with `video` drawing the video call's pictures.
    ///
    /// The video call's order (video-call, section 1) puts the buttons and
    /// notices below the words; here the words come first, as they always
    /// have (no glass or mark of one overlaps the other's).
    public static func elements(with video: VideoElement) -> CallElements {
        CallElements([
            BackgroundElement(),
            AvatarWavesElement(),
            video,
            WordsElement(),
            KeyElement(),
            ButtonsElement(),
            NoticesElement(),
            RatingElement(),
        ])
    }

    public init() {}

    public var name: String { Self.name }
    public var tags: [SceneTag] { Self.elements.tags }
    public var keys: [String] { CallScenarioParser.keys }
    public var eventKinds: [String] { CallScenarioParser.eventKinds }
    public var eventQualifiers: [String] { ["reason"] }

    public func scenario(from top: [String: JSONValue], settings: ScenarioSettings, reading: ScenarioReading) throws -> any ParsedScenario {
        try CallScenarioParser.scenario(from: top, settings: settings, reading: reading)
    }
}

extension SceneTag {
    /// The tags of the background, the waves and the avatar: what callshade drew before it drew words.
    public static let picture: Set<SceneTag> = [.background, .waves, .avatar]
}
