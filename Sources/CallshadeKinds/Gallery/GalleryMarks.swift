import CallshadeCore
import CallshadeRender

/// A gallery's moments: each event's instant, and what it starts as a band
/// to where it comes to rest (scrolls on one row, zooms on another, the
/// viewer from its open to its close's end on a third).
extension GalleryScenario: MarkedScenario {
    public func timelineMarks(frames: any FrameScenes, fps: Int) -> (marks: [TimelineMark], bands: [TimelineBand]) {
        let timeline = (frames as? GalleryFrames)?.screen.timeline ?? (try? GalleryTimeline(self, size: defaultFrameSize))
        let outcomes = timeline?.outcomes ?? []
        return (events.map { TimelineMark(time: $0.at, label: $0.kindName) },
                outcomes.filter { $0.until > $0.event.at }.map { outcome in
                    let row = outcome.opensViewer ? "viewer" : outcome.event.scroll != nil ? "scroll" : "zoom"
                    return TimelineBand(row: row, label: outcome.event.kindName, start: outcome.event.at, end: outcome.until)
                })
    }
}
