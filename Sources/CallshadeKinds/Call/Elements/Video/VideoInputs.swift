import CallshadeCore

/// The two sources' inputs (nil: `VideoInput.portrait`).
public struct VideoInputs: Equatable, Sendable {
    public var remote: VideoInput?
    public var local: VideoInput?

    public init(remote: VideoInput? = nil, local: VideoInput? = nil) {
        self.remote = remote
        self.local = local
    }

    public subscript(feed: VideoFeed) -> VideoInput {
        (feed == .remote ? remote : local) ?? .portrait
    }
}
