import CallshadeCore

/// `validate` for a drawing scenario (`drawing.md` section 8): its settings,
/// `scene: drawing`, its canvas, then each stroke (tool, samples kept after
/// its tool's filter, start, end, length in canvas px).
struct DrawingValidation {
    let scenario: DrawingScenario
    let file: String
    let lines: Int

    /// Prints the summary, or with `print` one value ("size", "fps", "duration", "seed"; nothing else a drawing has).
    func run(print field: String?) throws {
        if let field {
            switch field {
            case "size": Swift.print(DrawingFrames.size(scenario))
            case "fps": Swift.print(scenario.fps ?? 60)
            case "duration": Swift.print(ShownNumber.text(scenario.duration))
            case "seed": Swift.print(scenario.seed)
            default: Swift.print("")
            }
            return
        }
        // The background must be drawable: a broken PNG is refused here, as `render` would.
        _ = try DrawingFrames.screen(scenario, file: file, size: DrawingFrames.size(scenario), reuse: ReuseStore(.off))
        let strokes = scenario.strokes.count
        var parts = ["\(ShownNumber.text(scenario.duration)) s", "seed \(scenario.seed)", "\(strokes) stroke\(strokes == 1 ? "" : "s")"]
        if let size = scenario.settings.size { parts.append("size \(size)") }
        if let fps = scenario.fps { parts.append("\(fps) fps") }
        Swift.print("\(file): valid; " + parts.joined(separator: ", "))
        Swift.print("scene: drawing")
        let background: String
        switch scenario.canvas.background {
        case .colour(let colour): background = colour.description
        case .picture(let path): background = "\(path), aspect-filled"
        }
        Swift.print("canvas: \(scenario.canvas.size), background \(background)")
        let summaries = DrawingTimeline(scenario).summaries
        let most = max(lines, 2)
        let shown = summaries.count <= most ? summaries : Array(summaries.prefix(most / 2)) + Array(summaries.suffix(most / 2))
        for (index, summary) in shown.enumerated() {
            if shown.count < summaries.count, index == shown.count / 2 {
                Swift.print("  ...  \(summaries.count - shown.count) more")
            }
            Swift.print("  \(summary)")
        }
        for (index, summary) in scenario.entitySummaries.enumerated() { Swift.print("  entity \(index): \(summary)") }
    }
}
