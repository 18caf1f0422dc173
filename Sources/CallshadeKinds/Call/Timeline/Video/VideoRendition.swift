import CallshadeCore
import Foundation

/// One picture's life on screen (video-call, sections 3 to 5): a source
/// shown from `start` until it has gone (`end`), with the moves of its
/// frame, opacity, scale and aspect, closed-form in time. A swap or a flip
/// of a full-screen camera cross-fades one rendition into another.
struct VideoRendition: Sendable {
    let feed: VideoFeed
    /// The instant the camera came on: the source time is `t - tOn`.
    let tOn: Double
    /// Mirrored when it began (the front camera's picture).
    let mirrored: Bool
    let start: Double
    var end = Double.infinity
    /// Flips of the picture in picture: each turns it edge on and back over
    /// `flipSeconds`, the mirroring changing halfway.
    var flips: [Double] = []
    var place: MotionTrack<PlaceMix>
    var alpha: MotionTrack<Double>
    var scale = MotionTrack<Double>(initial: 1)
    var remoteAspect: MotionTrack<Double>
    /// Instants it changed layer, with the layer: a picture that moved
    /// lately is drawn above the others of its layer.
    private(set) var layers: [(time: Double, layer: VideoLayer)]

    static let flipSeconds = 0.2

    init(feed: VideoFeed, tOn: Double, mirrored: Bool, start: Double, place: VideoPlace, alpha: Double) {
        self.feed = feed
        self.tOn = tOn
        self.mirrored = mirrored
        self.start = start
        self.place = MotionTrack(initial: PlaceMix(place), mix: PlaceMix.mix)
        self.alpha = MotionTrack(initial: alpha)
        remoteAspect = MotionTrack(initial: feed == .remote ? 1 : 0)
        layers = [(start, Self.layer(of: place))]
    }

    static func layer(of place: VideoPlace) -> VideoLayer { place == .pip ? .pip : .fullScreen }

    /// Moves its frame to `place` at `time` on `curve`.
    mutating func move(to place: VideoPlace, at time: Double, on curve: MotionCurve) {
        self.place.move(to: PlaceMix(place), at: time, on: curve)
        if Self.layer(of: place) != layers.last?.layer { layers.append((time, Self.layer(of: place))) }
    }

    /// Fades it out from `time` over `seconds`; it has gone once `end` is reached.
    mutating func fadeOut(at time: Double, over seconds: Double, end: Double? = nil) {
        alpha.move(to: 0, at: time, on: .easeInOut(seconds))
        self.end = end ?? time + seconds
    }

    /// Its layer at `time` and the instant it entered it.
    func layer(at time: Double) -> (layer: VideoLayer, since: Double) {
        let entry = layers.last { $0.time <= time } ?? layers[0]
        return (entry.layer, entry.time)
    }

    /// How it is drawn at `time` (start <= time < end).
    func shown(at time: Double) -> ShownVideo {
        var mirror = mirrored
        var squash = 1.0
        for flip in flips where flip <= time {
            let turn = fadeProgress(time - flip, over: Self.flipSeconds)
            if turn >= 0.5 { mirror.toggle() }
            if turn < 1 { squash = abs(cos(Double.pi * turn)) }
        }
        return ShownVideo(feed: feed, sourceTime: time - tOn, mirrored: mirror, alpha: alpha.value(at: time), scale: scale.value(at: time),
                          squash: squash, place: place.value(at: time), remoteAspect: remoteAspect.value(at: time), layer: layer(at: time).layer)
    }
}
