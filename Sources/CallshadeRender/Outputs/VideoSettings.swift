import CallshadeCore

/// Video containers callshade writes, by file extension.
public enum VideoContainer: String, CaseIterable {
    case mp4, mov, mkv, webm

    /// ffmpeg's name for the muxer.
    public var muxer: String { self == .mkv ? "matroska" : rawValue }

    /// The codec used when none is asked for.
    public var defaultCodec: VideoCodec { self == .webm ? .vp9 : .h264 }

    /// The audio codec muxed with the video.
    public var audioEncoder: (name: String, bitrate: String) { self == .webm ? ("libopus", "128k") : ("aac", "192k") }
}

/// Video codecs, each mapped to one ffmpeg encoder.
public enum VideoCodec: String, CaseIterable {
    case h264, hevc, vp9, prores, ffv1

    public var encoder: String {
        switch self {
        case .h264: return "libx264"
        case .hevc: return "libx265"
        case .vp9: return "libvpx-vp9"
        case .prores: return "prores_ks"
        case .ffv1: return "ffv1"
        }
    }

    /// Containers this codec may go in.
    public var containers: [VideoContainer] {
        switch self {
        case .h264, .hevc: return [.mp4, .mov, .mkv]
        case .vp9: return [.webm, .mkv, .mp4]
        case .prores: return [.mov, .mkv]
        case .ffv1: return [.mkv]
        }
    }

    /// The frames ffmpeg reads for this codec: I420 for the 4:2:0 codecs
    /// (made by callshade, so ffmpeg only encodes; they need an even width
    /// and height), else RGBA (ffmpeg converts).
    public var pixelFormat: PixelFormat { [.h264, .hevc, .vp9].contains(self) ? .yuv420p : .rgba }

    /// The CRF values the encoder accepts (nil: it takes none).
    public var crfRange: ClosedRange<Int>? {
        switch self {
        case .h264, .hevc: return 0...51
        case .vp9: return 0...63
        case .prores, .ffv1: return nil
        }
    }

    public static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// x264-style speed presets, fastest first.
public enum EncoderPreset: String, CaseIterable {
    case ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow

    /// libvpx's deadline and cpu-used for the same place on the speed scale.
    public var vp9Speed: (deadline: String, cpuUsed: Int) {
        switch self {
        case .ultrafast: return ("realtime", 8)
        case .superfast: return ("realtime", 7)
        case .veryfast: return ("good", 5)
        case .faster: return ("good", 4)
        case .fast: return ("good", 3)
        case .medium: return ("good", 2)
        case .slow: return ("good", 1)
        case .slower, .veryslow: return ("good", 0)
        }
    }

    public static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// Everything ffmpeg needs to turn a stream of raw frames into a video file.
public struct VideoSettings: Equatable {
    public var container: VideoContainer
    public var codec: VideoCodec
    public var crf: Int
    public var preset: EncoderPreset
    public var size: FrameSize
    public var fps: Int
    /// An audio file to mux, trimmed to `audioStart ..< audioStart + audioDuration`.
    public var audio: String?
    public var audioStart: Double = 0
    public var audioDuration: Double = 0

    public init(container: VideoContainer, codec: VideoCodec, crf: Int, preset: EncoderPreset, size: FrameSize, fps: Int) {
        self.container = container
        self.codec = codec
        self.crf = crf
        self.preset = preset
        self.size = size
        self.fps = fps
    }

    /// The frames ffmpeg reads on its standard input: the codec's.
    public var pixelFormat: PixelFormat { codec.pixelFormat }

    /// The ffmpeg arguments (no shell) that read frames in `pixelFormat` on
    /// standard input and write `output`. 4:2:0 codecs read I420 planes
    /// (BT.709, limited range) that callshade made; the others read RGBA,
    /// converted here. The video is tagged BT.709 so players show the
    /// colours of the PNG frames.
    public func ffmpegArguments(output: String) -> [String] {
        var arguments = ["-hide_banner", "-nostats", "-loglevel", "error", "-y",
                         "-f", "rawvideo", "-pix_fmt", pixelFormat.rawValue, "-s", "\(size.width)x\(size.height)",
                         "-framerate", "\(fps)", "-i", "pipe:0"]
        if let audio {
            arguments += ["-ss", Self.seconds(audioStart), "-t", Self.seconds(audioDuration), "-i", audio]
        }
        arguments += ["-map", "0:v:0"]
        if audio != nil { arguments += ["-map", "1:a:0?"] }
        switch codec {
        case .h264, .hevc, .vp9:
            arguments += ["-pix_fmt", "yuv420p"]
            arguments += ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
        case .prores:
            arguments += ["-vf", "scale=out_color_matrix=bt709:out_range=tv:flags=accurate_rnd+full_chroma_int,format=yuv422p10le"]
            arguments += ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
        case .ffv1:
            arguments += ["-pix_fmt", "bgr0"]
        }
        arguments += ["-c:v", codec.encoder]
        switch codec {
        case .h264:
            arguments += ["-preset", preset.rawValue, "-crf", "\(crf)"]
        case .hevc:
            arguments += ["-preset", preset.rawValue, "-crf", "\(crf)", "-x265-params", "log-level=error"]
            if container != .mkv { arguments += ["-tag:v", "hvc1"] }
        case .vp9:
            let speed = preset.vp9Speed
            arguments += ["-crf", "\(crf)", "-b:v", "0", "-deadline", speed.deadline, "-cpu-used", "\(speed.cpuUsed)", "-row-mt", "1"]
        case .prores:
            arguments += ["-profile:v", "3"]
        case .ffv1:
            arguments += ["-level", "3"]
        }
        if audio != nil {
            let encoder = container.audioEncoder
            arguments += ["-c:a", encoder.name, "-b:a", encoder.bitrate]
        }
        if container == .mp4 || container == .mov { arguments += ["-movflags", "+faststart"] }
        arguments += ["-f", container.muxer, output]
        return arguments
    }

    public static func seconds(_ value: Double) -> String { String(format: "%.6f", value) }
}
