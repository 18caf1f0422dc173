import CallshadeCore
import CallshadeRender

/// A scenario whose moments the studio's timeline shows (`StudioSummary`):
/// every kind's, each in its own file of `Studio/Marks/`, so that the
/// summary names none.
protocol MarkedScenario: ParsedScenario {
    /// Its marks (the lines `validate` lists) and bands (its phases), for
    /// the studio's frames `frames` (a call reads its timeline there, its
    /// recording's voice included) at `fps`.
    func timelineMarks(frames: any FrameScenes, fps: Int) -> (marks: [StudioSummary.Mark], bands: [StudioSummary.Band])
}
