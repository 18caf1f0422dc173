import CallshadeCore

/// The smoothed remote voice level (spec section 2), on a fixed 60 Hz tick
/// counted from time 0 whatever the output frame rate:
/// `level <- 0.8 level + 0.2 (input + bump)`, snapped to 0 below 0.01, where
/// bump is 2 for 0.2 s from the first moment the call is active. Between ticks
/// the level is interpolated linearly, so it is a continuous function of time.
struct LevelTrack: Sendable {
    static let tickRate = 60.0
    static let bumpLevel = 2.0
    static let bumpSeconds = 0.2
    static let snapBelow = 0.01

    /// The smoothed level at each tick.
    let levels: [Double]

    /// The number of ticks a scenario of `duration` seconds needs.
    static func tickCount(duration: Double) -> Int { Int((duration * tickRate).rounded(.up)) + 2 }

    /// `input(tick)` is the raw level in force at tick n (at n / 60 s), asked once per tick in order;
    /// `activation` the first active instant.
    init(duration: Double, activation: Double?, input: (Int) -> Double) {
        let count = Self.tickCount(duration: duration)
        var levels: [Double] = []
        levels.reserveCapacity(count)
        var level = 0.0
        for tick in 0..<count {
            let time = Double(tick) / Self.tickRate
            var bump = 0.0
            if let activation, time >= activation, time < activation + Self.bumpSeconds { bump = Self.bumpLevel }
            level = 0.8 * level + 0.2 * (input(tick) + bump)
            if level < Self.snapBelow { level = 0 }
            levels.append(level)
        }
        self.levels = levels
    }

    func level(at time: Double) -> Double {
        guard let last = levels.last else { return 0 }
        let position = max(0, time) * Self.tickRate
        // Times that are a whole tick up to rounding error count as that tick.
        let nearest = position.rounded()
        let exact = abs(position - nearest) < 1e-9 ? nearest : position
        let tick = Int(exact.rounded(.down))
        guard tick + 1 < levels.count else { return last }
        let fraction = exact - Double(tick)
        return fraction == 0 ? levels[tick] : levels[tick] + (levels[tick + 1] - levels[tick]) * fraction
    }
}
