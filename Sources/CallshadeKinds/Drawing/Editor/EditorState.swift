import CallshadeCore

/// The editor as the recorded events leave it (`editor.md` sections 0 and
/// 6): the selected tool and whether it is focused, the mode, each tool's
/// setting, whether the canvas is zoomed, whether the editor is left. One
/// event at a time is applied, or refused with what is wrong; the parser
/// refuses a session whose events the screen could not have taken.
public struct EditorState: Equatable, Sendable {
    public var selected: EditorTool
    public var focused = false
    public var mode: EditorMode
    public var tools: [EditorTool: EditorToolSetting]
    /// The zoom the last pinch or Zoom Out left (1: fitted).
    public var zoom = 1.0
    public var exited = false

    public init(_ editor: DrawingEditor) {
        selected = editor.tool
        mode = editor.mode
        tools = editor.tools
    }

    /// An event the screen could not have taken: the field at fault and why.
    public struct Refusal: Error, Equatable {
        public let field: String
        public let problem: String
    }

    /// Applies `event`, the session's strokes drawn over `spans` (`strokes`: the same strokes); returns what it did, in words.
    public mutating func apply(_ event: EditorEvent, strokes: [Stroke], spans: StrokeSpans) throws -> String {
        let key = event.action.key
        guard !exited else { throw Refusal(field: key, problem: "comes after the editor was left (events end with done or back)") }
        switch event.action {
        case .tool(let tool):
            if focused {
                guard tool == selected else {
                    throw Refusal(field: key, problem: "the \(tool.rawValue) is hidden while the \(selected.rawValue) is focused; "
                                  + "tap the \(selected.rawValue) or go back first (got \"\(tool.rawValue)\")")
                }
                focused = false
                return "unfocuses the \(tool.rawValue)"
            }
            guard tool == selected else {
                selected = tool
                return "selects the \(tool.rawValue)"
            }
            guard tool != .lasso else { return "taps the selected lasso (it has no slider): nothing" }
            focused = true
            return "focuses the \(tool.rawValue)"
        case .size(let samples):
            guard selected.hasSize else { throw Refusal(field: key, problem: "the lasso has no size") }
            let before = tools[selected]?.size ?? 0
            guard let last = samples.last else { return "nothing" }
            tools[selected]?.size = last.value
            return "drags the \(selected.rawValue)'s size from \(ShownNumber.text(before)) to \(ShownNumber.text(last.value)) "
                + "by \(ShownNumber.text(last.time)) s\(focused ? "" : " (on the tool)")"
        case .mode(let mode):
            guard !focused else {
                throw Refusal(field: key, problem: "the Draw / Text control is the \(selected.rawValue)'s size slider while it is focused")
            }
            self.mode = mode
            return "moves the pill to \(mode == .draw ? "Draw" : "Text")"
        case .lasso(let action):
            if let drawn = spans.drawn(from: event.at, to: event.end) {
                throw Refusal(field: key, problem: "comes while strokes[\(drawn)] is being drawn (from \(ShownNumber.text(strokes[drawn].startTime)) "
                              + "to \(ShownNumber.text(strokes[drawn].endTime)) s)")
            }
            switch action {
            case .move(let samples):
                let last = samples.last?.offset ?? Vec2(0, 0)
                return "drags the selection by (\(ShownNumber.text(last.x)), \(ShownNumber.text(last.y))) px by \(ShownNumber.text(event.end)) s"
            case .duplicate: return "duplicates the selection"
            case .delete: return "deletes the selection"
            case .end: return "ends the selection"
            }
        case .undo, .clear:
            if let drawn = spans.drawn(at: event.at) {
                throw Refusal(field: key, problem: "comes while strokes[\(drawn)] is being drawn (from \(ShownNumber.text(strokes[drawn].startTime)) "
                              + "to \(ShownNumber.text(strokes[drawn].endTime)) s)")
            }
            return key
        case .zoom(let samples):
            zoom = samples.last?.scale ?? zoom
            guard let first = samples.first, let last = samples.last else { return "nothing" }
            return "zooms from \(ShownNumber.text(first.scale))x to \(ShownNumber.text(last.scale))x about "
                + "(\(ShownNumber.text(last.centre.x)), \(ShownNumber.text(last.centre.y))) by \(ShownNumber.text(last.time)) s"
        case .zoomOut:
            guard zoom > 1 else { throw Refusal(field: key, problem: "Zoom Out shows only while the canvas is zoomed in (it is at 1x)") }
            zoom = 1
            return "zooms out to 1x in \(ShownNumber.text(CanvasZoom.zoomOutSeconds)) s"
        case .done:
            exited = true
            return "leaves the editor"
        case .back:
            guard !focused else {
                focused = false
                return "unfocuses the \(selected.rawValue)"
            }
            exited = true
            return "leaves the editor"
        }
    }
}
