import CallshadeCore
import CallshadeRender

/// What the studio's timeline shows of a scenario (`GET /api/summary`):
/// its kind, length, frame rate and sizes, its layers, its notable moments
/// as marks (the lines `validate` lists) and its phases as bands (a call's
/// states, idle, controls hidden, rating; a drawing's strokes; a chat's
/// drafts and wallpaper steps).
struct StudioSummary: Codable, Equatable {
    /// One instant on the timeline, labelled.
    struct Mark: Codable, Equatable {
        let time: Double
        let label: String
    }

    /// A stretch of time on one row of the timeline ("state", "idle", "stroke"...).
    struct Band: Codable, Equatable {
        let row: String
        let label: String
        let start: Double
        let end: Double
    }

    let kind: String
    let file: String
    let duration: Double
    let fps: Int
    /// The last frame number the scrubber reaches: the last n with n / fps within the scenario.
    let lastFrame: Int
    let size: String
    let previewSize: String
    let layers: [String]
    let marks: [Mark]
    let bands: [Band]
    /// Bumped at each reload that validated.
    let generation: Int

    /// The summary of `studio`'s scenario, numbered `generation`.
    init(_ scenario: StudioScenario, generation: Int) {
        kind = scenario.parsed.scene
        file = scenario.file
        duration = scenario.parsed.duration
        fps = scenario.fps
        lastFrame = scenario.lastFrame
        size = scenario.fullSize.description
        previewSize = scenario.previewSize.description
        layers = scenario.layerNames
        self.generation = generation
        switch scenario.parsed {
        case let call as Scenario:
            let timeline = scenario.callTimeline ?? CallTimeline(call)
            marks = timeline.milestones.map { Mark(time: $0.time, label: $0.text) }
            bands = Self.callBands(timeline, duration: call.duration, fps: scenario.fps)
        case let chat as ChatScenario:
            let timeline = ChatTimeline(chat)
            marks = timeline.milestones.map { Mark(time: $0.time, label: $0.text) }
            bands = Self.chatBands(timeline)
        case let drawn as DrawingScenario:
            let summaries = DrawingTimeline(drawn).summaries
            marks = summaries.map { Mark(time: $0.start, label: "stroke \($0.index + 1) (\($0.tool.rawValue))") }
            bands = summaries.map { Band(row: "strokes", label: "\($0.index + 1) \($0.tool.rawValue)", start: $0.start, end: $0.end) }
        default:
            marks = []
            bands = []
        }
    }

    /// The most instants a call's bands are read at: every frame up to this many, else evenly spread.
    static let bandSamples = 20_000

    /// The call's phases, read from its timeline frame by frame (a band
    /// starts at the first frame that shows it): the call's state, idle
    /// (the background settling or paused), the video call's controls
    /// hidden, and the rating on screen.
    static func callBands(_ timeline: CallTimeline, duration: Double, fps: Int) -> [Band] {
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

    /// A chat's drafts (from 0.8 s before each send) and wallpaper steps.
    static func chatBands(_ timeline: ChatTimeline) -> [Band] {
        let scenario = timeline.scenario
        let step = timeline.wallpaper.stepDuration
        var bands: [Band] = []
        var previousSend = 0.0
        for event in scenario.events.sorted(by: { ($0.at, $0.index) < ($1.at, $1.index) }) {
            switch event.change {
            case .send(let text, _, _):
                let draft = max(event.at - ChatTimeline.draftLead, previousSend, 0)
                if draft < event.at {
                    bands.append(Band(row: "drafts", label: "draft \"\(UserText.shown(text, limit: 16))\"", start: draft, end: event.at))
                }
                bands.append(Band(row: "wallpaper", label: "step", start: event.at, end: min(event.at + step, scenario.duration)))
                previousSend = event.at
            case .wallpaperStep:
                bands.append(Band(row: "wallpaper", label: "step", start: event.at, end: min(event.at + step, scenario.duration)))
            case .read:
                break
            }
        }
        return bands
    }
}

/// Runs of equal values on named rows, read in time order, as bands.
private struct BandRuns {
    private var open: [String: (label: String, start: Double)] = [:]
    private var order: [String] = []
    private(set) var bands: [StudioSummary.Band] = []

    /// The row's value from `time` on (nil: nothing shown).
    mutating func set(_ row: String, _ label: String?, at time: Double) {
        if !order.contains(row) { order.append(row) }
        if let current = open[row], current.label == label { return }
        if let current = open[row] {
            bands.append(StudioSummary.Band(row: row, label: current.label, start: current.start, end: time))
            open[row] = nil
        }
        if let label { open[row] = (label, time) }
    }

    /// Every band, those still open ending at `end`.
    func closed(at end: Double) -> [StudioSummary.Band] {
        bands + order.compactMap { row in open[row].map { StudioSummary.Band(row: row, label: $0.label, start: $0.start, end: end) } }
    }
}
