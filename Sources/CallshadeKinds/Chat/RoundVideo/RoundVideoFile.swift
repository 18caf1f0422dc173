import CallshadeCore
import CallshadeRender
import CallshadeVideo

/// A round video message's file (`chat-types.md` section 4), opened before
/// the first frame through the video call's decoding (frame exact, any
/// order): a video of at most 8192 pixels a side and 60 s (Telegram's
/// limit); a still is refused.
public struct RoundVideoFile: Sendable {
    public let source: any VideoPictureSource
    /// D: one pass, seconds.
    public let duration: Double

    /// The longest a round video may last (Telegram's limit).
    public static let longest = 60.0

    public init(path: String) throws {
        let source = try VideoFileSource(path: path)
        guard let duration = source.loopDuration, duration > 0 else {
            throw VideoError.cannotDecode(path: path, reason: "it is a still picture, not a video")
        }
        guard duration <= Self.longest else {
            throw VideoError.cannotDecode(path: path, reason: "it lasts over \(Int(Self.longest)) s (got \(ShownNumber.text(duration)) s)")
        }
        self.init(source: source, duration: duration)
    }

    /// `source`, one pass of it `duration` seconds (the bench's, made without a file).
    public init(source: any VideoPictureSource, duration: Double) {
        self.source = source
        self.duration = duration
    }
}

/// The round videos a chat scenario sends, each opened once before the first frame, by path.
public enum ChatVideos {
    public static func load(_ scenario: ChatScenario) throws(MediaLoadError) -> [String: RoundVideoFile] {
        try ChatMediaFiles.load(scenario, kind: "video", path: { media in
            if case .roundVideo(let video) = media { return video.path }
            return nil
        }, opening: RoundVideoFile.init(path:))
    }
}
