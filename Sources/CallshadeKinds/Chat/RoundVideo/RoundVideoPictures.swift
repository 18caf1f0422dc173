import CallshadeCore

/// Which pictures of its round videos a chat frame shows (section 4, rules
/// 1 to 3), by file and source time: while one is captured, its picture at
/// t - at + D; once sent, its picture at s mod D (s = t - at, looping), and
/// while it flies the capture's last picture over it. The frames fetch
/// these (`ChatFrames`) and the elements look them up by the same times.
public struct RoundVideoPictures: Sendable {
    public struct Key: Hashable, Sendable {
        public let path: String
        public let sourceTime: Double
    }

    public var pictures: [Key: SourcePicture]

    public init(_ pictures: [Key: SourcePicture] = [:]) {
        self.pictures = pictures
    }

    public func picture(_ path: String, at sourceTime: Double) -> SourcePicture? {
        pictures[Key(path: path, sourceTime: sourceTime)]
    }

    /// The source time of the picture shown `seconds` after the send: s mod D.
    public static func played(_ seconds: Double, duration: Double) -> Double {
        max(seconds, 0).truncatingRemainder(dividingBy: duration)
    }

    /// The capture's last picture (just before D).
    public static func lastCaptured(duration: Double) -> Double {
        duration - 1e-6
    }

    /// The pictures `motion` shows of `videos`, by file and source time.
    public static func wanted(_ motion: ChatListMotion, at time: Double, videos: [String: RoundVideoFile]) -> [Key] {
        var keys: [Key] = []
        func add(_ path: String, _ sourceTime: Double) {
            let key = Key(path: path, sourceTime: sourceTime)
            if !keys.contains(key) { keys.append(key) }
        }
        if let recording = motion.recording, !recording.sent, let path = recording.video { add(path, recording.elapsed) }
        for (index, state) in motion.states.enumerated() {
            guard let video = state.message.roundVideo, let file = videos[video.path] else { continue }
            add(video.path, played(time - video.sentAt, duration: file.duration))
            if motion.isFlying(index) { add(video.path, lastCaptured(duration: file.duration)) }
        }
        return keys
    }
}
