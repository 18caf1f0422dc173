import CallshadeCore
import CallshadeRender

/// `validate` for a drawing (`drawing.md` section 8): its settings, its
/// canvas, then each stroke (tool, samples kept after its tool's filter,
/// start, end, length in canvas px) and each entity.
extension DrawingScenario: ListedScenario {
    public func listing(file: String) throws -> ValidationListing {
        // The background must be drawable: a broken PNG is refused here, as `render` would.
        _ = try DrawingFrames.screen(self, file: file, size: DrawingFrames.size(self), reuse: ReuseStore(.off))
        let facts = ValidationListing.facts(duration: duration, seed: seed) + [ValidationListing.count(strokes.count, "stroke")]
            + ValidationListing.settings(size: settings.size, fps: fps)
        let background: String
        switch canvas.background {
        case .colour(let colour): background = colour.description
        case .picture(let path): background = "\(path), aspect-filled"
        }
        let timeline = DrawingTimeline(self)
        let editorLines = editor.map { EditorListing.lines($0, strokes: strokes, fates: timeline.fates) } ?? []
        return ValidationListing(facts: facts, kind: scene, details: ["canvas: \(canvas.size), background \(background)"],
                                 timeline: .items(timeline.summaries.map { "\($0)" }
                                     + LassoListing.copyLines(fates: timeline.fates, facts: LassoFacts(fates: timeline.fates, events: editor?.events ?? []))),
                                 closing: entitySummaries.enumerated().map { index, summary in
                                     "  entity \(index): \(summary)"
                                         + (timeline.fates.entityRemovals[index].map { "; removed by the editor from \(ShownNumber.text($0)) s" } ?? "")
                                 } + editorLines)
    }

    public var printed: [PrintedField: String] { ValidationListing.values(self, size: DrawingFrames.size(self)) }
}
