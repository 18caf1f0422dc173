import Foundation

/// What the foreground does over one tile, and so which build draws it.
public enum AvatarWavesTile: Hashable, Sendable {
    case avatarInterior
    /// Each wave's coverage where it is the same all over the tile (true: 1,
    /// false: 0; nil where it must be computed), and whether the avatar shows there.
    case composed(outer: Bool?, inner: Bool?, avatar: Bool)

    public static let whole = AvatarWavesTile.composed(outer: nil, inner: nil, avatar: true)

    /// Only the waves show, each at a coverage the same over the tile.
    public var isWavesOnly: Bool {
        if case let .composed(outer?, inner?, false) = self { return outer || inner }
        return false
    }

    /// The order tiles are drawn and listed in (any order gives the same
    /// pixels: tiles never overlap): each of the 3 x 3 x 2 composed kinds after the interior.
    public static let drawingOrder: [AvatarWavesTile] = [.avatarInterior] + [false, true].flatMap { avatar in
        [nil, false, true].flatMap { (outer: Bool?) in
            [nil, false, true].map { (inner: Bool?) in AvatarWavesTile.composed(outer: outer, inner: inner, avatar: avatar) }
        }
    }
}

extension AvatarWavesNode {
    /// What the node does over each tile of `region` (row by row; nil where
    /// nothing): bounds on the avatar's and the waves' coverage over the
    /// whole tile prove each kind's shortcut gives the same result.
    public func tileKinds(in region: PixelRect) -> [AvatarWavesTile?] {
        let (columns, rows) = SceneTiles.count(region)
        let avatarBounds = AvatarBounds(avatar, centre: centre)
        let shapes = waves.map { $0.alpha > 0 ? $0.shapes : [] } ?? []
        func bounds(_ index: Int) -> WaveBounds? {
            guard shapes.indices.contains(index) else { return nil }
            return WaveBounds(shape: shapes[index], centre: centre, region: region, columns: columns, rows: rows)
        }
        let outer = bounds(0)
        let inner = bounds(1)
        var kinds = [AvatarWavesTile?](repeating: nil, count: columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let avatarCoverage = avatarBounds.coverage(over: SceneTiles.centreBox(column: column, row: row, region: region, origin: Vec2(0, 0)))
                if avatarCoverage == .inside && avatarBounds.isOpaque {
                    kinds[row * columns + column] = .avatarInterior
                    continue
                }
                let outerCoverage = outer?.coverage(column: column, row: row) ?? .outside
                let innerCoverage = inner?.coverage(column: column, row: row) ?? .outside
                func given(_ coverage: PartCoverage) -> Bool? { coverage == .edge ? nil : coverage == .inside }
                let nothing = avatarCoverage == .outside && outerCoverage == .outside && innerCoverage == .outside
                kinds[row * columns + column] = nothing ? nil
                    : .composed(outer: given(outerCoverage), inner: given(innerCoverage), avatar: avatarCoverage != .outside)
            }
        }
        return kinds
    }

    public func tileCoverage(in region: PixelRect) -> [TileCoverage] {
        tileKinds(in: region).map(Self.coverage)
    }

    /// What a tile of a kind is to the compositor (nil: nothing there).
    public static func coverage(_ kind: AvatarWavesTile?) -> TileCoverage {
        switch kind {
        case nil: return .outside
        case .avatarInterior?: return .opaque
        case let kind?: return kind.isWavesOnly ? .backdrop : .edge
        }
    }
}

/// The avatar's disc (`AvatarLayer.disc`), and whether it is opaque.
private struct AvatarBounds {
    let disc: Disc?
    let isOpaque: Bool

    /// The bounds of `avatar` about `centre`; nothing anywhere when it is left out.
    init(_ avatar: AvatarLayer?, centre: Vec2) {
        disc = avatar?.disc(centre: centre)
        isOpaque = (avatar?.image?.isOpaque ?? true) && (avatar?.opacity ?? 1) >= 1
    }

    func coverage(over box: CentreBox) -> PartCoverage {
        disc?.tileCoverage(box) ?? .outside
    }
}

/// Bounds on one wave shape's field over each tile. The field is
/// f(u) = sum_j exp(-|u - q_j|^2 / sigma^2) in units of the shape's side, and
/// `waves.glsl` takes the coverage clamp(d + 1/2, 0, 1) from the signed
/// distance d = (f - threshold) side / |grad f| in pixels. Each term factors
/// into an x part and a y part, so per column and per row of tiles the
/// nearest and farthest distances to each ball give, for every tile, bounds
/// max f, min f and max |grad f| from products alone.
private struct WaveBounds {
    /// For each column (then each row) of tiles and each ball: the factor's largest and smallest value
    /// over the tile, and a bound on its derivative (2 |u - q| / sigma^2 times the largest value).
    private struct Factors {
        var largest: [Double]
        var smallest: [Double]
        var slope: [Double]
    }

    private let columns: Factors
    private let rows: Factors
    private let balls: Int
    private let side: Double
    private let threshold = WaveGeometry.threshold
    /// A tile counts as inside or outside only if d is beyond +-(1/2 + this) at every pixel.
    static let distanceSlack = 0.05
    /// ... and f is this far from the threshold (the GPU's exp is not exact).
    static let fieldSlack = 1e-4

    init?(shape: WaveShape, centre: Vec2, region: PixelRect, columns columnCount: Int, rows rowCount: Int) {
        guard shape.side > 0, !shape.balls.isEmpty else { return nil }
        side = shape.side
        balls = shape.balls.count
        columns = Self.factors(shape, count: columnCount, start: region.x, extent: region.width, middle: centre.x) { $0.x }
        rows = Self.factors(shape, count: rowCount, start: region.y, extent: region.height, middle: centre.y) { $0.y }
    }

    /// The factors along one axis: tiles `count` along it from pixel `start`, the region `extent` pixels long.
    private static func factors(_ shape: WaveShape, count: Int, start: Int, extent: Int, middle: Double,
                                along axis: (Vec2) -> Double) -> Factors {
        let inverseSigmaSquared = 1 / (WaveGeometry.sigma * WaveGeometry.sigma)
        let centres = shape.balls.map(axis)
        var result = Factors(largest: [], smallest: [], slope: [])
        result.largest.reserveCapacity(count * centres.count)
        result.smallest.reserveCapacity(count * centres.count)
        result.slope.reserveCapacity(count * centres.count)
        for index in 0..<count {
            // The tile's first and last pixel centres, in units of the side from the middle.
            let low = (Double(start + index * SceneTiles.side) + 0.5 - middle) / shape.side
            let high = (Double(min(start + (index + 1) * SceneTiles.side, start + extent)) - 0.5 - middle) / shape.side
            for q in centres {
                let nearest = max(0, low - q, q - high)
                let farthest = max(abs(low - q), abs(high - q))
                let largest = exp(-nearest * nearest * inverseSigmaSquared)
                result.largest.append(largest)
                result.smallest.append(exp(-farthest * farthest * inverseSigmaSquared))
                result.slope.append(2 * farthest * inverseSigmaSquared * largest)
            }
        }
        return result
    }

    func coverage(column: Int, row: Int) -> PartCoverage {
        var largest = 0.0
        var smallest = 0.0
        var slope = 0.0
        let c = column * balls
        let r = row * balls
        for j in 0..<balls {
            largest += columns.largest[c + j] * rows.largest[r + j]
            smallest += columns.smallest[c + j] * rows.smallest[r + j]
            // |grad term| <= |d/dx| + |d/dy|.
            slope += columns.slope[c + j] * rows.largest[r + j] + columns.largest[c + j] * rows.slope[r + j]
        }
        let margin = (0.5 + Self.distanceSlack) * slope / side
        if threshold - largest >= max(margin, Self.fieldSlack) { return .outside }
        if smallest - threshold >= max(margin, Self.fieldSlack) { return .inside }
        return .edge
    }
}
