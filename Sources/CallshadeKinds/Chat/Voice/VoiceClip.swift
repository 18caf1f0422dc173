import CallshadeAudio
import CallshadeCore
import CallshadeRender

/// A voice message's sound, as its bubble shows it (`chat-types.md`
/// section 3, rule 1): its decoded length D and its waveform. Decoded as
/// the call's recording is (libsndfile, else ffmpeg as mono at 48 kHz),
/// twice: once to count its frames, once to bin them; nothing but the 100
/// bins is kept.
public struct VoiceClip: Equatable, Sendable {
    /// D, seconds.
    public let duration: Double
    public let waveform: VoiceWaveform

    /// The shortest and longest sound a voice message may hold (section 8: Telegram drops shorter recordings).
    public static let shortest = 0.5
    public static let longest = 3600.0

    public init(duration: Double, waveform: VoiceWaveform) {
        self.duration = duration
        self.waveform = waveform
    }

    /// The sound at `path`, decoded; refused when shorter than 0.5 s or longer than an hour.
    public init(path: String) throws {
        let recording = try Recording(path: path)
        let count = try recording.measured(by: VoiceWaveform.FrameCount.self)
        guard count.duration >= Self.shortest else {
            throw AudioError.unsupported(path: path, reason: "it lasts under \(ShownNumber.text(Self.shortest)) s (got \(ShownNumber.text(count.duration)) s)")
        }
        guard count.duration <= Self.longest else {
            throw AudioError.unsupported(path: path, reason: "it lasts over \(Int(Self.longest)) s (got \(ShownNumber.text(count.duration)) s)")
        }
        let binned = try recording.measured { rate, channels in
            var binning = VoiceWaveform.Binning(sampleRate: rate, channels: channels)
            binning.frameCount = count.frames
            return binning
        }
        self.init(duration: count.duration, waveform: binned.waveform)
    }

    /// D as the bubble shows it: m:ss of floor(D).
    public var shownDuration: String { Self.minutesAndSeconds(Int(duration.rounded(.down))) }

    /// A recording's timer (section 3, rule 3): m:ss,cc of `seconds`, the hundredths rounded down.
    public static func timer(_ seconds: Double) -> String {
        let hundredths = Int((max(seconds, 0) * 100 + 1e-6).rounded(.down))
        let cc = hundredths % 100
        return minutesAndSeconds(hundredths / 100) + (cc < 10 ? ",0" : ",") + "\(cc)"
    }

    /// `seconds` as m:ss.
    public static func minutesAndSeconds(_ seconds: Int) -> String {
        let tens = seconds % 60 < 10 ? "0" : ""
        return "\(seconds / 60):\(tens)\(seconds % 60)"
    }
}

/// The voice messages a chat scenario sends, each decoded once before the first frame, by path.
public enum ChatVoices {
    public static func load(_ scenario: ChatScenario) throws(MediaLoadError) -> [String: VoiceClip] {
        try ChatMediaFiles.load(scenario, kind: "voice", path: { media in
            if case .voice(let voice) = media { return voice.path }
            return nil
        }, opening: VoiceClip.init(path:))
    }
}
