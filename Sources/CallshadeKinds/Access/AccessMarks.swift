import CallshadeCore
import CallshadeRender

/// The access screen has no moments of its own: its sparkle loops.
extension AccessScenario: MarkedScenario {
    public func timelineMarks(frames: any FrameScenes, fps: Int) -> (marks: [TimelineMark], bands: [TimelineBand]) { ([], []) }
}
