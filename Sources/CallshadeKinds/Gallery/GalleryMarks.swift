import CallshadeCore
import CallshadeRender

/// A gallery's moments: each scroll's start, and the scroll as a band to where it settles.
extension GalleryScenario: MarkedScenario {
    public func timelineMarks(frames: any FrameScenes, fps: Int) -> (marks: [TimelineMark], bands: [TimelineBand]) {
        let layout = (frames as? GalleryFrames)?.screen.layout ?? layout(size: defaultFrameSize)
        let settles = GalleryScroll(self, layout: layout).settles
        return (events.map { TimelineMark(time: $0.at, label: $0.scroll.samples.isEmpty ? "fling" : "drag") },
                zip(events, settles).map { TimelineBand(row: "scroll", label: $0.scroll.samples.isEmpty ? "fling" : "drag", start: $0.at, end: max($1.time, $0.at)) })
    }
}
