import CallshadeCore

/// The media gallery as a scene kind ("scene": "gallery"; `gallery.md`): a
/// grid of square tiles under an optional bar, scrolled by recorded drags
/// and flings, zoomed by pinches and taps, and a viewer that opens an item.
/// Its keys and events are read by `GalleryScenarioParser`, its timeline is
/// `GalleryTimeline`, its elements are listed in `elements`.
public struct GalleryKind: SceneKind {
    public static let name = "gallery"

    /// The gallery's elements, bottom to top.
    public static let elements = GalleryElements([
        GalleryGridElement(),
        GalleryBarElement(),
        GalleryViewerElement(),
    ])

    public init() {}

    public var name: String { Self.name }
    public var tags: [SceneTag] { Self.elements.tags }
    public var keys: [String] { GalleryScenarioParser.keys }
    public var eventKinds: [String] { GalleryScenarioParser.eventKinds }

    public func scenario(from top: [String: JSONValue], settings: ScenarioSettings, reading: ScenarioReading) throws -> any ParsedScenario {
        try GalleryScenarioParser.scenario(from: top, settings: settings, reading: reading)
    }
}

/// An element of the gallery: it draws from a `GalleryInstant`.
public protocol GalleryElement: SceneElement where Source == GalleryScenario, Instant == GalleryInstant {}

/// The gallery kind's list of elements.
public typealias GalleryElements = SceneElements<GalleryScenario, GalleryInstant>

/// What the gallery's elements draw from at one instant.
public struct GalleryInstant: Sendable {
    /// Seconds from the scenario's start.
    public let time: Double
    public let scenario: GalleryScenario
    /// The scenario's level laid out for the frame (its scale, bar and size are every level's).
    public let layout: GalleryLayout
    /// The grids shown then, the old first (`GalleryTimeline.shown`): one at rest, two while a zoom morphs.
    public let grids: [GalleryShownGrid]
    /// The viewer, while it is up.
    public let viewer: GalleryViewerShown?
    /// What the tiles show (the fill, or the media files probed).
    public let items: GalleryTileItems
    /// Sets the bar's title and the video labels.
    public let text: any TextSetting
    /// Keeps the grid's pictures between frames, by `owner`.
    public let reuse: ReuseStore
    /// Stands for the screen that draws: its scenario and frame size.
    public let owner: ReuseOwner

    public init(time: Double, scenario: GalleryScenario, layout: GalleryLayout, grids: [GalleryShownGrid], viewer: GalleryViewerShown? = nil,
                items: GalleryTileItems, text: any TextSetting, reuse: ReuseStore, owner: ReuseOwner) {
        self.items = items
        self.viewer = viewer
        self.time = time
        self.scenario = scenario
        self.layout = layout
        self.grids = grids
        self.text = text
        self.reuse = reuse
        self.owner = owner
    }
}
