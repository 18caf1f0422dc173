import CallshadeCore

/// A voice message's bubble (`chat-types.md` section 3, rule 2), points,
/// from its frame's top-left corner (L, T): width W + 27 and height 68, W
/// = max(120 + 199 (clamp(D, 2, 30) - 2) / 28, the duration's width + the
/// status box's + 62); the play disc of 44 at (L + 12, T + 12); the
/// waveform's n = floor((W - 60) / 3) bars from x L + 66, 2 wide and 3
/// apart, standing on B = T + 31; the duration at (L + 65, T + 37) and the
/// status box's top at T + 50.
public struct VoiceBubbleLayout: Equatable, Sendable {
    public static let height = 68.0
    public static let discDiameter = 44.0
    public static let barWidth = 2.0
    public static let barPitch = 3.0

    /// W, points.
    public let width: Double
    /// The frame's top-left corner, points.
    public let origin: Vec2

    /// The bubble of a sound `duration` seconds long, its duration text
    /// `durationWidth` and its status box `statusWidth` points wide, its
    /// frame's right edge at `right` and bottom at `bottom` (points).
    public init(duration: Double, durationWidth: Double, statusWidth: Double, right: Double, bottom: Double) {
        let seconds = min(max(duration, 2), 30)
        width = max(120 + 199 * (seconds - 2) / 28, durationWidth + statusWidth + 62)
        origin = Vec2(right - (width + 27), bottom - Self.height)
    }

    /// The bubble whose frame is `frame` (points): its width less 27 is W.
    public init(frame: Box) {
        width = frame.width - 27
        origin = Vec2(frame.x, frame.y)
    }

    public var frameWidth: Double { width + 27 }

    /// The play disc's centre.
    public var discCentre: Vec2 { origin + Vec2(12 + Self.discDiameter / 2, 12 + Self.discDiameter / 2) }

    /// The waveform's left edge, width, baseline (B) and number of bars.
    public var waveform: (x: Double, width: Double, baseline: Double, bars: Int) {
        let width = self.width - 60
        return (origin.x + 66, width, origin.y + 31, Int((width / Self.barPitch).rounded(.down)))
    }

    /// The duration text's top-left corner and the status box's top.
    public var durationOrigin: Vec2 { origin + Vec2(65, 37) }
    public var statusTop: Double { origin.y + 50 }
}
