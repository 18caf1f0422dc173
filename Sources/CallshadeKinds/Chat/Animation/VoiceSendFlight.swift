import CallshadeCore

/// A voice message's send (`chat-types.md` section 3, rule 4): the play
/// disc flies from the mic's centre (369, 787.5) to its place in the
/// bubble, x on X and y on Y, its diameter lerp(100, 44, scale); the
/// recording disc rides on it at 110 lerp(1, 0.44, scale), alpha 1 -
/// scale; the rest of the bubble fades in where it lands. The tracks are
/// `SendMotion`'s for a voice send (H and V over 0.3 s, the scale on H; or
/// the editor's `voiceMessage` block). The waveform's bars grow in from
/// 0.08 s after the send over 0.8 s (rule 4, ours to adopt).
public struct VoiceSendFlight: Equatable, Sendable {
    /// Where the flight starts: the recording disc's centre, points.
    public static let micCentre = Vec2(369, 787.5)
    public static let recordingDiameter = 110.0
    public static let flyingDiameter = 100.0
    /// The bubble's fade-in, and the recording's dot and timer's fade-out (ours), seconds.
    public static let bubbleFade = 0.2
    public static let recordingFade = 0.15
    /// When the bars start growing after the send, and for how long.
    public static let barsDelay = 0.08
    public static let barsGrowth = 0.8

    /// One instant of the flight.
    public struct State: Equatable, Sendable {
        public let discCentre: Vec2
        public let discDiameter: Double
        public let recordingDiameter: Double
        public let recordingAlpha: Double
        public let bubbleAlpha: Double
    }

    public let animation: ChatAnimationPreset

    public init(animation: ChatAnimationPreset) {
        self.animation = animation
    }

    /// The flight `seconds` after the send, the play disc landing with its centre at `landed` (points).
    public func state(_ seconds: Double, landed: Vec2) -> State {
        Self.state(SendMotion(kind: .voice, animation: animation).progress(seconds), from: Self.micCentre, landed: landed)
    }

    /// The flight at `progress`, from `start` to `landed` (points).
    public static func state(_ progress: SendProgress, from start: Vec2, landed: Vec2) -> State {
        let scale = progress.emojiScale
        let centre = Vec2(start.x + (landed.x - start.x) * progress.x, start.y + (landed.y - start.y) * progress.y)
        return State(discCentre: centre, discDiameter: flyingDiameter + (VoiceBubbleLayout.discDiameter - flyingDiameter) * scale,
                     recordingDiameter: recordingDiameter * (1 + (0.44 - 1) * scale), recordingAlpha: 1 - scale, bubbleAlpha: progress.bubbleLook)
    }

    /// How far bar `bar` of `count` has grown `seconds` after the send: R = H((s - 0.08) / 0.8), the bar scaled by clamp((R - j/n) / (1 - j/n), 0, 1).
    public static func barGrowth(_ seconds: Double, bar: Int, of count: Int) -> Double {
        let grown = SendMotion.eased(SendMotion.shippedH, seconds - barsDelay, over: barsGrowth)
        let share = Double(bar) / Double(max(count, 1))
        return min(max((grown - share) / (1 - share), 0), 1)
    }
}
