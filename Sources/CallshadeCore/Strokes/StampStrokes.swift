import Foundation

/// A marker stroke as drawn at one instant (`drawing.md` section 3): chisel
/// stamps of width W every 2 px along its path, each at the stamp alpha,
/// accumulated source-over into the stroke's layer.
public struct MarkerStroke: Equatable, Sendable {
    /// Stamps along the path, px apart.
    public static let spacing = 2.0
    /// The chisel: its short axis over its long one, and its turn (30 degrees, clockwise on screen; ours).
    public static let chiselRatio = 0.35
    public static let chiselTurn = Double.pi / 6

    public let width: Double
    public let stampAlpha: Double
    public let stamps: [Ellipse]

    public init(_ stroke: Stroke, at time: Double, longerSide: Double) {
        let range = StampWidthRange(longerSide: longerSide, size: stroke.size)
        width = range.width
        stampAlpha = range.stampAlpha(colourAlpha: stroke.colour.alpha)
        let path = StampPath.flattened(stroke.samples(drawnBy: time).map(\.position))
        stamps = StampPath.spaced(path, spacing: Self.spacing).map {
            Ellipse(centre: $0, a: range.width / 2, b: range.width * Self.chiselRatio / 2, angle: Self.chiselTurn)
        }
    }

    /// The layer's alpha at `point`: each stamp's alpha times its coverage, source-over, in order.
    public func layerAlpha(at point: Vec2) -> Double {
        1 - stamps.reduce(1) { $0 * (1 - stampAlpha * $1.coverage(at: point)) }
    }
}

/// A pencil stroke as drawn at one instant (`drawing.md` section 3, ours):
/// discs of 0.3 W every 0.1 W along the stamp path, each's coverage times
/// a grain 0.55 + 0.45 n (n: value noise on a 2 px lattice keyed by the
/// stroke's seed and the stamp's index, in the stamp's turned frame), each
/// turned by an angle from the same counter-based generator; source-over at
/// the stamp alpha (the marker's rule, with the brush's W).
public struct PencilStroke: Equatable, Sendable {
    public struct Stamp: Equatable, Sendable {
        public var centre: Vec2
        public var index: Int
        /// Its turn, radians.
        public var turn: Double
    }

    public static let stampDiameter = 0.3
    public static let stampSpacing = 0.1
    /// The grain's lattice, px.
    public static let lattice = 2.0
    /// The generator's domains: the stamps' turns and their grain.
    static let turnDomain: UInt64 = 0x5045_4E43_494C_5431
    static let grainDomain: UInt64 = 0x5045_4E43_494C_4731

    public let width: Double
    public let stampAlpha: Double
    public let stamps: [Stamp]
    private let seed: Int64

    public init(_ stroke: Stroke, at time: Double, longerSide: Double) {
        let range = StampWidthRange(longerSide: longerSide, size: stroke.size)
        width = range.width
        stampAlpha = range.stampAlpha(colourAlpha: stroke.colour.alpha)
        seed = stroke.seed
        let turns = CounterRandom(seed: stroke.seed, domain: Self.turnDomain)
        let path = StampPath.flattened(stroke.samples(drawnBy: time).map(\.position))
        stamps = StampPath.spaced(path, spacing: range.width * Self.stampSpacing).enumerated().map { index, centre in
            Stamp(centre: centre, index: index, turn: turns.unit(UInt64(index), 0) * 2 * Double.pi)
        }
    }

    /// The value noise's value at lattice point (`i`, `j`) of stamp `index`, 0..<1.
    public func latticeValue(stampIndex index: Int, _ i: Int, _ j: Int) -> Double {
        let key = UInt64(UInt32(bitPattern: Int32(clamping: i))) << 32 | UInt64(UInt32(bitPattern: Int32(clamping: j)))
        return CounterRandom(seed: seed, domain: Self.grainDomain).unit(UInt64(index), key)
    }

    /// The grain at `local` (lattice units in the stamp's turned frame),
    /// 0.55...1, from its lattice values: smoothstep-weighted bilinear value
    /// noise (ours).
    public static func grain(atLattice local: Vec2, value: (Int, Int) -> Double) -> Double {
        let cell = (x: local.x.rounded(.down), y: local.y.rounded(.down))
        let (i, j) = (Int(cell.x), Int(cell.y))
        func smooth(_ t: Double) -> Double { t * t * (3 - 2 * t) }
        let u = smooth(local.x - cell.x), v = smooth(local.y - cell.y)
        let top = value(i, j) * (1 - u) + value(i + 1, j) * u
        let bottom = value(i, j + 1) * (1 - u) + value(i + 1, j + 1) * u
        return 0.55 + 0.45 * (top * (1 - v) + bottom * v)
    }

    /// Where `point` lies on `stamp`'s lattice: its offset from the centre
    /// turned into the stamp's frame, over the lattice's spacing `lattice`.
    public static func latticePoint(_ point: Vec2, centre: Vec2, turn: Double, lattice: Double) -> Vec2 {
        latticePoint(point, centre: centre, cosine: cos(turn), sine: sin(turn), lattice: lattice)
    }

    /// The same with the turn's cos and sin given.
    public static func latticePoint(_ point: Vec2, centre: Vec2, cosine c: Double, sine s: Double, lattice: Double) -> Vec2 {
        let d = point - centre
        return Vec2((d.x * c + d.y * s) / lattice, (-d.x * s + d.y * c) / lattice)
    }

    /// The grain of `stamp` at `point`, 0.55...1.
    public func grain(of stamp: Stamp, at point: Vec2) -> Double {
        Self.grain(atLattice: Self.latticePoint(point, centre: stamp.centre, turn: stamp.turn, lattice: Self.lattice)) {
            latticeValue(stampIndex: stamp.index, $0, $1)
        }
    }

    /// One stamp's coverage at `point`: its disc's times its grain.
    public func coverage(of stamp: Stamp, at point: Vec2) -> Double {
        let disc = Disc(centre: stamp.centre, radius: width * Self.stampDiameter / 2).coverage(at: point)
        return disc > 0 ? disc * grain(of: stamp, at: point) : 0
    }

    /// The layer's alpha at `point`: the stamps source-over, in order.
    public func layerAlpha(at point: Vec2) -> Double {
        1 - stamps.reduce(1) { $0 * (1 - stampAlpha * coverage(of: $1, at: point)) }
    }
}
