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
        let moments = (scenario.parsed as? any MarkedScenario)?.timelineMarks(frames: scenario.previewFrames, fps: scenario.fps)
        marks = moments?.marks ?? []
        bands = moments?.bands ?? []
    }
}

/// Runs of equal values on named rows, read in time order, as bands.
struct BandRuns {
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
