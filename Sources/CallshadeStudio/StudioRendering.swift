import CallshadeCore
import CallshadeKinds
import CallshadeRender
import CallshadeSystem

/// What the studio draws and renders with, as the program that starts it
/// chose (for `callshade studio`, its command line): the scene choices, the
/// frames' size, the renderers, where kept work goes, and how an error reads.
public struct StudioRendering: Sendable {
    /// Which renderer draws a picture: the one chosen, or the GPU and the CPU reference for the difference view.
    public enum Backend: Hashable, Sendable {
        case gpu, cpu
    }

    public var choices: SceneChoices
    /// The frames' full size (`--size`); nil: the kind's default.
    public var size: FrameSize?
    /// The renderer the page's "render" view uses.
    public var backend: Backend
    /// A renderer of `backend`, keeping its work in the store given.
    public var makeRenderer: @Sendable (Backend, ReuseStore) throws -> any FrameRenderer
    /// A store for kept work (`CALLSHADE_REUSE` says whether anything is kept).
    public var makeReuse: @Sendable () throws -> ReuseStore
    /// An error as the page shows it: "Error [ID]: TEXT".
    public var describe: @Sendable (Error) -> String
    /// Says a warning met while drawing (a video's damaged data), once.
    public var warn: @Sendable (String) -> Void

    public init(choices: SceneChoices, size: FrameSize?, backend: Backend, makeRenderer: @escaping @Sendable (Backend, ReuseStore) throws -> any FrameRenderer,
                makeReuse: @escaping @Sendable () throws -> ReuseStore, describe: @escaping @Sendable (Error) -> String,
                warn: @escaping @Sendable (String) -> Void = { _ in }) {
        self.choices = choices
        self.size = size
        self.backend = backend
        self.makeRenderer = makeRenderer
        self.makeReuse = makeReuse
        self.describe = describe
        self.warn = warn
    }

    /// Renders `scenario` from `start` to `end` at its fps and `size`, as
    /// `render` does (a `RenderJob`), into `target`; `progress` gets the frames done and the number to do.
    func render(_ scenario: StudioScenario, from start: Double, to end: Double, size: FrameSize, into target: OutputTarget,
                codec: VideoCodec? = nil, cleanup: StopCleanup, progress: (_ done: Int, _ total: Int) -> Void) throws {
        var job = RenderJob(file: scenario.file, scenario: try FramedScenarios.framed(scenario.parsed), target: target,
                            schedule: try FrameSchedule(start: start, end: end, fps: scenario.fps))
        job.size = size
        job.choices = choices
        job.video.codec = codec
        try job.run(renderer: { try makeRenderer(backend, $0) }, reuse: try makeReuse(), cleanup: cleanup, warn: warn, progress: progress)
    }
}
