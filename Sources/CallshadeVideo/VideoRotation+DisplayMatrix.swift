import CallshadeCore

extension VideoRotation {
    /// The rotation for a display matrix turning `degrees` counter-clockwise
    /// (as FFmpeg's `av_display_rotation_get` gives it), to the nearest quarter turn.
    init(counterClockwiseDegrees degrees: Double) {
        let quarters = Int((-degrees / 90).rounded())
        self = VideoRotation(rawValue: ((quarters % 4 + 4) % 4) * 90) ?? .none
    }
}
