import CallshadeCore

/// The pictures one frame of a video call shows: each shown source's at its source time.
public struct VideoFramePictures: Equatable, Sendable {
    /// A source's picture at a source time.
    public struct Key: Hashable, Sendable {
        public let feed: VideoFeed
        public let sourceTime: Double

        public init(feed: VideoFeed, sourceTime: Double) {
            self.feed = feed
            self.sourceTime = sourceTime
        }
    }

    public var pictures: [Key: SourcePicture]

    public init(_ pictures: [Key: SourcePicture] = [:]) {
        self.pictures = pictures
    }

    /// The picture `shown` draws, if the frame has it.
    public func picture(for shown: ShownVideo) -> SourcePicture? {
        pictures[Key(feed: shown.feed, sourceTime: shown.sourceTime)]
    }
}

/// The video element's per-frame assets (`FrameAssetProvider`): for the
/// frame at a call time, the picture of each source on screen then, at its
/// source time `t - t_on` from the timeline.
public struct CallVideoPictures: FrameAssetProvider {
    public let timeline: CallTimeline
    public let remote: (any VideoPictureSource)?
    public let local: (any VideoPictureSource)?

    public init(timeline: CallTimeline, remote: (any VideoPictureSource)?, local: (any VideoPictureSource)?) {
        self.timeline = timeline
        self.remote = remote
        self.local = local
    }

    /// The sources' inputs, for placing their pictures.
    public var inputs: VideoInputs { VideoInputs(remote: remote?.input, local: local?.input) }

    /// The pictures the frame at `time` shows (what a reader ahead of the renderer can fetch).
    public func wanted(at time: Double) -> [VideoFramePictures.Key] {
        var keys: [VideoFramePictures.Key] = []
        for shown in timeline.videoState(at: time).pictures {
            let key = VideoFramePictures.Key(feed: shown.feed, sourceTime: shown.sourceTime)
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    public func asset(at time: Double) throws -> VideoFramePictures {
        var frame = VideoFramePictures()
        for key in wanted(at: time) {
            guard let source = key.feed == .remote ? remote : local else { continue }
            frame.pictures[key] = try source.picture(at: key.sourceTime)
        }
        return frame
    }
}
