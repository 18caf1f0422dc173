/// What the call screen needs to know of a video source to place its
/// pictures (video-call, sections 2 and 5): its size as decoded and its
/// turn for display. The command line gives each source's; without one, a
/// camera's picture is taken for a 720x1280 portrait one.
public struct VideoInput: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let rotation: VideoRotation

    public init(width: Int, height: Int, rotation: VideoRotation = .none) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        self.rotation = rotation
    }

    /// A phone camera's portrait picture: what a source without an input is taken for.
    public static let portrait = VideoInput(width: 720, height: 1280)

    /// Width over height as displayed (turned).
    public var aspect: Double {
        rotation.swapsSides ? Double(height) / Double(width) : Double(width) / Double(height)
    }
}

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
