import CallshadeCore

/// Where a video picture can be (video-call, sections 1, 3 and 5): on the
/// avatar's square (where the first video grows from and the last shrinks
/// into), full screen, or in the picture in picture.
public enum VideoPlace: Int, CaseIterable, Sendable {
    case avatar, fullScreen, pip
}

/// A frame between places: each place's weight, summing to 1. A picture on
/// its way from one place to another (or part way there when it turned
/// back) is drawn at the weighted mean of the places' rectangles.
public struct PlaceMix: Equatable, Sendable {
    /// By `VideoPlace.rawValue`.
    public var weights: [Double]

    public init(_ place: VideoPlace) {
        weights = VideoPlace.allCases.map { $0 == place ? 1 : 0 }
    }

    /// Linear interpolation from `a` (t = 0) to `b` (t = 1).
    public static func mix(_ a: PlaceMix, _ b: PlaceMix, _ t: Double) -> PlaceMix {
        var result = a
        result.weights = zip(a.weights, b.weights).map { $0 + ($1 - $0) * t }
        return result
    }

    public func weight(of place: VideoPlace) -> Double { weights[place.rawValue] }
}

/// Which video layer a picture is drawn in: the full-screen one (under the
/// shadows) or the picture in picture's (above them).
public enum VideoLayer: Int, Sendable, Comparable {
    case fullScreen, pip

    public static func < (a: VideoLayer, b: VideoLayer) -> Bool { a.rawValue < b.rawValue }
}

/// One video picture on screen at an instant: which source, at which
/// source time, and how it is drawn.
public struct ShownVideo: Equatable, Sendable {
    public let feed: VideoFeed
    /// Seconds since the camera came on (`t - t_on`): the source's picture to show.
    public let sourceTime: Double
    /// Mirrored horizontally (the front camera's picture).
    public let mirrored: Bool
    public let alpha: Double
    /// About its frame's centre: 0.6 to 1 as a picture in picture comes and goes.
    public let scale: Double
    /// Its width's factor about its frame's centre (a flip of the picture in picture turns it edge on): 0...1.
    public let squash: Double
    /// Its frame, between the places.
    public let place: PlaceMix
    /// Whose picture's aspect its place's geometry takes: 1 the remote one's,
    /// 0 the local one's, between while a swap animates it.
    public let remoteAspect: Double
    public let layer: VideoLayer

    public init(feed: VideoFeed, sourceTime: Double, mirrored: Bool = false, alpha: Double = 1, scale: Double = 1, squash: Double = 1,
                place: PlaceMix, remoteAspect: Double, layer: VideoLayer) {
        self.feed = feed
        self.sourceTime = sourceTime
        self.mirrored = mirrored
        self.alpha = alpha
        self.scale = scale
        self.squash = squash
        self.place = place
        self.remoteAspect = remoteAspect
        self.layer = layer
    }
}

/// The video call at an instant (video-call): how far the screen has gone
/// over to video, the controls, the pictures and the picture in picture's
/// corner. `none` (all zero, no pictures) for an audio call: nothing drawn
/// from it then differs from what the call screen drew before video.
public struct VideoState: Equatable, Sendable {
    /// 0 (the audio call's look) to 1 (video): the avatar-to-video
    /// transition's spring (0.3 s on, 0.35 s off), which the backdrop, the
    /// title and the shadows follow.
    public var presence: Double = 0
    /// The title's change from 28 pt regular (0) to 17 pt medium (1): a linear 0.15 s cross-fade.
    public var titleChange: Double = 0
    /// How far the controls have hidden, 0 (shown) to 1 (hidden): spring 0.4 s (0.35 s when the last video goes).
    public var controlsHidden: Double = 0
    /// The fade of what fades as the controls hide, 0 (shown) to 1 (gone): generic alpha.
    public var controlsFade: Double = 0
    /// The first button's change from speaker (0) to flip (1): spring 0.3 s.
    public var flipButton: Double = 0
    /// The pictures, bottom to top.
    public var pictures: [ShownVideo] = []
    /// Where the picture in picture is across its inset rectangle: (0, 0) top left, (1, 1) bottom right.
    public var pipPosition = PiPCorner.bottomRight.position

    public init() {}

    public static let none = VideoState()

    /// Whether anything of video shows (the pictures, the backdrop, the controls moved).
    public var isShowing: Bool {
        presence != 0 || controlsHidden != 0 || controlsFade != 0 || flipButton != 0 || !pictures.isEmpty
    }
}
