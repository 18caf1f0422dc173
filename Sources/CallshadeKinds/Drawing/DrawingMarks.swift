import CallshadeCore
import CallshadeRender

/// A drawing's moments: each stroke's start, each object eraser's contact,
/// each hold into a shape and each lasso's selection (`drawing-tools.md`); each stroke as a band,
/// and each fade (a removal's, a shape's cross-fade) as a band of its own
/// row; each editor event, its drags (a size, a zoom) as bands of the "editor" row.
extension DrawingScenario: MarkedScenario {
    public func timelineMarks(frames: any FrameScenes, fps: Int) -> (marks: [TimelineMark], bands: [TimelineBand]) {
        let timeline = DrawingTimeline(self), summaries = timeline.summaries
        var marks = summaries.map { TimelineMark(time: $0.start, label: "stroke \($0.index + 1) (\($0.tool.rawValue))") }
        var bands = summaries.map { TimelineBand(row: "strokes", label: "\($0.index + 1) \($0.tool.rawValue)", start: $0.start, end: $0.end) }
        for (index, conversion) in timeline.fates.conversions.sorted(by: { $0.key < $1.key }) {
            marks.append(TimelineMark(time: conversion.at, label: "stroke \(index + 1) held: \(conversion.match.name)"))
            bands.append(TimelineBand(row: "fates", label: "\(index + 1) into a \(conversion.match.name)", start: conversion.at, end: conversion.settled))
        }
        for (index, erasure) in timeline.fates.erasures.sorted(by: { $0.key < $1.key }).flatMap({ item in item.value.map { (item.key, $0) } }) {
            marks.append(TimelineMark(time: erasure.at, label: "stroke \(index + 1) touched by \(erasure.eraser + 1)"))
            bands.append(TimelineBand(row: "fates", label: "\(index + 1) removed", start: erasure.at, end: erasure.gone))
        }
        for (lasso, selection) in timeline.fates.selections.sorted(by: { $0.key < $1.key }) {
            guard let first = selection.phases.first else { continue }
            marks.append(TimelineMark(time: first.from, label: "stroke \(lasso + 1) selects \(first.items.count)"))
            bands.append(TimelineBand(row: "fates", label: "\(lasso + 1) selection", start: first.from, end: min(selection.end, max(duration, first.from))))
        }
        for (index, event) in (editor?.events ?? []).enumerated() {
            marks.append(TimelineMark(time: event.at, label: "editor \(index): \(event.action.key)"))
            if event.end > event.at { bands.append(TimelineBand(row: "editor", label: "\(index) \(event.action.key)", start: event.at, end: event.end)) }
        }
        return (marks.sorted { $0.time < $1.time }, bands)
    }
}
