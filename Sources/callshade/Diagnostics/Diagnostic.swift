import CallshadeAudio
import CallshadeCore
import CallshadeKinds
import CallshadeGL
import CallshadePNG
import CallshadeRender
import CallshadeReport
import CallshadeStudio
import CallshadeSystem
import CallshadeText
import CallshadeVideo

/// Everything callshade tells a user when it refuses or fails, in one
/// catalogue (as sokol_gfx keeps one): a case per kind of problem, each with a
/// stable identifier that tests and scripts match, its text, and its exit
/// status. The libraries below throw their own typed errors; they become a
/// case here once, at the edge (`init(_:)`), and `main` prints
/// "Error [ID]: TEXT" and exits with the status.
enum Diagnostic: Error, Equatable {
    // The command line, beyond what ArgumentParser checks itself.
    /// ArgumentParser's own message: an unknown option, a bad value, a missing argument.
    case usage(String)
    /// A number outside its range: `--fps must be between 1 and 1000 (got 0)`.
    case optionRange(option: String, range: ClosedRange<Int>, got: Int)
    /// A value that is not what the option takes: `--phase 'nan' is not a finite number`.
    case optionValue(option: String, given: String, expected: String)
    /// Options that do not go together: `--time` `needs --scenario`.
    case optionCombination(option: String, rule: String)
    /// A time outside the scenario: `--from 50 is outside the scenario (0 to 40 s)`.
    case timeOutsideScenario(option: String, time: Double, duration: Double)
    /// More instants than a sheet or report shows.
    case tooManyInstants(option: String, given: String, limit: Int)
    /// A contact sheet larger than the limit.
    case sheetTooLarge(width: Int, height: Int, limitMegapixels: Int)
    /// `--shard I/N` with more shards than frames.
    case emptyShard(index: Int, count: Int, frames: Int)
    /// A `--points-width` that gives too many or too few pixels a point.
    case pointsWidth(given: String, requirement: String)
    /// A frame size callshade cannot make (odd for 4:2:0, or past the renderer's limit).
    case frameSize(String)
    /// `--from`/`--to` that leave no frames, or too many.
    case renderRange(String)

    // Outputs.
    /// OUT that cannot be written: missing folder, a device, a non-empty folder, a long name...
    case output(OutputPath.Failure)
    /// Writing or placing the output failed (errno named).
    case outputWrite(String)
    /// OUT whose kind does not fit: `must end in .png`, `is a folder`, an unknown extension.
    case outputKind(path: String, rule: String)
    /// `-o -` when standard output was closed at start (and is /dev/null now).
    case standardOutputClosed

    // Inputs.
    case scenario(ScenarioError)
    /// A chat's animation settings (a settings file, or an object in the scenario).
    case settings(SettingsError)
    case avatar(String)
    /// A gallery's media file cannot be read.
    case media(String)
    /// A chat's sticker that cannot be read or drawn.
    case sticker(String)
    case audio(String)
    /// A scenario's `remoteVideo` or `localVideo` that cannot be opened or decoded (the file named).
    case video(String)
    /// A PNG given to `compare`.
    case picture(String)
    /// A chat scenario's wallpaper pattern that librsvg cannot draw, or that names another file or a URL.
    case pattern(String)

    // Video and ffmpeg.
    case codecContainer(codec: String, container: String, allowed: [String])
    case ffmpegMissing
    case encoderMissing(encoder: String, codec: String)
    case ffmpegFailed(String)

    // The renderer, the fonts and the report.
    case gpuUnavailable(String)
    case shaders(String)
    /// The GL context lacks a feature the renderer needs.
    case gpuCapability(String)
    /// The frame asks more than one of the renderer's fixed limits allows.
    case renderLimit(String)
    /// Memory the renderer needed could not be had.
    case memory(String)
    case fonts(String)
    case sizesDiffer(String)

    /// The studio cannot listen where it was asked to (a port in use).
    case studioAddress(String)

    // The process.
    case system(String)
    case readerGone
    case interrupted(signal: Int32)
    /// A state the code should never reach; reported, never trapped.
    case internalError(String)

    /// The stable identifier: `group.kind`.
    var id: String {
        switch self {
        case .usage: return "usage"
        case .optionRange: return "option.range"
        case .optionValue: return "option.value"
        case .optionCombination: return "option.combination"
        case .timeOutsideScenario: return "time.outside-scenario"
        case .tooManyInstants: return "instants.too-many"
        case .sheetTooLarge: return "sheet.too-large"
        case .emptyShard: return "shard.empty"
        case .pointsWidth: return "points-width.range"
        case .frameSize: return "size.unsupported"
        case .renderRange: return "render.range"
        case .output(let failure):
            switch failure {
            case .empty: return "output.empty"
            case .folderMissing: return "output.folder-missing"
            case .nameTooLong: return "output.name-too-long"
            case .notReplaceable: return "output.not-replaceable"
            case .folderNotEmpty: return "output.folder-not-empty"
            case .danglingLink: return "output.dangling-link"
            case .system: return "output.system"
            }
        case .outputWrite: return "output.write"
        case .outputKind: return "output.kind"
        case .standardOutputClosed: return "output.standard-output-closed"
        case .scenario: return "scenario.invalid"
        case .settings: return "settings.invalid"
        case .avatar: return "avatar.unreadable"
        case .media: return "media.unreadable"
        case .sticker: return "sticker.unreadable"
        case .audio: return "audio.unreadable"
        case .video: return "video.unreadable"
        case .picture: return "picture.unreadable"
        case .pattern: return "pattern.unreadable"
        case .codecContainer: return "video.codec-container"
        case .ffmpegMissing: return "ffmpeg.missing"
        case .encoderMissing: return "ffmpeg.encoder-missing"
        case .ffmpegFailed: return "ffmpeg.failed"
        case .gpuUnavailable: return "gpu.unavailable"
        case .shaders: return "gpu.shaders"
        case .gpuCapability: return "gpu.capability"
        case .renderLimit: return "render.limit"
        case .memory: return "system.memory"
        case .fonts: return "text.fonts"
        case .sizesDiffer: return "compare.sizes-differ"
        case .studioAddress: return "studio.address"
        case .system: return "system"
        case .readerGone: return "output.reader-gone"
        case .interrupted: return "interrupted"
        case .internalError: return "internal"
        }
    }

    /// What is wrong, for a person; empty where the exit status says it all.
    var text: String {
        switch self {
        case .usage(let message): return message
        case .optionRange(let option, let range, let got):
            return "\(option) must be between \(range.lowerBound) and \(range.upperBound) (got \(got))"
        case .optionValue(let option, let given, let expected): return "\(option) '\(given)' \(expected)"
        case .optionCombination(let option, let rule): return "\(option) \(rule)"
        case .timeOutsideScenario(let option, let time, let duration):
            return "\(option) \(ShownNumber.text(time)) is outside the scenario (0 to \(ShownNumber.text(duration)) s)"
        case .tooManyInstants(let option, let given, let limit): return "\(option) \(given) gives more than \(limit) frames"
        case .sheetTooLarge(let width, let height, let limit):
            return "the sheet would be \(width)x\(height) pixels, more than \(limit) megapixels; give a larger --every or a smaller --size"
        case .emptyShard(let index, let count, let frames):
            return "--shard \(index)/\(count): the render has \(frames) frame\(frames == 1 ? "" : "s"), "
                + "so this shard would be empty; use at most \(max(frames, 1)) shards"
        case .pointsWidth(let given, let requirement): return "\(given) \(requirement)"
        case .frameSize(let message), .renderRange(let message), .outputWrite(let message), .avatar(let message), .media(let message), .sticker(let message),
             .audio(let message), .video(let message), .picture(let message), .pattern(let message), .ffmpegFailed(let message), .gpuUnavailable(let message),
             .shaders(let message), .gpuCapability(let message), .renderLimit(let message), .memory(let message), .fonts(let message), .sizesDiffer(let message), .system(let message), .studioAddress(let message):
            return message
        case .output(let failure): return failure.description
        case .outputKind(let path, let rule): return "output '\(path)' \(rule)"
        case .standardOutputClosed:
            return "standard output is closed, so -o - has nowhere to write; pipe or redirect it, or give -o a file or folder"
        case .scenario(let error): return error.description
        case .settings(let error): return error.description
        case .codecContainer(let codec, let container, let allowed):
            return "\(codec) does not go in .\(container); use " + allowed.map { "." + $0 }.joined(separator: " or ")
        case .ffmpegMissing: return "ffmpeg was not found on PATH; \(FFmpeg.installHint)"
        case .encoderMissing(let encoder, let codec): return "this ffmpeg has no \(encoder) encoder for --codec \(codec)"
        case .readerGone: return ""
        case .interrupted(let signal): return "\(Interrupted(signal: signal)); nothing was written"
        case .internalError(let message): return "internal error: \(message)"
        }
    }

    /// The exit status: 64 a malformed command line, 3 ffmpeg failed, 141 the
    /// reader went away, 128 + signal when stopped, 1 anything else.
    var exitCode: Int32 {
        switch self {
        case .usage, .optionRange, .optionValue, .optionCombination: return 64
        case .ffmpegFailed: return 3
        case .readerGone: return 141
        case .interrupted(let signal): return 128 + signal
        default: return 1
        }
    }

    /// The line(s) printed: "Error [ID]: TEXT", or nothing when there is no text.
    var message: String {
        text.isEmpty ? "" : "Error [\(id)]: \(text)"
    }

    /// The diagnostic for an error thrown below the edge.
    init(_ error: Error) {
        switch error {
        case let diagnostic as Diagnostic: self = diagnostic
        case let failure as OutputPath.Failure: self = .output(failure)
        case let failure as AtomicFile.Failure:
            if case .target(let target) = failure { self = .output(target) } else { self = .outputWrite(failure.description) }
        case let failure as StagedFolder.Failure:
            if case .target(let target) = failure { self = .output(target) } else { self = .outputWrite(failure.description) }
        case let error as PNGError:
            switch error {
            case .output(let failure): self = Diagnostic(failure)
            case .cannotWrite: self = .outputWrite(error.description)
            case .input, .cannotRead, .tooLarge: self = .picture(error.description)
            }
        case let error as ScenarioError: self = .scenario(error)
        case let error as SettingsError: self = .settings(error)
        case let error as ComparisonError:
            switch error {
            case .sizesDiffer(let text): self = .sizesDiffer(text)
            case .video(let text): self = .video(text)
            }
        case let error as LayerChoiceError: self = .optionValue(option: "--layers", given: error.given, expected: error.expected)
        case let error as StudioError:
            switch error {
            case .address(let text): self = .studioAddress(text)
            case .host(let given, let expected): self = .optionValue(option: "--host", given: given, expected: expected)
            }
        case let error as RenderJobError:
            switch error {
            case .codecContainer(let codec, let container, let allowed): self = .codecContainer(codec: codec, container: container, allowed: allowed)
            case .crf(let codec, let range, let got): self = .optionRange(option: "--crf for \(codec)", range: range, got: got)
            case .frameSize(let text): self = .frameSize(text)
            case .encoderMissing(let encoder, let codec): self = .encoderMissing(encoder: encoder, codec: codec)
            case .noVideoSettings: self = .internalError(error.description)
            }
        case let error as FramesError:
            switch error {
            case .avatar(let text): self = .avatar(text)
            case .media(let text): self = .media(text)
            case .sticker(let text): self = .sticker(text)
            case .audio(let text): self = .audio(text)
            case .video(let text): self = .video(text)
            case .pattern(let text): self = .pattern(text)
            case .pointsWidth(let given, let requirement): self = .pointsWidth(given: given, requirement: requirement)
            case .notDrawable: self = .internalError(error.description)
            }
        case let error as FrameSize.ParseError: self = .frameSize(error.description)
        case let error as YUV420.OddSize: self = .frameSize(error.description)
        case let error as RenderLimitError: self = .frameSize(error.description)
        case let error as FrameSchedule.Invalid: self = .renderRange(error.description)
        case let error as NoHeadlessContext: self = .gpuUnavailable(error.description)
        case let error as GraphicsCallError: self = .gpuUnavailable(error.description)
        case let error as ShaderError: self = .shaders(error.description)
        case let error as SceneRenderError:
            switch error {
            case .beyondLimit: self = .renderLimit(error.description)
            case .capability: self = .gpuCapability(error.description)
            case .noMemory: self = .memory(error.description)
            case .unsupportedNode, .nodeBelow: self = .internalError(error.description)
            }
        case let error as TextFailure: self = .fonts(error.description)
        case let error as ImageMetrics.SizeMismatch: self = .sizesDiffer(error.description)
        case let error as AudioError: self = .audio(error.description)
        case let error as VideoError: self = .video(error.description)
        case let failure as FFmpegFailure: self = .ffmpegFailed(failure.description)
        case is FFmpegMissing: self = .ffmpegMissing
        case let error as SystemError: self = error.isReaderGone ? .readerGone : .system(error.description)
        case let stop as Interrupted: self = .interrupted(signal: stop.signal)
        default: self = .internalError("\(error)")
        }
    }
}
