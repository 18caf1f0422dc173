import CallshadeCore
import CallshadeRender

/// A drawing's moments: each stroke's start, and its stroke as a band.
extension DrawingScenario: MarkedScenario {
    public func timelineMarks(frames: any FrameScenes, fps: Int) -> (marks: [TimelineMark], bands: [TimelineBand]) {
        let summaries = DrawingTimeline(self).summaries
        return (summaries.map { TimelineMark(time: $0.start, label: "stroke \($0.index + 1) (\($0.tool.rawValue))") },
                summaries.map { TimelineBand(row: "strokes", label: "\($0.index + 1) \($0.tool.rawValue)", start: $0.start, end: $0.end) })
    }
}
