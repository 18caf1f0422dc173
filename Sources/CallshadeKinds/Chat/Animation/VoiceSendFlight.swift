import CallshadeCore

/// A voice message's send (`chat-types.md` section 3, rule 4): the play
/// disc flies from the mic's centre (369, 787.5) to its place in the
/// bubble, x on H and y on V, its diameter lerp(100, 44, H); the recording
/// disc rides on it at 110 lerp(1, 0.44, H), alpha 1 - H; the rest of the
/// bubble fades in over 0.2 s easeInOut where it lands. H and V are the
/// shipped curves over 0.3 s, or the editor's `voiceMessage` block
/// (xPosition, yPosition; the scale and fade follow xPosition, ours).
public struct VoiceSendFlight: Equatable, Sendable {
    /// Where the flight starts: the recording disc's centre, points.
    public static let micCentre = Vec2(369, 787.5)
    public static let recordingDiameter = 110.0
    public static let flyingDiameter = 100.0
    public static let bubbleFade = 0.2

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

    /// H and V `seconds` after the send.
    public func curves(_ seconds: Double) -> (h: Double, v: Double) {
        switch animation {
        case .shipped:
            return (SendMotion.eased(SendMotion.shippedH, seconds, over: 0.3), SendMotion.eased(SendMotion.shippedV, seconds, over: 0.3))
        case .editor(let settings):
            let block = settings.block("voiceMessage")
            return (block.window("xPosition").progress(seconds), block.window("yPosition").progress(seconds))
        }
    }

    /// The flight `seconds` after the send, the play disc landing with its centre at `landed` (points).
    public func state(_ seconds: Double, landed: Vec2) -> State {
        let (h, v) = curves(seconds)
        let centre = Vec2(Self.micCentre.x + (landed.x - Self.micCentre.x) * h, Self.micCentre.y + (landed.y - Self.micCentre.y) * v)
        return State(discCentre: centre, discDiameter: Self.flyingDiameter + (VoiceBubbleLayout.discDiameter - Self.flyingDiameter) * h,
                     recordingDiameter: Self.recordingDiameter * (1 + (0.44 - 1) * h), recordingAlpha: 1 - h,
                     bubbleAlpha: SendMotion.eased(SendMotion.easeInOut, min(max(seconds, 0), Self.bubbleFade), over: Self.bubbleFade))
    }
}
