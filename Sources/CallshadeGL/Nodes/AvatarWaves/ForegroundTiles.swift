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

/// What the foreground does over one tile (`AvatarWavesNode.tileKinds`), and so which build draws it.
typealias TileKind = AvatarWavesTile

extension AvatarWavesTile {
    var part: ForegroundPart {
        switch self {
        case .avatarInterior: return .interior
        case let .composed(outer, inner, avatar):
            return ForegroundPart(outerGiven: outer != nil, innerGiven: inner != nil, noAvatar: !avatar)
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
struct ForegroundTiles: NodeTiles {
    static let side = SceneTiles.side

    /// The square cut into tiles (frame pixels, its corner on multiples of 8).
    let region: PixelRect
    /// What each tile is to the compositor, row by row.
    let coverage: [TileCoverage]
    /// Each tile's kind, row by row (nil: nothing).
    private let kinds: [TileKind?]

    /// Classifies the tiles of `region` (whose corner lies on multiples of 8).
    init(node: AvatarWavesNode, region: PixelRect) {
        self.region = region
        kinds = node.tileKinds(in: region)
        coverage = kinds.map(AvatarWavesNode.coverage)
    }

    /// Tiles every one drawn by the whole program, all edge tiles: the exact reference for the classification.
    init(everywhereWhole region: PixelRect) {
        self.region = region
        let count = SceneTiles.count(region).columns * SceneTiles.count(region).rows
        kinds = [TileKind?](repeating: .whole, count: count)
        coverage = [TileCoverage](repeating: .edge, count: count)
    }

    /// Every tile drawn, in runs of a kind, the kinds in `TileKind.drawingOrder`.
    var runs: [(kind: TileKind, rects: [PixelRect])] {
        runs(of: TilePlan.runs(kinds.map { $0 != nil }, columns: SceneTiles.count(region).columns, in: region))
    }

    /// Every rectangle drawn, whatever its kind.
    var rects: [PixelRect] { runs.flatMap(\.rects) }

    /// `rects` (runs of these tiles along rows, frame pixels) cut where the
    /// kind changes, by kind in `TileKind.drawingOrder`, each kind's runs in
    /// the order given.
    func runs(of rects: [PixelRect]) -> [(kind: TileKind, rects: [PixelRect])] {
        let side = Self.side
        let columns = SceneTiles.count(region).columns
        var byKind: [TileKind: [PixelRect]] = [:]
        for rect in rects where !rect.isEmpty {
            let row = (rect.y - region.y) / side
            var column = (rect.x - region.x) / side
            let last = (rect.x + rect.width - 1 - region.x) / side
            while column <= last {
                guard let kind = kinds[row * columns + column] else {
                    column += 1
                    continue
                }
                var end = column + 1
                while end <= last, kinds[row * columns + end] == kind { end += 1 }
                byKind[kind, default: []].append(PixelRect(x: region.x + column * side, y: rect.y,
                                                           width: min(end * side, region.width) - column * side, height: rect.height))
                column = end
            }
        }
        return TileKind.drawingOrder.compactMap { kind in byKind[kind].map { (kind, $0) } }
    }
}
