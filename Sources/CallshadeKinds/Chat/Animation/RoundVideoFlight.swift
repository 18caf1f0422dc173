import CallshadeCore

/// A round video message's circle and its send (`chat-types.md` section 4,
/// rules 1 and 3), points: a circle of 240 (212 when the screen's smaller
/// side is at most 320 pt) with its right edge at 380, landing with its
/// bottom on the row's; it flies from the capture circle (240, centred at
/// (W / 2, max(H / 3 - 20, 181))), its centre's x on V and y on H (swapped
/// in Telegram's code, kept), its diameter on H; the capture's last frame
/// over it at 1 - H; the capture's cover fading out over 0.22 s easeInOut;
/// the pills fading in over 0.15 s easeInOut after 0.18 s. With the
/// editor's `videoMessage` block: x on xPosition, y on yPosition (not
/// swapped), the diameter and the capture on xPosition, the pills on timeAppears.
public struct RoundVideoFlight: Equatable, Sendable {
    public static let captureDiameter = 240.0
    public static let coverFade = 0.22
    public static let pillsDelay = 0.18
    public static let pillsFade = 0.15
    /// The circle's inset above and below its row (section 1, rule 1), and how far each pill stands from its centre (rule 1).
    public static let inset = 4.0
    public static let pillsApart = 55.0

    /// One instant of the flight.
    public struct State: Equatable, Sendable {
        public let centre: Vec2
        public let diameter: Double
        public let captureAlpha: Double
        public let coverAlpha: Double
        public let pillsAlpha: Double
    }

    public let animation: ChatAnimationPreset
    /// The screen, points.
    public let screen: (width: Double, height: Double)

    public init(animation: ChatAnimationPreset, screen: (width: Double, height: Double)) {
        self.animation = animation
        self.screen = screen
    }

    public static func == (a: RoundVideoFlight, b: RoundVideoFlight) -> Bool {
        a.animation == b.animation && a.screen == b.screen
    }

    /// The landed circle's diameter.
    public var diameter: Double { min(screen.width, screen.height) <= 320 ? 212 : 240 }

    /// The landed circle's centre, its bottom at `bottom` (points) and its right edge at 380.
    public func landedCentre(bottom: Double) -> Vec2 { Vec2(380 - diameter / 2, bottom - diameter / 2) }

    /// The capture circle's centre.
    public var captureCentre: Vec2 { Vec2(screen.width / 2, max(screen.height / 3 - 20, 181)) }

    /// The flight `seconds` after the send, landing on a row whose bottom is `bottom` (points).
    public func state(_ seconds: Double, bottom: Double) -> State {
        state(SendMotion(kind: .roundVideo, animation: animation).progress(seconds), bottom: bottom)
    }

    /// The flight at `progress` (`SendMotion`'s for a round video), landing on a row whose bottom is `bottom`, its start `risen` points lower.
    public func state(_ progress: SendProgress, bottom: Double, risen: Double = 0) -> State {
        let from = captureCentre + Vec2(0, risen), to = landedCentre(bottom: bottom)
        return State(centre: Vec2(from.x + (to.x - from.x) * progress.x, from.y + (to.y - from.y) * progress.y),
                     diameter: Self.captureDiameter + (diameter - Self.captureDiameter) * progress.emojiScale,
                     captureAlpha: 1 - progress.emojiScale, coverAlpha: 1 - progress.bubbleLook, pillsAlpha: progress.status)
    }
}
