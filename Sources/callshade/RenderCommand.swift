import ArgumentParser
import CallshadeCore
import CallshadeKinds
import CallshadeJSON
import CallshadeRender
import CallshadeSystem
import Foundation

struct RenderCommand: StoppableCommand, WritesToStandardOutput, DrawsFrames {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scenario of any kind to a video, PNG frames, or raw frames.",
        discussion: """
        OUT decides what is made: a .mp4, .mov, .mkv or .webm file is a video \
        encoded by ffmpeg (with the scenario's audio, if it names one); a folder \
        (new or empty) gets PNG frames frame_000000.png, ...; and - writes raw \
        frames to standard output for your own pipeline. Frame k shows the call \
        at FROM + k/FPS seconds, for every such instant before TO, or at the \
        k-th instant --at gives.

        Files appear only when complete: an error, Ctrl-C or a killed ffmpeg \
        leaves nothing at OUT. Exit status: 0 done; 1 bad input or error; \
        3 ffmpeg failed; 130 interrupted (SIGINT); 143 terminated (SIGTERM); \
        141 the reader of -o - went away.

        Examples:
          callshade render Examples/call.json -o call.mp4
          callshade render Examples/call.json --codec hevc --crf 22 --preset medium -o call.mov
          callshade render Examples/call.json --fps 30 --from 5 --to 8 --size 390x844 -o frames
          callshade render Examples/call.json --pix-fmt yuv420p -o - | your-encoder ...
          callshade render Examples/call.json --shard 2/4 -o part-2.mp4
          callshade render Examples/call.json --at 1.5,8,20.8 --size 390x844 -o stills
          callshade render Examples/chat.json --size 1080x1920 -o chat.mp4
        """
    )

    @Argument(help: ArgumentHelp("The scenario file (JSON).", valueName: "SCENARIO"))
    var scenario: String

    @Option(name: .shortAndLong, help: ArgumentHelp("A video file, a folder for PNG frames, or - for raw frames.", valueName: "OUT"))
    var output: String

    @Option(help: ArgumentHelp("What to make when OUT does not say: png, mp4, mov, mkv, webm or raw.", valueName: "FORMAT"))
    var format: OutputFormat?

    @Option(help: ArgumentHelp("Frames per second, 1 to 1000 (default: the scenario's, else 60).", valueName: "N"))
    var fps: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Start time in seconds (default 0).", valueName: "T0"),
            transform: ArgumentValues.finite("--from"))
    var from: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("End time in seconds, not included (default: the scenario's duration).",
                                                        valueName: "T1"), transform: ArgumentValues.finite("--to"))
    var to: Double?

    @Option(help: ArgumentHelp("Render only these instants, in seconds, comma-separated, in the order given (at most 10000), " +
                               "instead of every 1/FPS from T0 to T1: stills at chosen moments, as PNG frames or raw frames.",
                               valueName: "T,..."), transform: ArgumentValues.finiteList("--at"))
    var at: [Double]?

    @Option(help: ArgumentHelp("Render only the I-th of N contiguous parts of the frames (for spreading a render over processes or machines).",
                               valueName: "I/N"), transform: Shard.init(parsing:))
    var shard: Shard?

    @Option(help: ArgumentHelp("Video codec: \(VideoCodec.validNames) (default h264; vp9 for .webm).", valueName: "NAME"))
    var codec: VideoCodec?

    @Option(help: ArgumentHelp("Constant rate factor of h264, hevc and vp9: lower is better and larger (default 18).", valueName: "N"))
    var crf: Int = 18

    @Option(help: ArgumentHelp("Encoder speed: \(EncoderPreset.validNames) (default veryfast).", valueName: "NAME"))
    var preset: EncoderPreset = .veryfast

    @Option(name: .customLong("pix-fmt"), help: ArgumentHelp("Raw frames' layout with -o -: rgba (4 bytes a pixel) or yuv420p (BT.709, limited range).",
                                                             valueName: "FORMAT"))
    var pixelFormat: PixelFormat?

    @Flag(help: "Add an 8x8 ordered dither before 8-bit quantisation, against banding after encoding.")
    var dither = false

    @Flag(name: .customLong("no-audio"), help: "Leave the scenario's audio out of the video.")
    var noAudio = false

    @Flag(help: "No progress line.")
    var quiet = false

    @OptionGroup var layerOptions: LayerOptions
    @OptionGroup var sceneOptions: SceneOptions
    @OptionGroup var renderOptions: RenderOptions

    var outputIsStandardOutput: Bool { output == "-" }

    func validate() throws {
        if let fps, !ScenarioSettings.frameRates.contains(fps) {
            throw Diagnostic.optionRange(option: "--fps", range: ScenarioSettings.frameRates, got: fps)
        }
        let target = try OutputTarget.resolve(output: output, format: format)
        if case .frames(let folder) = target, folder.lowercased().hasSuffix(".png") {
            throw Diagnostic.outputKind(path: folder, rule: "must be a folder for PNG frames, a video file, or -")
        }
        if pixelFormat != nil, target != .raw { throw Diagnostic.optionCombination(option: "--pix-fmt", rule: "is for raw frames (-o -)") }
        if at != nil {
            if from != nil || to != nil { throw Diagnostic.optionCombination(option: "--at", rule: "cannot be used with --from or --to") }
            if shard != nil { throw Diagnostic.optionCombination(option: "--at", rule: "cannot be used with --shard") }
            if case .video = target { throw Diagnostic.optionCombination(option: "--at", rule: "is for PNG frames and raw frames, not a video") }
        }
        if codec != nil, case .video = target {} else if codec != nil {
            throw Diagnostic.optionCombination(option: "--codec", rule: "is for video files (.mp4, .mov, .mkv, .webm)")
        }
    }

    func run() throws {
        // First, so that a signal at any point removes whatever was staged and kills any child.
        // Writes to a reader that went away then fail with EPIPE instead of ending the process.
        try ThisProcess.ignore(signal: SIGPIPE)
        try performStoppably()
    }

    func perform(cleanup: StopCleanup) throws {
        try render(cleanup: cleanup, rawOutput: .standardOutput)
    }

    /// Renders, raw frames (`-o -`) going to `rawOutput`: this command line's `RenderJob`.
    func render(cleanup: StopCleanup, rawOutput: FileDescriptor) throws {
        let scenario = try FramedScenarios.framed(try ScenarioFile.loadAny(path: self.scenario))
        let schedule = try frameSchedule(of: scenario)
        let frames = try shard?.nonEmptyFrames(of: schedule.count) ?? 0..<schedule.count
        var job = RenderJob(file: self.scenario, scenario: scenario, target: try OutputTarget.resolve(output: output, format: format), schedule: schedule)
        job.frames = frames
        job.sharded = (shard?.count ?? 1) > 1
        job.size = drawing.render.frameSize(default: scenario.defaultFrameSize)
        job.layers = try layerOptions.layers(for: scenario)
        job.choices = sceneOptions.choices
        job.dither = dither
        job.video = RenderJob.VideoChoices(codec: codec, crf: crf, preset: preset, audio: !noAudio)
        job.pixelFormat = pixelFormat ?? .rgba
        // One store for the render's kept work: the scene's and the renderer's.
        let reuse = try ReuseSwitch.store()
        let progress = ProgressLine(total: job.frames.count, quiet: quiet)
        defer { progress.end() }
        try job.run(renderer: { try drawing.render.makeRenderer(reuse: $0) }, reuse: reuse, cleanup: cleanup, rawOutput: rawOutput,
                    warn: Warnings.say) { done, _ in
            progress.update(done: done)
        }
    }

    /// The instants to render of `scenario`: --at's, or every 1/FPS from --from to --to.
    func frameSchedule(of scenario: some ParsedScenario) throws -> FrameSchedule {
        let start = try from.map { try ScenarioTimes.time($0, option: "--from", in: scenario) } ?? 0
        let end = try to.map { try ScenarioTimes.time($0, option: "--to", in: scenario) } ?? scenario.duration
        do {
            if let at {
                return try FrameSchedule(instants: try at.map { try ScenarioTimes.time($0, option: "--at", in: scenario) },
                                         fps: fps ?? scenario.fps ?? 60)
            }
            return try FrameSchedule(start: start, end: end, fps: fps ?? scenario.fps ?? 60)
        } catch let error as Diagnostic {
            throw error
        } catch {
            throw Diagnostic(error)
        }
    }
}
