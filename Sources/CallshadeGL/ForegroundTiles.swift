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
struct ForegroundTiles {
    static let side = SceneTiles.side

    /// The square cut into tiles (frame pixels, its corner on multiples of 8).
    let region: PixelRect
    /// The rectangles (frame pixels, inside `region`) of each kind, in `TileKind.drawingOrder`.
    let runs: [(kind: TileKind, rects: [PixelRect])]
    /// Each tile's kind, row by row (nil: nothing, or left out).
    private let kinds: [TileKind?]

    private init(region: PixelRect, kinds: [TileKind?]) {
        self.region = region
        self.kinds = kinds
        runs = Self.runs(of: kinds, in: region)
    }

    /// These tiles split between the GPU and the host composition: the host
    /// takes every tile but those where `drawnOver` says another node draws
    /// too (those stay `drawn`); of its tiles, those where only the waves show
    /// at a constant coverage (`waves`: interpolated from the gradient seen
    /// through them) apart from the rest (`composed` a pixel); and the tiles
    /// the foreground leaves alone (`background`). Together they are the whole region.
    func splitForHost(drawnOver: (_ column: Int, _ row: Int) -> Bool = { _, _ in false })
        -> (drawn: ForegroundTiles, waves: [(kind: TileKind, rects: [PixelRect])], composed: [(kind: TileKind, rects: [PixelRect])],
            background: [PixelRect]) {
        let columns = SceneTiles.count(region).columns
        var drawn = kinds
        var waves = kinds
        var composed = kinds
        for index in kinds.indices {
            guard let kind = kinds[index] else { continue }
            let hosted = !drawnOver(index % columns, index / columns)
            if hosted { drawn[index] = nil }
            if !hosted || !kind.isWavesOnly { waves[index] = nil }
            if !hosted || kind.isWavesOnly { composed[index] = nil }
        }
        // The tiles the foreground leaves alone: the background shows there (or what a node above draws).
        let background = TilePlan.runs(kinds.map { $0 == nil }, columns: columns, in: region)
        return (ForegroundTiles(region: region, kinds: drawn), Self.runs(of: waves, in: region), Self.runs(of: composed, in: region),
                background)
    }

    /// Every rectangle drawn, whatever its kind.
    var rects: [PixelRect] { runs.flatMap(\.rects) }

    /// Tiles every one drawn by the whole program: the exact reference for the classification.
    init(everywhereWhole region: PixelRect) {
        self.region = region
        kinds = [TileKind?](repeating: .whole, count: SceneTiles.count(region).columns * SceneTiles.count(region).rows)
        runs = region.isEmpty ? [] : [(.whole, [region])]
    }

    /// Classifies the tiles of `region` (whose corner lies on multiples of
    /// 8); tiles `excluded` says (another node hides them) are left out.
    init(node: AvatarWavesNode, region: PixelRect, excluding excluded: (_ column: Int, _ row: Int) -> Bool = { _, _ in false }) {
        self.init(kinds: node.tileKinds(in: region), region: region, excluding: excluded)
    }

    /// The same from the kinds `AvatarWavesNode.tileKinds` gave for `region`.
    init(kinds given: [TileKind?], region: PixelRect, excluding excluded: (_ column: Int, _ row: Int) -> Bool) {
        let columns = SceneTiles.count(region).columns
        var kinds = given
        for index in kinds.indices where kinds[index] != nil && excluded(index % columns, index / columns) { kinds[index] = nil }
        self.init(region: region, kinds: kinds)
    }

    /// Tiles of a kind merged into runs along each row, the kinds in `TileKind.drawingOrder`.
    private static func runs(of kinds: [TileKind?], in region: PixelRect) -> [(kind: TileKind, rects: [PixelRect])] {
        let (columns, rows) = SceneTiles.count(region)
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
                let x = region.x + column * side
                let y = region.y + row * side
                byKind[kind, default: []].append(PixelRect(x: x, y: y, width: min(end * side, region.width) - column * side,
                                                           height: min(side, region.height - row * side)))
                column = end
            }
        }
        return TileKind.drawingOrder.compactMap { kind in byKind[kind].map { (kind, $0) } }
    }
}
