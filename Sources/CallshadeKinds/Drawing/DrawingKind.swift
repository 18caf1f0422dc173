import CallshadeCore

/// A drawing session's replay as a scene kind ("scene": "drawing";
/// `drawing.md` section 0). It owns its scenario keys (`canvas`, `strokes`:
/// `DrawingScenarioParser`, read into a `DrawingScenario`), its timeline
/// (`DrawingTimeline`), its elements in order (`elements`) and its
/// `validate` listing (`DrawingTimeline.summaries`).
public struct DrawingKind: SceneKind {
    public static let name = "drawing"

    /// The drawing's elements, bottom to top.
    public static let elements = DrawingElements([
        CanvasElement(),
        StrokesElement(),
        EntitiesElement(),
        LassoElement(),
        EditorChromeElement(),
    ])

    public init() {}

    public var name: String { Self.name }
    public var tags: [SceneTag] { Self.elements.tags }
    public var keys: [String] { DrawingScenarioParser.keys }
    public var eventKinds: [String] { [] }

    public func scenario(from top: [String: JSONValue], settings: ScenarioSettings, reading: ScenarioReading) throws -> any ParsedScenario {
        try DrawingScenarioParser.scenario(from: top, settings: settings, reading: reading)
    }
}

/// An element of the drawing: it draws from a `DrawingInstant`; the editor's screen sets its labels.
public protocol DrawingElement: SceneElement where Source == DrawingScenario, Instant == DrawingInstant {}

/// The drawing kind's list of elements.
public typealias DrawingElements = SceneElements<DrawingScenario, DrawingInstant>

/// What the drawing's elements draw from at one instant.
public struct DrawingInstant: Sendable {
    public let timeline: DrawingTimeline
    /// Seconds from the scenario's start.
    public let time: Double
    public let placement: CanvasPlacement
    /// The canvas's PNG aspect-filled to the frame, if its background is
    /// one; or the canvas with the strokes' layer composed over it
    /// (`ComposedCanvas`), when both are shown.
    public let backgroundPicture: FramePicture?
    /// The strokes' layer: the strokes finished by `time` (`DrawingTimeline.finishedCount`),
    /// and any still being drawn up to an eraser being drawn; nil when it holds
    /// none, or when it is composed into `backgroundPicture`.
    public let strokesLayer: FramePicture?
    /// The strokes below this index are in the layer; those above are drawn as nodes.
    public let layeredStrokes: Int
    /// The text entities' pictures, by their place in the file's `entities` (a text without one is not drawn).
    public let textPictures: [Int: TextEntityPicture]
    /// Sets the editor screen's labels (nil: none drawn).
    public let text: (any TextSetting)?

    public init(timeline: DrawingTimeline, time: Double, placement: CanvasPlacement, backgroundPicture: FramePicture? = nil,
                strokesLayer: FramePicture? = nil, layeredStrokes: Int = 0, textPictures: [Int: TextEntityPicture] = [:],
                text: (any TextSetting)? = nil) {
        self.timeline = timeline
        self.time = time
        self.placement = placement
        self.backgroundPicture = backgroundPicture
        self.strokesLayer = strokesLayer
        self.layeredStrokes = layeredStrokes
        self.textPictures = textPictures
        self.text = text
    }

    public var scenario: DrawingScenario { timeline.scenario }
}
