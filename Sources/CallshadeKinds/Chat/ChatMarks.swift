import CallshadeCore
import CallshadeRender

/// A chat's moments: its timeline's milestones, its drafts, recordings, captures and wallpaper steps as bands.
extension ChatScenario: MarkedScenario {
    public func timelineMarks(frames: any FrameScenes, fps: Int) -> (marks: [TimelineMark], bands: [TimelineBand]) {
        let timeline = ChatTimeline(self)
        // A voice message's or a round video's length, from the files the frames opened.
        let screen = (frames as? ChatFrames)?.screen
        let length = { (media: ChatMedia) -> Double? in
            switch media {
            case .voice(let voice): return screen?.voices[voice.path]?.duration
            case .roundVideo(let video): return screen?.videos[video.path]?.duration
            default: return nil
            }
        }
        return (timeline.milestones.map { TimelineMark(time: $0.time, label: $0.text) }, Self.bands(timeline, length: length))
    }

    /// A chat's drafts (from 0.8 s before each send), its voice messages' recordings and round videos' captures (from D
    /// before, `length` giving D), and its wallpaper steps.
    public static func bands(_ timeline: ChatTimeline, length: (ChatMedia) -> Double? = { _ in nil }) -> [TimelineBand] {
        let scenario = timeline.scenario
        let step = timeline.wallpaper.stepDuration
        var bands: [TimelineBand] = []
        var previousSend = 0.0
        for event in scenario.events.sorted(by: { ($0.at, $0.index) < ($1.at, $1.index) }) {
            switch event.change {
            case .send(let text, _, _, let media):
                let draft = ChatTimeline.leadStart(sendAt: event.at, lead: ChatTimeline.draftLead, previousSend: previousSend)
                if draft < event.at, media?.isTyped ?? true {
                    bands.append(TimelineBand(row: "drafts", label: "draft \"\(UserText.shown(text, limit: 16))\"", start: draft, end: event.at))
                }
                if let media, let duration = length(media) {
                    let start = ChatTimeline.leadStart(sendAt: event.at, lead: duration, previousSend: previousSend)
                    let what: String
                    if case .voice = media { what = "recording" } else { what = "capture" }
                    if start < event.at { bands.append(TimelineBand(row: "drafts", label: "\(what) \(media.shownName)", start: start, end: event.at)) }
                }
                bands.append(TimelineBand(row: "wallpaper", label: "step", start: event.at, end: min(event.at + step, scenario.duration)))
                previousSend = event.at
            case .wallpaperStep:
                bands.append(TimelineBand(row: "wallpaper", label: "step", start: event.at, end: min(event.at + step, scenario.duration)))
            case .read:
                break
            }
        }
        return bands
    }
}
