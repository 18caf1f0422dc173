import CallshadeCore
import CallshadeKinds
import CallshadeRender

/// What the studio's timeline shows of a scenario (`GET /api/summary`):
/// its kind, length, frame rate and sizes, its layers, its notable moments
/// as marks (the lines `validate` lists) and its phases as bands (a call's
/// states, idle, controls hidden, rating; a drawing's strokes; a chat's
/// drafts and wallpaper steps).
struct StudioSummary: Codable, Equatable {
    typealias Mark = TimelineMark
    typealias Band = TimelineBand

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
