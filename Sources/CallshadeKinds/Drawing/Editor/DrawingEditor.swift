import CallshadeCore

/// The editor's screen around a drawing (`editor.md` section 0): whether it
/// is drawn, whether its entry plays, its starting tool and mode, each
/// tool's colour and size, and the recorded events. A drawing without one
/// renders as the bare canvas.
public struct DrawingEditor: Equatable, Sendable {
    /// `on`: the screen is drawn; when false the events still act on the canvas.
    public var shown: Bool
    /// `enter`: the entry plays at 0 s.
    public var enters: Bool
    public var tool: EditorTool
    public var tools: [EditorTool: EditorToolSetting]
    public var mode: EditorMode
    /// In time order.
    public var events: [EditorEvent]

    /// The frame when the scenario gives none: a 390 x 844 pt phone at 3x (ours).
    public static let defaultFrame = FrameSize.phone
    /// The shortest frame the screen is laid out in, pt (ours).
    public static let minimumHeight = 600.0

    public init(shown: Bool = true, enters: Bool = false, tool: EditorTool = .pen, tools: [EditorTool: EditorToolSetting] = EditorToolSetting.defaults,
                mode: EditorMode = .draw, events: [EditorEvent] = []) {
        self.shown = shown
        self.enters = enters
        self.tool = tool
        self.tools = tools
        self.mode = mode
        self.events = events
    }
}

/// The tools of the panel, in its order left to right (`editor.md` section 1).
public enum EditorTool: String, CaseIterable, Sendable {
    case pen, marker, neon, pencil, lasso, eraser

    /// Its place in the panel, 0 to 5.
    public var position: Int { Self.allCases.firstIndex(of: self) ?? 0 }
    /// Whether it has a colour (the tip and band, the colour button).
    public var hasColour: Bool { self != .lasso && self != .eraser }
    /// Whether it has a size (a weight slider).
    public var hasSize: Bool { self != .lasso }
}

/// A tool's colour and size slider (the lasso has neither, the eraser no colour).
public struct EditorToolSetting: Equatable, Sendable {
    public var colour: StrokeColour
    public var size: Double

    public init(colour: StrokeColour, size: Double) {
        self.colour = colour
        self.size = size
    }

    /// `editor.md` section 0's defaults.
    public static let defaults: [EditorTool: EditorToolSetting] = [
        .pen: EditorToolSetting(bytes: (0xFF, 0xFF, 0xFF), size: 0.3),
        .marker: EditorToolSetting(bytes: (0xFE, 0xE2, 0x1B), size: 0.5),
        .neon: EditorToolSetting(bytes: (0x34, 0xFF, 0xAB), size: 0.5),
        .pencil: EditorToolSetting(bytes: (0x25, 0x70, 0xF0), size: 0.5),
        .eraser: EditorToolSetting(bytes: (0xFF, 0xFF, 0xFF), size: 0.5),
    ]

    private init(bytes: (Int, Int, Int), size: Double) {
        self.init(colour: StrokeColour(color: RGB(Double(bytes.0) / 255, Double(bytes.1) / 255, Double(bytes.2) / 255), alpha: 1), size: size)
    }
}


/// The Draw / Text control's two halves.
public enum EditorMode: String, CaseIterable, Sendable {
    case draw, text
}

/// One recorded event: its instant and its one action.
public struct EditorEvent: Equatable, Sendable {
    public let at: Double
    public let action: EditorAction

    public init(at: Double, action: EditorAction) {
        self.at = at
        self.action = action
    }

    /// The instant its drag ends (its last sample), or `at` for a tap.
    public var end: Double {
        switch action {
        case .size(let samples): samples.last?.time ?? at
        case .zoom(let samples): samples.last?.time ?? at
        case .lasso(.move(let samples)): samples.last?.time ?? at
        default: at
        }
    }
}

/// What an event does (`editor.md` section 0).
public enum EditorAction: Equatable, Sendable {
    /// A tap on a tool: select, focus or unfocus.
    case tool(EditorTool)
    /// A drag on the size slider.
    case size([EditorSizeSample])
    /// A tap on the Draw / Text control (the pill only).
    case mode(EditorMode)
    case undo
    case clear
    /// A pinch: the canvas's zoom and the canvas point at the frame's centre over time.
    case zoom([EditorZoomSample])
    case zoomOut
    /// Leaves the editor.
    case done
    /// Unfocuses the focused tool, else leaves the editor.
    case back
    /// Acts on the lasso's live selection (`drawing-tools.md` section 0).
    case lasso(LassoAction)

    /// The event's key in the file.
    public var key: String {
        switch self {
        case .tool: "tool"
        case .size: "size"
        case .mode: "mode"
        case .undo: "undo"
        case .clear: "clear"
        case .zoom: "zoom"
        case .zoomOut: "zoomOut"
        case .done: "done"
        case .back: "back"
        case .lasso: "lasso"
        }
    }
}

/// A size drag's sample: the slider's value from `time` on (linear to the next).
public struct EditorSizeSample: Equatable, Sendable {
    public let time: Double
    public let value: Double

    public init(time: Double, value: Double) {
        self.time = time
        self.value = value
    }
}

/// A pinch's sample: the zoom over the fitted canvas (1 to 3) and the canvas
/// point at the frame's centre, canvas pixels.
public struct EditorZoomSample: Equatable, Sendable {
    public let time: Double
    public let scale: Double
    public let centre: Vec2

    public init(time: Double, scale: Double, centre: Vec2) {
        self.time = time
        self.scale = scale
        self.centre = centre
    }
}

/// What a lasso event does to the live selection (`drawing-tools.md`
/// sections 0 and 2): drags it, duplicates it, deletes it, or ends it (a tap off it).
public enum LassoAction: Equatable, Sendable {
    case move([LassoMoveSample])
    case duplicate
    case delete
    case end

    /// The most lasso events a session has (ours).
    public static let limit = 1000
    /// The largest offset a move's sample gives, canvas pixels.
    public static let largestOffset = 1_000_000.0
    /// The taps' names in the file.
    public static let taps: [String: LassoAction] = ["duplicate": .duplicate, "delete": .delete, "end": .end]
}

/// A lasso drag's sample: the selection's offset since the drag's `at`, canvas pixels (linear to the next).
public struct LassoMoveSample: Equatable, Sendable {
    public let time: Double
    public let offset: Vec2

    public init(time: Double, offset: Vec2) {
        self.time = time
        self.offset = offset
    }
}
