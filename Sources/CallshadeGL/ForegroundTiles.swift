import CallshadeCore
import Foundation

/// Which build of `foreground.frag` draws a tile (compile-time variants).
struct ForegroundPart: Hashable {
    /// The opaque inside of the avatar: its colour only (AVATAR_INTERIOR).
    var avatarInterior = false
    /// The outer (inner) wave's coverage is given, 0 or 1 over the whole tile, not computed (OUTER_GIVEN, INNER_GIVEN).
    var outerGiven = false
    var innerGiven = false
    /// The avatar is nothing here (NO_AVATAR).
    var noAvatar = false

    /// Background, both waves and the avatar, all computed.
    static let whole = ForegroundPart()
    static let interior = ForegroundPart(avatarInterior: true)

    var defines: [String] {
        (avatarInterior ? ["AVATAR_INTERIOR"] : []) + (outerGiven ? ["OUTER_GIVEN"] : [])
            + (innerGiven ? ["INNER_GIVEN"] : []) + (noAvatar ? ["NO_AVATAR"] : [])
    }
}

/// What the foreground does over one tile, and so which build draws it.
enum TileKind: Hashable {
    case avatarInterior
    /// Each wave's coverage where it is the same all over the tile (true: 1,
    /// false: 0; nil where it must be computed), and whether the avatar shows there.
    case composed(outer: Bool?, inner: Bool?, avatar: Bool)

    static let whole = TileKind.composed(outer: nil, inner: nil, avatar: true)

    var part: ForegroundPart {
        switch self {
        case .avatarInterior: return .interior
        case let .composed(outer, inner, avatar):
            return ForegroundPart(outerGiven: outer != nil, innerGiven: inner != nil, noAvatar: !avatar)
        }
    }

    /// Only the waves show, each at a coverage the same over the tile.
    var isWavesOnly: Bool {
        if case let .composed(outer?, inner?, false) = self { return outer || inner }
        return false
    }

    /// The order tiles are drawn and listed in (any order gives the same
    /// pixels: tiles never overlap): each of the 3 x 3 x 2 composed kinds after the interior.
    static let drawingOrder: [TileKind] = [.avatarInterior] + [false, true].flatMap { avatar in
        [nil, false, true].flatMap { (outer: Bool?) in
            [nil, false, true].map { (inner: Bool?) in TileKind.composed(outer: outer, inner: inner, avatar: avatar) }
        }
    }
}

/// The foreground's square cut into 8x8 tiles, each given the cheapest
/// program that draws it exactly: on a software rasteriser every pixel costs
/// its program's full work, whatever a branch would skip. A tile gets a
/// cheaper program only where bounds on the avatar's and the waves' coverage
/// over the whole tile prove the shortcut gives the same result; tiles where
/// the foreground changes nothing are left out. Tiles of a kind are merged
/// into runs along each row of tiles.
struct ForegroundTiles {
    static let side = 8

    /// The square cut into tiles (frame pixels, its corner on multiples of 8).
    let region: PixelRect
    /// The rectangles (frame pixels, inside `region`) of each kind, in `TileKind.drawingOrder`.
    let runs: [(kind: TileKind, rects: [PixelRect])]

    private init(region: PixelRect, runs: [(kind: TileKind, rects: [PixelRect])]) {
        self.region = region
        self.runs = runs
    }

    /// These tiles without the waves at constant coverage (`drawn`), and
    /// those alone (`waves`): what the host composition takes over.
    var splitByWaves: (drawn: ForegroundTiles, waves: [(kind: TileKind, rects: [PixelRect])]) {
        (ForegroundTiles(region: region, runs: runs.filter { !$0.kind.isWavesOnly }), runs.filter(\.kind.isWavesOnly))
    }

    /// Every rectangle drawn, whatever its kind.
    var rects: [PixelRect] { runs.flatMap(\.rects) }

    /// Tiles every one drawn by the whole program: the exact reference for the classification.
    init(everywhereWhole region: PixelRect) {
        self.region = region
        runs = region.isEmpty ? [] : [(.whole, [region])]
    }

    /// Classifies the tiles of `region` (whose corner lies on multiples of 8).
    init(node: AvatarWavesNode, region: PixelRect) {
        self.region = region
        let columns = (region.width + Self.side - 1) / Self.side
        let rows = (region.height + Self.side - 1) / Self.side
        let avatar = AvatarBounds(node.avatar)
        let shapes = node.waves.map { $0.alpha > 0 ? $0.shapes : [] } ?? []
        func bounds(_ index: Int) -> WaveBounds? {
            guard shapes.indices.contains(index) else { return nil }
            return WaveBounds(shape: shapes[index], centre: node.centre, region: region, columns: columns, rows: rows)
        }
        let outer = bounds(0)
        let inner = bounds(1)

        var kinds = [TileKind?](repeating: nil, count: columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let box = Self.centreBox(column: column, row: row, region: region, centre: node.centre)
                let avatarCoverage = avatar.coverage(over: box)
                if avatarCoverage == .inside && avatar.isOpaque {
                    kinds[row * columns + column] = .avatarInterior
                    continue
                }
                let outerCoverage = outer?.coverage(column: column, row: row) ?? .outside
                let innerCoverage = inner?.coverage(column: column, row: row) ?? .outside
                func given(_ coverage: TileCoverage) -> Bool? { coverage == .edge ? nil : coverage == .inside }
                let nothing = avatarCoverage == .outside && outerCoverage == .outside && innerCoverage == .outside
                kinds[row * columns + column] = nothing ? nil
                    : .composed(outer: given(outerCoverage), inner: given(innerCoverage), avatar: avatarCoverage != .outside)
            }
        }
        var byKind: [TileKind: [PixelRect]] = [:]
        for row in 0..<rows {
            var column = 0
            while column < columns {
                guard let kind = kinds[row * columns + column] else {
                    column += 1
                    continue
                }
                var end = column + 1
                while end < columns, kinds[row * columns + end] == kind { end += 1 }
                let x = region.x + column * Self.side
                let y = region.y + row * Self.side
                byKind[kind, default: []].append(PixelRect(x: x, y: y, width: min(end * Self.side, region.width) - column * Self.side,
                                                           height: min(Self.side, region.height - row * Self.side)))
                column = end
            }
        }
        runs = TileKind.drawingOrder.compactMap { kind in byKind[kind].map { (kind, $0) } }
    }

    /// The box of a tile's pixel centres, relative to the foreground's centre (pixels, y down).
    private static func centreBox(column: Int, row: Int, region: PixelRect, centre: Vec2) -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        let x0 = Double(region.x + column * side)
        let y0 = Double(region.y + row * side)
        let x1 = Double(min(region.x + (column + 1) * side, region.x + region.width))
        let y1 = Double(min(region.y + (row + 1) * side, region.y + region.height))
        return ((x0 + 0.5 - centre.x)...(x1 - 0.5 - centre.x), (y0 + 0.5 - centre.y)...(y1 - 0.5 - centre.y))
    }
}

/// A layer's coverage over all the pixels of a tile.
enum TileCoverage: Equatable {
    /// Exactly 0 at every pixel.
    case outside
    /// Exactly 1 at every pixel.
    case inside
    /// Anything: the program must compute it.
    case edge
}

/// The avatar's disc: coverage clamp(r - |offset| + 1/2, 0, 1), as `avatar.glsl` computes it.
private struct AvatarBounds {
    let radius: Double?
    let isOpaque: Bool

    /// Slack for the GPU's float arithmetic, in pixels.
    static let slack = 0.01

    /// The bounds of `avatar`; nothing anywhere when it is left out.
    init(_ avatar: AvatarLayer?) {
        let diameter = avatar?.diameter ?? 0
        radius = diameter > 0 ? diameter / 2 : nil
        isOpaque = avatar?.image?.isOpaque ?? true
    }

    func coverage(over box: (x: ClosedRange<Double>, y: ClosedRange<Double>)) -> TileCoverage {
        guard let radius else { return .outside }
        func nearest(_ range: ClosedRange<Double>) -> Double { range.contains(0) ? 0 : min(abs(range.lowerBound), abs(range.upperBound)) }
        func farthest(_ range: ClosedRange<Double>) -> Double { max(abs(range.lowerBound), abs(range.upperBound)) }
        let near = (nearest(box.x) * nearest(box.x) + nearest(box.y) * nearest(box.y)).squareRoot()
        let far = (farthest(box.x) * farthest(box.x) + farthest(box.y) * farthest(box.y)).squareRoot()
        if far <= radius - 0.5 - Self.slack { return .inside }
        if near >= radius + 0.5 + Self.slack { return .outside }
        return .edge
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
            let low = (Double(start + index * ForegroundTiles.side) + 0.5 - middle) / shape.side
            let high = (Double(min(start + (index + 1) * ForegroundTiles.side, start + extent)) - 0.5 - middle) / shape.side
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

    func coverage(column: Int, row: Int) -> TileCoverage {
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
