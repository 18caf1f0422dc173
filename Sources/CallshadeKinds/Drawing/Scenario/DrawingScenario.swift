import CallshadeCore

/// A drawing session (the drawing kind's, `DrawingKind`; `drawing.md`
/// section 0): the canvas and the strokes, replayed as they were drawn.
public struct DrawingScenario: SettingsBackedScenario, Equatable {
    public let settings: ScenarioSettings
    public let canvas: DrawingCanvas
    /// In drawing order: a later stroke lies over an earlier one.
    public let strokes: [Stroke]
    /// The shapes placed over the strokes, in file order (`Entities/`).
    public let entities: [ShapeEntity]
    /// The texts among the entities, each with its place in the file's list (`TextEntity.index`).
    public let texts: [TextEntity]
    /// The editor's screen and its events (`Editor/`); nil: the bare canvas.
    public let editor: DrawingEditor?

    public init(settings: ScenarioSettings, canvas: DrawingCanvas, strokes: [Stroke], entities: [ShapeEntity] = [], texts: [TextEntity] = [],
                editor: DrawingEditor? = nil) {
        self.settings = settings
        self.canvas = canvas
        self.strokes = strokes
        self.entities = entities
        self.texts = texts
        self.editor = editor
    }

    public var scene: String { DrawingKind.name }
    /// The frame's size: the scenario's, else the editor's phone when its screen is drawn, else the canvas's.
    public var size: FrameSize? { settings.size ?? (editor?.shown == true ? DrawingEditor.defaultFrame : canvas.size) }

    /// Each entity's first key, by its place in the file's `entities` (shapes and texts together).
    public var entityStarts: [Double] {
        entitiesInFileOrder.map { $0.keys.first?.at ?? .infinity }
    }
}

/// The canvas strokes are drawn on: its size in canvas pixels and its
/// background, one colour or a PNG (aspect-filled).
public struct DrawingCanvas: Equatable, Sendable {
    public enum Background: Equatable, Sendable {
        case colour(RGB)
        /// A PNG's absolute path.
        case picture(String)
    }

    public let size: FrameSize
    public let background: Background

    public static let defaultSize = FrameSize.portraitHD
    public static let defaultBackground = Background.colour(.white)

    public init(size: FrameSize = DrawingCanvas.defaultSize, background: Background = DrawingCanvas.defaultBackground) {
        self.size = size
        self.background = background
    }

    /// The canvas's longer side, pixels: what the tools' widths scale with.
    public var longerSide: Double { Double(max(size.width, size.height)) }
}
