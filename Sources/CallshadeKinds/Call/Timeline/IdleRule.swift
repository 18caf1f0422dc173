import CallshadeCore

/// The battery rules' clock (spec section 3). Idle time counts from the latest
/// tap, or from the scenario's start (placing the call is an interaction). The
/// rules apply once the call has been established (first active) and go on
/// applying for the rest of the call; a tap restarts the count.
struct IdleRule: Sendable {
    /// Seconds without interaction before the rules act.
    static let idleSeconds = 10.0
    /// The waves stop only once the call has lasted this long.
    static let callSeconds = 10.0

    /// The start of each idle window: 0, then every tap; a window ends at the next.
    let windowStarts: [Double]
    let activation: Double?
    let duration: Double

    init(status: StatusTrack, duration: Double) {
        windowStarts = [0] + status.taps.filter { $0 > 0 }
        activation = status.activation
        self.duration = duration
    }

    /// One idle window and the instants the rules act in it (nil: they don't).
    struct Window: Sendable {
        let start: Double
        /// The next tap, or infinity.
        let end: Double
        /// When the background starts to settle.
        let backgroundTrigger: Double?
        /// When the waves start to ease out.
        let wavesTrigger: Double?
    }

    var windows: [Window] {
        windowStarts.enumerated().map { index, start in
            let end = index + 1 < windowStarts.count ? windowStarts[index + 1] : .infinity
            func trigger(_ earliest: Double?) -> Double? {
                guard let earliest else { return nil }
                let time = max(start + Self.idleSeconds, earliest)
                return time < end && time <= duration ? time : nil
            }
            return Window(start: start, end: end, backgroundTrigger: trigger(activation),
                          wavesTrigger: trigger(activation.map { $0 + Self.callSeconds }))
        }
    }
}
