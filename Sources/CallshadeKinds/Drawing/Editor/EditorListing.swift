import CallshadeCore

/// `validate`'s lines for the editor (`editor.md` section 0): its settings,
/// then each event with its instant and what it does, an undo or a clear
/// with what it removed (or that it does nothing, as the app's disabled
/// button would), from the session's fates.
enum EditorListing {
    static func lines(_ editor: DrawingEditor, strokes: [Stroke], fates: StrokeFates) -> [String] {
        let events = editor.events.count
        var lines = ["editor: \(editor.shown ? "shown" : "not shown (its events act on the canvas)")\(editor.enters ? ", entering at 0 s" : ""), "
                     + "\(editor.tool.rawValue) selected, \(editor.mode.rawValue) mode, \(events) event\(events == 1 ? "" : "s")"]
        var state = EditorState(editor)
        let spans = StrokeSpans(strokes)
        for (index, event) in editor.events.enumerated() {
            let did = (try? state.apply(event, strokes: strokes, spans: spans)) ?? "refused"
            let text: String
            switch event.action {
            case .undo:
                if case .undid(let stroke, let restoring) = fates.edits[index] {
                    text = "removes stroke \(stroke) (\(strokes[stroke].tool.rawValue))"
                        + (restoring.isEmpty ? "" : ", bringing back stroke\(restoring.count == 1 ? "" : "s") \(restoring.map(String.init).joined(separator: ", "))")
                } else {
                    text = "does nothing: no finished stroke is left (the button is disabled)"
                }
            case .clear:
                if case .cleared(let cleared, let entities) = fates.edits[index] {
                    text = "removes \(count(cleared.count, "stroke")) and \(count(entities.count, "entity", "entities"))"
                } else {
                    text = "does nothing: nothing is on the canvas (the button is disabled)"
                }
            case .lasso:
                text = did == "refused" ? did : LassoListing.eventText(fates.lassoEdits[index], event: event, fates: fates)
            default:
                text = did
            }
            lines.append("  event \(index) at \(ShownNumber.text(event.at)) s, \(event.action.key): \(text)")
        }
        return lines
    }

    private static func count(_ number: Int, _ one: String, _ many: String? = nil) -> String {
        "\(number) \(number == 1 ? one : many ?? one + "s")"
    }
}
