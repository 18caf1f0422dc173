import Foundation

/// How a shape is coloured and how much of it shows beyond its outline's
/// coverage: one colour or stops across its box (the editor's weight band,
/// `editor.md` section 2.2), a fade down the frame (the tool panel's mask),
/// and a soft edge (a glow: a Gaussian's edge instead of the one-pixel rule).
public enum ShapePaint: Equatable, Sendable {
    /// The shape's `color`.
    case solid
    /// Colours at positions 0...1 across the shape's own box, left to right
    /// in its own units: linear between stops, or, when `steps`, each stop's
    /// colour from its position to the next (at most four stops).
    case across([ShapePaintStop], steps: Bool)
    /// Colours at positions 0...1 around the shape's own origin, from the
    /// angle `start` (radians from +x, towards +y: clockwise on the screen)
    /// clockwise, linear between stops (the editor's colour ring, at most eight stops).
    case conic([ShapePaintStop], start: Double)

    /// The most stops a paint has (what the shader's block holds).
    public static let maximumStops = 8

    /// Its colour at local point `local` (its own units), `u` across its box (0 at the left, 1 at the right); `solid` for `.solid`.
    public func colour(at local: Vec2, across u: Double, solid: RGB) -> RGB {
        if case .conic(let stops, let start) = self {
            let turn = (atan2(local.y, local.x) - start) / (2 * Double.pi)
            return Self.across(stops, steps: false).colour(at: turn - turn.rounded(.down), solid: solid)
        }
        return colour(at: u, solid: solid)
    }

    /// The colour at `u` (0 at the box's left, 1 at its right), or `solid` for `.solid`.
    public func colour(at u: Double, solid: RGB) -> RGB {
        guard case .across(let stops, let steps) = self, let first = stops.first else { return solid }
        if u <= first.position { return first.colour }
        for (low, high) in zip(stops, stops.dropFirst()) where u < high.position {
            if steps { return low.colour }
            let share = (u - low.position) / max(high.position - low.position, 1e-12)
            return low.colour * (1 - share) + high.colour * share
        }
        return stops[stops.count - 1].colour
    }
}

/// A paint's stop: a position across the box and its colour.
public struct ShapePaintStop: Equatable, Sendable {
    public var position: Double
    public var colour: RGB

    public init(_ position: Double, _ colour: RGB) {
        self.position = position
        self.colour = colour
    }
}

/// A fade down the frame: whole above `start`, nothing below `end` (frame
/// pixels, y down), linear between, at each pixel's centre.
public struct ShapeFade: Equatable, Sendable {
    public var start: Double
    public var end: Double

    public init(start: Double, end: Double) {
        self.start = start
        self.end = end
    }

    /// The share shown at a pixel centre's `y`.
    public func share(atY y: Double) -> Double {
        guard end > start else { return y < start ? 1 : 0 }
        return min(max((end - y) / (end - start), 0), 1)
    }
}

/// A soft edge's coverage: the share of a Gaussian of standard deviation
/// `sigma` (frame pixels) that lies inside at signed distance `distance`,
/// Phi(-d / sigma) = erfc(d / (sigma sqrt 2)) / 2 (exact for a straight
/// edge), 0 from 4 sigma out and 1 from 4 sigma in (what is left there,
/// 3e-5, is under half a level); erfc by Abramowitz and Stegun's 7.1.26
/// (error under 1.5e-7), as `shapes.glsl` works it out.
public enum SoftEdge {
    public static let reach = 4.0

    public static func coverage(signedDistance distance: Double, sigma: Double) -> Double {
        guard distance < reach * sigma else { return 0 }
        guard distance > -reach * sigma else { return 1 }
        let x = distance / (sigma * 2.0.squareRoot())
        let z = abs(x), t = 1 / (1 + 0.3275911 * z)
        let poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
        let erfcOfZ = poly * exp(-z * z)
        return x >= 0 ? erfcOfZ / 2 : 1 - erfcOfZ / 2
    }
}

/// An arc of a circle as an outline's part (the Undo icon's): about
/// `centre`, of `radius`, from the angle `start` (radians from +x towards
/// +y, clockwise on the screen) through `sweep` (>= 0) clockwise.
public struct ShapeArc: Equatable, Sendable {
    public var centre: Vec2
    public var radius: Double
    public var start: Double
    public var sweep: Double

    public init(centre: Vec2, radius: Double, start: Double, sweep: Double) {
        self.centre = centre
        self.radius = radius
        self.start = start
        self.sweep = sweep
    }

    /// The distance from `point` to the arc (a line of no width): to the
    /// circle where the point's angle lies within the arc, else to the nearer end.
    public func distance(_ point: Vec2) -> Double {
        let d = point - centre
        var turn = (atan2(d.y, d.x) - start).truncatingRemainder(dividingBy: 2 * Double.pi)
        if turn < 0 { turn += 2 * Double.pi }
        if turn <= sweep { return abs(d.length - radius) }
        let first = centre + Vec2(cos(start), sin(start)) * radius, last = centre + Vec2(cos(start + sweep), sin(start + sweep)) * radius
        return min((point - first).length, (point - last).length)
    }
}
