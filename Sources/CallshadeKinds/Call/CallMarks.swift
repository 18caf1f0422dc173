import CallshadeCore
import CallshadeRender

/// A call's moments: its timeline's milestones, and its phases as bands.
extension Scenario: MarkedScenario {
    public func timelineMarks(frames: any FrameScenes, fps: Int) -> (marks: [TimelineMark], bands: [TimelineBand]) {
        let timeline = (frames as? ScenarioFrames)?.timeline ?? CallTimeline(self)
        return (timeline.milestones.map { TimelineMark(time: $0.time, label: $0.text) },
                Self.bands(timeline, duration: duration, fps: fps))
    }

    /// The most instants a call's bands are read at: every frame up to this many, else evenly spread.
    public static let bandSamples = 20_000

    /// The call's phases, read from its timeline frame by frame (a band
    /// starts at the first frame that shows it): the call's state, idle
    /// (the background settling or paused), the video call's controls
    /// hidden, and the rating on screen.
    public static func bands(_ timeline: CallTimeline, duration: Double, fps: Int) -> [TimelineBand] {
        let frames = max(1, Int((duration * Double(fps)).rounded(.down)) + 1)
        let count = min(frames, bandSamples)
        let step = count == frames ? 1 / Double(fps) : duration / Double(count - 1)
        var runs = BandRuns()
        for index in 0..<count {
            let time = min(Double(index) * step, duration)
            let state = timeline.state(at: time)
            runs.set("state", state.status.state.rawValue, at: time)
            runs.set("idle", state.background == .running ? nil : "idle (\(state.background.rawValue))", at: time)
            runs.set("controls", state.video.controlsHidden > 0 ? "controls hidden" : nil, at: time)
            runs.set("rating", state.rating == nil ? nil : "rating", at: time)
        }
        return runs.closed(at: duration)
    }
}
