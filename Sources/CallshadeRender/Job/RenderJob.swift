import CallshadeCore
import CallshadeSystem

/// One render of a scenario to its output, whatever its kind: what
/// `callshade render` runs, and the studio's exports, and what another
/// program using callshade's libraries calls. The kind makes the scenes
/// (`FramedScenario`); the job checks the output against the codec, this
/// ffmpeg and the size, then renders the frames through the pipeline into
/// PNG frames, raw frames or a video. Files appear only when complete: an
/// error or a stop (`cleanup`) leaves nothing at the output.
public struct RenderJob {
    /// The scenario file: for errors, and the files it names.
    public let file: String
    public let scenario: any FramedScenario
    public var target: OutputTarget
    /// The instants of the frames.
    public var schedule: FrameSchedule
    /// Which of the schedule's frames this job renders (all of them, or a shard's).
    public var frames: Range<Int>
    /// Whether `frames` is one part of several (a part's video has no audio).
    public var sharded = false
    /// The frames' size; nil: the kind's default.
    public var size: FrameSize?
    /// The layers shown, of the scenario's kind; nil: all of them.
    public var layers: Set<SceneTag>?
    public var choices = SceneChoices()
    /// An 8x8 ordered dither before 8-bit quantisation.
    public var dither = false
    public var video = VideoChoices()
    /// Raw frames' layout (`OutputTarget.raw`).
    public var pixelFormat = PixelFormat.rgba

    /// A video's encoding: the codec (nil: the container's default), its
    /// constant rate factor and preset, and whether the scenario's audio is muxed.
    public struct VideoChoices {
        public var codec: VideoCodec?
        public var crf = 18
        public var preset = EncoderPreset.veryfast
        public var audio = true

        public init(codec: VideoCodec? = nil, crf: Int = 18, preset: EncoderPreset = .veryfast, audio: Bool = true) {
            self.codec = codec
            self.crf = crf
            self.preset = preset
            self.audio = audio
        }
    }

    /// A job for every frame of `schedule`.
    public init(file: String, scenario: any FramedScenario, target: OutputTarget, schedule: FrameSchedule) {
        self.file = file
        self.scenario = scenario
        self.target = target
        self.schedule = schedule
        frames = 0..<schedule.count
    }

    /// Renders with the renderer `makeRenderer` makes (keeping its work in
    /// `reuse`, as the scenes do), raw frames going to `rawOutput`;
    /// `progress` gets the frames done after each and the number to do;
    /// `warn` each warning met while drawing (a video's damaged data), once,
    /// when the frames are done or stopped.
    public func run(renderer makeRenderer: (ReuseStore) throws -> any FrameRenderer, reuse: ReuseStore, cleanup: StopCleanup,
                    rawOutput: FileDescriptor = .standardOutput, warn: (String) -> Void = { _ in },
                    progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }) throws {
        let size = self.size ?? scenario.defaultFrameSize
        // The scenes of the scenario's kind (a call's with its recording and its videos).
        let made = try scenario.frames(FramesRequest(file: file, size: size, layers: layers ?? Set(scenario.kind.tags),
                                                     choices: choices, dither: dither, reuse: reuse))
        let video = try videoSettings(audioPath: made.audioPath, size: size, cleanup: cleanup)
        if target == .raw { try pixelFormat.check(size) }
        let renderer = try makeRenderer(reuse)
        let pipeline = FramePipeline(renderer: renderer, sink: try makeSink(video: video, recording: made.recording, rawOutput: rawOutput, cleanup: cleanup),
                                     reuse: reuse)
        defer { made.warnings().forEach(warn) }
        try pipeline.render(made.scenes, schedule: schedule, range: frames, keepsIndices: isFrames, progress: { progress($0, frames.count) })
    }

    private var isFrames: Bool {
        if case .frames = target { return true }
        return false
    }

    private func makeSink(video: VideoSettings?, recording: Recording?, rawOutput: FileDescriptor, cleanup: StopCleanup) throws -> FrameSink {
        switch target {
        case .frames(let folder):
            return try PNGSequenceSink(folder: folder, cleanup: cleanup)
        case .raw:
            return RawStreamSink(format: pixelFormat, descriptor: rawOutput)
        case .video(let path, _):
            guard let video else { throw RenderJobError.noVideoSettings }
            return try VideoSink(path: path, settings: video, ffmpeg: try FFmpeg.require(), recording: recording, cleanup: cleanup)
        }
    }

    /// Checks the codec against the container, this ffmpeg and the frame size
    /// (a stop kills the ffmpeg that lists its encoders).
    private func videoSettings(audioPath: String?, size: FrameSize, cleanup: StopCleanup) throws -> VideoSettings? {
        guard case .video(let path, let container) = target else { return nil }
        let chosen = video.codec ?? container.defaultCodec
        guard chosen.containers.contains(container) else {
            throw RenderJobError.codecContainer(codec: chosen.rawValue, container: container.rawValue, allowed: chosen.containers.map(\.rawValue))
        }
        if let range = chosen.crfRange, !range.contains(video.crf) {
            throw RenderJobError.crf(codec: chosen.rawValue, range: range, got: video.crf)
        }
        do { try chosen.pixelFormat.check(size) } catch {
            throw RenderJobError.frameSize("\(error) (\(chosen.rawValue) is 4:2:0)")
        }
        let ffmpeg = try FFmpeg.require()
        guard try FFmpeg.encoders(ffmpeg: ffmpeg, cleanup: cleanup).contains(chosen.encoder) else {
            throw RenderJobError.encoderMissing(encoder: chosen.encoder, codec: chosen.rawValue)
        }
        _ = try AtomicFile(path: path)
        var settings = VideoSettings(container: container, codec: chosen, crf: video.crf, preset: video.preset, size: size, fps: schedule.fps)
        if audioPath != nil, video.audio, !sharded, !frames.isEmpty {
            settings.audio = ChildProcess.inheritedPath
            settings.audioStart = schedule.time(ofFrame: frames.lowerBound)
            settings.audioDuration = Double(frames.count) / Double(schedule.fps)
        }
        return settings
    }
}

/// Why a `RenderJob` cannot make its output (beyond the inputs' and outputs' own errors).
public enum RenderJobError: Error, Equatable, CustomStringConvertible {
    /// A codec the container cannot hold.
    case codecContainer(codec: String, container: String, allowed: [String])
    /// A constant rate factor outside the codec's range.
    case crf(codec: String, range: ClosedRange<Int>, got: Int)
    /// A frame size the codec cannot take (odd, for 4:2:0).
    case frameSize(String)
    /// This ffmpeg has no encoder for the codec.
    case encoderMissing(encoder: String, codec: String)
    /// A video target without its settings (a mistake in callshade).
    case noVideoSettings

    public var description: String {
        switch self {
        case .codecContainer(let codec, let container, let allowed):
            return "\(codec) cannot go in .\(container); it goes in \(allowed.map { "." + $0 }.joined(separator: ", "))"
        case .crf(let codec, let range, let got): return "the crf of \(codec) must be between \(range.lowerBound) and \(range.upperBound) (got \(got))"
        case .frameSize(let text): return text
        case .encoderMissing(let encoder, let codec): return "this ffmpeg has no \(encoder) encoder for \(codec)"
        case .noVideoSettings: return "no video settings"
        }
    }
}
