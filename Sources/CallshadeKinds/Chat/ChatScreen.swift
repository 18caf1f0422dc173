import CallshadeCore
import CallshadeLottie

/// The chat screen: the chat kind's elements (`ChatKind.elements`) drawn
/// for a scenario at an instant, into a frame of a size.
public struct ChatScreen: Sendable {
    public let timeline: ChatTimeline
    public let size: FrameSize
    /// The tags drawn (all by default).
    public let showing: Set<SceneTag>
    public let elements: ChatElements
    /// The scenario's pattern drawn for `size` (by librsvg, in CallshadeSVG), if it has one.
    public let pattern: PatternMask?
    /// Sets the messages' text (made for `elements.texts(for:)` at this size's scale); nil draws no messages.
    public let text: (any TextSetting)?
    /// The contact's picture, prepared for the navigation bar's circle; nil: the placeholder with initials.
    public let avatar: AvatarImage?
    /// What is kept between frames: the lines set, the wallpaper's rasters (a frame between steps takes the last one's), stickers' frames.
    public let reuse: ReuseStore
    /// The stickers it sends, loaded.
    public let stickers: ChatStickers
    /// The voice messages it sends, decoded.
    public let voices: [String: VoiceClip]
    /// The round videos it sends, opened.
    public let videos: [String: RoundVideoFile]

    public init(_ scenario: ChatScenario, size: FrameSize, pattern: PatternMask? = nil, text: (any TextSetting)? = nil,
                avatar: AvatarImage? = nil, showing: Set<SceneTag>? = nil, elements: ChatElements = ChatKind.elements,
                reuse: ReuseStore = ReuseStore(), stickers: [String: Sticker] = [:],
                voices: [String: VoiceClip] = [:], videos: [String: RoundVideoFile] = [:]) {
        self.reuse = reuse
        self.voices = voices
        self.videos = videos
        self.stickers = ChatStickers(byPath: stickers, reuse: reuse)
        timeline = ChatTimeline(scenario)
        self.avatar = avatar
        self.size = size
        self.pattern = pattern
        // The messages are laid out from their widths at every frame: each text is shaped once a screen.
        self.text = text.map { RememberedLines($0, reuse: reuse) }
        self.elements = elements
        self.showing = showing ?? Set(elements.tags)
    }

    /// The scene at `time` seconds, without its round videos' pictures.
    public func scene(at time: Double) -> Scene {
        scene(at: time) { _ in nil }
    }

    /// The scene at `time` seconds, each round video's picture it shows taken from `picture` (nil: not drawn).
    public func scene(at time: Double, picture: (RoundVideoPictures.Key) throws -> SourcePicture?) rethrows -> Scene {
        var scene = Scene(size: size, background: nil)
        // The list's motion once a frame, for the messages, the date, the panel and the flights.
        let partial = ChatInstant(scenario: timeline.scenario, timeline: timeline, time: time, pattern: pattern, text: text, avatar: avatar,
                                  stickers: stickers, voices: voices, videos: videos)
        let motion = text.map { MessagesElement.motion(at: partial, text: $0, frame: size) }
        var pictures = RoundVideoPictures()
        if let motion, !videos.isEmpty {
            for key in RoundVideoPictures.wanted(motion, at: time, videos: videos) { pictures.pictures[key] = try picture(key) }
        }
        // The wallpaper once a frame, for itself and each glass over it (its raster is the four-point gradient at 3,600 points).
        let wallpaper = WallpaperElement.node(at: partial, size: size, reuse: reuse)
        elements.add(to: &scene, at: ChatInstant(scenario: timeline.scenario, timeline: timeline, time: time, pattern: pattern, text: text,
                                                 avatar: avatar, motion: motion, wallpaper: wallpaper, stickers: stickers, voices: voices, videos: videos,
                                                 videoPictures: pictures),
                       showing: showing)
        return scene
    }
}
