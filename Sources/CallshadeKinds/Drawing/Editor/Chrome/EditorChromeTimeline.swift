import CallshadeCore

/// The editor's screen over a session, in points (`editor.md` sections 1
/// to 3): the tools' motion, each tool's size as its slider is dragged
/// (the band follows at once, linear between the drag's samples) and its
/// colour. Found once from the editor's events; a frame asks it at an instant.
public struct EditorChromeTimeline: Equatable, Sendable {
    public let editor: DrawingEditor
    public let tools: EditorToolsMotion
    public let tracks: EditorChromeTracks
    /// Each tool's size drags, in time order: the samples of each.
    let drags: [EditorTool: [[EditorSizeSample]]]
    /// Each tap that changed the selected tool.
    let selections: [(at: Double, tool: EditorTool)]

    public init(_ editor: DrawingEditor, strokes: [Stroke], fates: StrokeFates, canvas: FrameSize) {
        self.editor = editor
        tools = EditorToolsMotion(editor)
        // The zoom's scale (all the toggles need of it) does not depend on the frame.
        tracks = EditorChromeTracks(editor: editor, timeline: StrokeShowing(strokes: strokes, fates: fates),
                                    zoom: CanvasZoom(events: editor.events, canvas: canvas, frame: canvas), strokes: strokes)
        let spans = StrokeSpans(strokes)
        var state = EditorState(editor), drags: [EditorTool: [[EditorSizeSample]]] = [:], selections: [(at: Double, tool: EditorTool)] = []
        for event in editor.events {
            if case .size(let samples) = event.action { drags[state.selected, default: []].append(samples) }
            let before = state.selected
            _ = try? state.apply(event, strokes: strokes, spans: spans)
            if state.selected != before { selections.append((event.at, state.selected)) }
        }
        self.drags = drags
        self.selections = selections
    }

    /// Everything else is worked out from the editor and the strokes.
    public static func == (lhs: EditorChromeTimeline, rhs: EditorChromeTimeline) -> Bool {
        lhs.editor == rhs.editor && lhs.drags == rhs.drags
    }

    /// `tool`'s size slider at `time`.
    public func size(of tool: EditorTool, at time: Double) -> Double {
        var value = editor.tools[tool]?.size ?? 0
        for samples in drags[tool] ?? [] {
            guard let first = samples.first, first.time <= time else { break }
            value = samples.last?.value ?? value
            guard let next = samples.firstIndex(where: { $0.time > time }) else { continue }
            let low = samples[next - 1], high = samples[next]
            return low.value + (high.value - low.value) * (time - low.time) / (high.time - low.time)
        }
        return value
    }

    /// The tool selected at `time` (the last tap that selected one).
    public func selected(at time: Double) -> EditorTool {
        selections.last { $0.at <= time }?.tool ?? editor.tool
    }

    /// `tool`'s colour (opaque).
    public func colour(of tool: EditorTool, at time: Double) -> RGB {
        editor.tools[tool]?.colour.color ?? .white
    }
}

/// The screen's frame in points: the scale (frame pixels a point) and its height.
public struct EditorFrame: Equatable, Sendable {
    public let scale: Double
    public let height: Double

    public init(_ size: FrameSize) {
        scale = Double(size.width) / EditorLayout.width
        height = Double(size.height) / scale
    }

    /// The tool panel's top, pt: P = H - sB - 161.
    public var panelTop: Double { height - EditorLayout.bottomInset - 161 }
}
