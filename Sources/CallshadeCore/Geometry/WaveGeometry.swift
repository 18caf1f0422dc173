import Foundation

/// One wave shape for one frame: the centres of its metaballs, in units of its
/// square's side around the square's centre (x right, y down), and that side in pixels.
public struct WaveShape: Equatable, Sendable {
    public var balls: [Vec2]
    public var side: Double

    public init(balls: [Vec2], side: Double) {
        self.balls = balls
        self.side = side
    }
}

/// The waves of one frame: two shapes (outer, inner), each a mask of white at
/// `alpha`, through which a copy of the background toned by `tone` shows.
public struct WavesLayer: Equatable, Sendable {
    public var shapes: [WaveShape]
    /// The alpha of each shape's white (0.35 when fully shown).
    public var alpha: Double
    public var tone: Tone

    public init(shapes: [WaveShape], alpha: Double, tone: Tone = .waves) {
        self.shapes = shapes
        self.alpha = alpha
        self.tone = tone
    }
}

/// How the waves are made (spec section 2, drawn as metaball fields).
///
/// Each shape is the region where `sum_j exp(-|p - q_j|^2 / sigma^2) >= threshold`
/// for 8 balls q_j on a ring. In the reference, a shape has 8 control radii
/// `0.45 + 0.05 r` (of its square) with r random in [0, 1], new targets every
/// 1/3 s. Here ball j sits at angle 2 pi j / 8 (the inner shape turned by pi / 8)
/// at distance `0.275 + 1.4 (R - 0.475)` for control radius R, which puts the
/// outline within 0.003 of R along that direction; r moves through its random
/// targets on a Catmull-Rom curve, so velocity never jumps.
public enum WaveGeometry {
    public static let ballCount = 8
    public static let sigma = 0.2
    public static let meanRadius = 0.475
    static let ringRadius = 0.275
    static let radialGain = 1.4
    /// New random targets this many times a second.
    public static let stepsPerSecond = 3.0
    /// The alpha of each shape's white when fully shown.
    public static let fullAlpha = 0.35

    /// The field value on the outline: a ring of equal balls puts the outline at the mean radius.
    public static let threshold: Double = (0..<ballCount).reduce(0) { sum, j in
        let angle = 2 * Double.pi * Double(j) / Double(ballCount)
        let dx = meanRadius - ringRadius * cos(angle)
        let dy = -ringRadius * sin(angle)
        return sum + exp(-(dx * dx + dy * dy) / (sigma * sigma))
    }

    /// The control radius (fraction of the square) of one ball at a motion time.
    public static func controlRadius(seed: Int64, shape: Int, ball: Int, motionTime: Double) -> Double {
        let position = max(0, motionTime) * stepsPerSecond
        let step = Int64(position.rounded(.down))
        let f = position - Double(step)
        func target(_ offset: Int64) -> Double {
            0.45 + 0.05 * WaveRandom.unit(seed: seed, shape: shape, ball: ball, step: step + offset)
        }
        let (p0, p1, p2, p3) = (target(-1), target(0), target(1), target(2))
        // Uniform Catmull-Rom: through p1 at f = 0 and p2 at f = 1, C1 across steps.
        return 0.5 * (2 * p1 + (p2 - p0) * f + (2 * p0 - 5 * p1 + 4 * p2 - p3) * f * f
            + (3 * p1 - p0 - 3 * p2 + p3) * f * f * f)
    }

    /// The ball centres of one shape at a motion time.
    public static func balls(seed: Int64, shape: Int, motionTime: Double) -> [Vec2] {
        (0..<ballCount).map { ball in
            let angle = 2 * Double.pi * (Double(ball) + (shape == 0 ? 0 : 0.5)) / Double(ballCount)
            let radius = controlRadius(seed: seed, shape: shape, ball: ball, motionTime: motionTime)
            let distance = ringRadius + radialGain * (radius - meanRadius)
            return Vec2(distance * cos(angle), distance * sin(angle))
        }
    }

    /// How much the voice level enlarges things: 0.05 clamp(level, 0, 5).
    public static func extra(level: Double) -> Double {
        0.05 * min(max(level.isNaN ? 0 : level, 0), 5)
    }
}
