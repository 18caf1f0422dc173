import CallshadeCore
import Foundation

/// The full-screen effect for a rating of 4 or 5 stars (call-screen-elements,
/// section 8, ours): 160 particles (stars, circles and streamers, white or
/// one of the palette's four colours, 4 to 12 pt) launched from the chosen
/// star in a fan upwards, ballistic under gravity of 900 pt/s², spinning,
/// fading over their last 0.4 s, all gone by 2.2 s.
///
/// Each particle's launch, path, spin, size, colour and life come from the
/// seed through the counter-based generator (the particle's index and the
/// attribute are the counters), so any instant is computed on its own: the
/// same at any frame rate, in any shard.
public struct Celebration: Sendable {
    public enum Kind: Int, CaseIterable, Sendable {
        case star, circle, streamer
    }

    /// One particle as drawn at an instant.
    public struct Particle: Equatable, Sendable {
        public let kind: Kind
        public let colour: RGB
        /// Its centre, in frame pixels (y down).
        public let centre: Vec2
        /// The side of its square (a star or circle fills it; a streamer is this long and a quarter as wide), in pixels.
        public let size: Double
        /// Its turn, in radians.
        public let angle: Double
        public let alpha: Double

        /// How far from its centre it can draw, its anti-aliased edge
        /// included: no pixel centre farther away changes.
        public var reach: Double {
            let half = size / 2
            switch kind {
            case .star, .circle: return half + 1
            case .streamer: return (half * half + (size / 8) * (size / 8)).squareRoot() + 1
            }
        }
    }

    public static let count = 160
    public static let seconds = 2.2
    static let gravityPoints = 900.0
    static let fadeSeconds = 0.4
    static let domain: UInt64 = 0xCE1E_B2A7_E5_7A25

    /// The generator's counters for each attribute of a particle.
    private enum Attribute: UInt64 {
        case kind, colour, size, delay, direction, speed, spin, turn, life
    }

    let random: CounterRandom
    /// Where the particles start (the chosen star's centre), in pixels.
    let origin: Vec2
    /// Pixels per point.
    let scale: Double
    /// White, then the palette's four colours.
    let colours: [RGB]

    public init(seed: Int64, origin: Vec2, scale: Double, palette: [RGB]) {
        random = CounterRandom(seed: seed, domain: Self.domain)
        self.origin = origin
        self.scale = scale
        colours = [.white] + palette
    }

    /// The particles on screen `elapsed` seconds after the rating: none
    /// before it, none from 2.2 s on.
    public func particles(at elapsed: Double) -> [Particle] {
        guard elapsed.isFinite, elapsed >= 0, elapsed < Self.seconds else { return [] }
        return (0..<Self.count).compactMap { particle($0, at: elapsed) }
    }

    private func unit(_ index: Int, _ attribute: Attribute) -> Double {
        random.unit(UInt64(index), attribute.rawValue)
    }

    /// Particle `index`'s launch after the rating, its life, and its velocity then (points a second, y down).
    func launch(_ index: Int) -> (delay: Double, life: Double, velocity: Vec2) {
        let delay = 0.12 * unit(index, .delay)
        // Its life ends by 2.2 s: between 0.6 and 1 of what is left after its launch.
        let life = (Self.seconds - delay) * (0.6 + 0.4 * unit(index, .life))
        // Up, within 60 degrees either side, at 450 to 1050 pt/s (up to about 610 pt high before they fall).
        let direction = -Double.pi / 2 + (unit(index, .direction) - 0.5) * (2 * Double.pi / 3)
        let speed = 450 + 600 * unit(index, .speed)
        return (delay, life, Vec2(speed * cos(direction), speed * sin(direction)))
    }

    /// Particle `index` at `elapsed`, or nil while it is not launched yet or once it is gone.
    func particle(_ index: Int, at elapsed: Double) -> Particle? {
        let (delay, life, velocity) = launch(index)
        let age = elapsed - delay
        guard age >= 0, age < life else { return nil }
        let x = velocity.x * age
        let y = velocity.y * age + 0.5 * Self.gravityPoints * age * age
        let kindValue = unit(index, .kind)
        let kind: Kind = kindValue < 0.4 ? .star : kindValue < 0.75 ? .circle : .streamer
        let colour = colours[min(Int(unit(index, .colour) * Double(colours.count)), colours.count - 1)]
        let spin = (unit(index, .spin) - 0.5) * 6 * Double.pi
        let fading = life - age
        return Particle(kind: kind, colour: colour, centre: Vec2(origin.x + x * scale, origin.y + y * scale),
                        size: (4 + 8 * unit(index, .size)) * scale, angle: 2 * Double.pi * unit(index, .turn) + spin * age,
                        alpha: fading < Self.fadeSeconds ? fading / Self.fadeSeconds : 1)
    }
}
