import CallshadeCore

/// The tiles of a frame some node is opaque over, gathered from the top
/// node down (`NodeRenderers.frameNodesLeavingHidden(of:classified:)`): a
/// node below whose tiles all lie among them is hidden there.
struct OpaqueTiles {
    private let columns: Int
    private let rows: Int
    private var opaque: [Bool]

    init(size: FrameSize) {
        columns = (size.width + SceneTiles.side - 1) / SceneTiles.side
        rows = (size.height + SceneTiles.side - 1) / SceneTiles.side
        opaque = [Bool](repeating: false, count: columns * rows)
    }

    /// Marks the tiles `tiles` is opaque over.
    mutating func add(_ tiles: any NodeTiles) {
        let region = tiles.region
        guard !region.isEmpty else { return }
        let (regionColumns, regionRows) = SceneTiles.count(region)
        let (firstColumn, firstRow) = (region.x / SceneTiles.side, region.y / SceneTiles.side)
        let coverage = tiles.coverage
        for row in 0..<regionRows {
            for column in 0..<regionColumns where coverage[row * regionColumns + column] == .opaque {
                opaque[(firstRow + row) * columns + firstColumn + column] = true
            }
        }
    }

    /// Whether every tile of `region` (its corner on multiples of 8) is marked; false for an empty one.
    func covers(_ region: PixelRect) -> Bool {
        guard !region.isEmpty else { return false }
        let (regionColumns, regionRows) = SceneTiles.count(region)
        let (firstColumn, firstRow) = (region.x / SceneTiles.side, region.y / SceneTiles.side)
        guard firstColumn + regionColumns <= columns, firstRow + regionRows <= rows else { return false }
        for row in firstRow..<firstRow + regionRows {
            for column in firstColumn..<firstColumn + regionColumns where !opaque[row * columns + column] { return false }
        }
        return true
    }
}
