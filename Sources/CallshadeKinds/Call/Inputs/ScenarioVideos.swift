import CallshadeCore
import CallshadeRender

/// Opening a scenario's videos for a command (errors: `VideoError`, naming the file).
extension CallInput {
    /// The scenario's `remoteVideo` and `localVideo` files, opened; nil when it names neither.
    public static func videos(_ scenario: Scenario, timeline: CallTimeline) throws -> ScenarioVideos? {
        guard scenario.remoteVideoPath != nil || scenario.localVideoPath != nil else { return nil }
        let remote = try scenario.remoteVideoPath.map { path throws in try VideoFileSource(path: path) }
        let local = try scenario.localVideoPath.map { path throws in try VideoFileSource(path: path) }
        return ScenarioVideos(remote: remote, local: local, timeline: timeline)
    }
}

/// A scenario's opened videos: the pictures its frames show, their
/// decoding ahead of the renderer, and the decoding warnings to say once.
public struct ScenarioVideos: Sendable {
    public let remote: VideoFileSource?
    public let local: VideoFileSource?
    public let pictures: CallVideoPictures
    /// Fetches the pictures of frames still to come on a thread of its own.
    public let ahead: DecodeAhead

    init(remote: VideoFileSource?, local: VideoFileSource?, timeline: CallTimeline) {
        self.remote = remote
        self.local = local
        pictures = CallVideoPictures(timeline: timeline, remote: remote, local: local)
        ahead = DecodeAhead(pictures: pictures)
    }

    /// Each source's first decoding warning not yet taken, as a line naming its file.
    public func takeWarnings() -> [String] {
        [remote, local].compactMap { source in source?.takeWarning().map { "\($0)" } }
    }
}
