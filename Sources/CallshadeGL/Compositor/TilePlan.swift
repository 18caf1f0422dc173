import CallshadeCore

/// Which node draws which 8x8 tile of a frame. Each node's coverage over
/// the tiles of its region (`SceneNode.tileCoverage`) is stacked bottom to
/// top; a node opaque over a tile hides every node below it there (and the
/// background), but where a node below it reads the pixels around it (a
/// frosted glass's blur, `NodeTiles.read`), which must all be drawn. A tile
/// no node draws shows the background alone.
struct TilePlan {
    /// The frame's tiles across and down.
    let columns: Int
    let rows: Int
    /// Each node's region (frame pixels, its corner on multiples of 8) and its coverage there, row by row.
    let regions: [PixelRect]
    private let coverage: [[TileCoverage]]
    /// For each tile of the frame: the highest node opaque there, or -1.
    private var topOpaque: [Int32]
    /// For each tile of the frame: the lowest node that draws there (not hidden), or -1.
    private var lowest: [Int32]
    /// For each tile of the frame: how many nodes draw there.
    private var drawers: [UInt16]
    /// For each node: whether it draws some tile (one it reaches where no node above is opaque).
    let drawsSomeTile: [Bool]

    /// The plan of a frame of `size` whose nodes (bottom to top) have `tiles`.
    init(size: FrameSize, tiles: [any NodeTiles]) {
        columns = (size.width + SceneTiles.side - 1) / SceneTiles.side
        rows = (size.height + SceneTiles.side - 1) / SceneTiles.side
        let regions = tiles.map(\.region)
        self.regions = regions
        coverage = tiles.map { $0.region.isEmpty ? [] : $0.coverage }
        // Worked out in locals: a closure that wrote to `self`'s arrays while
        // `forEachTile` held `self` would copy them whole each time.
        var topOpaque = [Int32](repeating: -1, count: columns * rows)
        var lowest = [Int32](repeating: -1, count: columns * rows)
        var drawers = [UInt16](repeating: 0, count: columns * rows)
        var drawsSomeTile = [Bool](repeating: false, count: regions.count)
        let frameColumns = columns
        // For each tile: the lowest node that reads it (the pixels around a glass), or Int32.max.
        var readBy = [Int32](repeating: .max, count: columns * rows)
        for (node, tiles) in tiles.enumerated().reversed() {
            guard let read = tiles.read?.aligned8(within: size), !read.isEmpty else { continue }
            Self.forEachTile(of: read, [TileCoverage](repeating: .edge, count: SceneTiles.count(read).columns * SceneTiles.count(read).rows),
                             frameColumns: frameColumns) { tile, _, _ in readBy[tile] = Int32(node) }
        }
        for node in regions.indices {
            Self.forEachTile(of: regions[node], coverage[node], frameColumns: frameColumns) { tile, _, covered in
                if covered == .opaque, readBy[tile] >= Int32(node) { topOpaque[tile] = Int32(node) }
            }
        }
        for node in regions.indices {
            Self.forEachTile(of: regions[node], coverage[node], frameColumns: frameColumns) { tile, _, covered in
                guard covered != .outside, Int32(node) >= topOpaque[tile] else { return }
                if lowest[tile] < 0 { lowest[tile] = Int32(node) }
                drawers[tile] = drawers[tile] &+ 1
                drawsSomeTile[node] = true
            }
        }
        self.topOpaque = topOpaque
        self.lowest = lowest
        self.drawers = drawers
        self.drawsSomeTile = drawsSomeTile
    }

    /// The plan of `nodes` (bottom to top) in a frame of `size`; throws
    /// when a node lies below one that composes the background itself.
    init(size: FrameSize, nodes: [any FrameNode]) throws {
        self.init(size: size, tiles: nodes.map(\.tiles))
        for (index, node) in nodes.enumerated() where node.backdrop == .composes && hasNodeBelow(index) {
            throw SceneRenderError.nodeBelow(node.typeName)
        }
    }

    /// The plan of the frame with only the nodes `kept` (indices, in order),
    /// which hold every node that draws some tile: the same tiles drawn by
    /// the same nodes (an opaque node hides a tile only from those below it,
    /// and the highest opaque over a tile draws it), renumbered.
    func keeping(_ kept: [Int]) -> TilePlan {
        var number = [Int32](repeating: -1, count: regions.count)
        for (new, old) in kept.enumerated() { number[old] = Int32(new) }
        func renumbered(_ nodes: [Int32]) -> [Int32] { nodes.map { $0 < 0 ? $0 : number[Int($0)] } }
        return TilePlan(columns: columns, rows: rows, regions: kept.map { regions[$0] }, coverage: kept.map { coverage[$0] },
                        topOpaque: renumbered(topOpaque), lowest: renumbered(lowest), drawers: drawers,
                        drawsSomeTile: kept.map { drawsSomeTile[$0] })
    }

    private init(columns: Int, rows: Int, regions: [PixelRect], coverage: [[TileCoverage]], topOpaque: [Int32], lowest: [Int32],
                 drawers: [UInt16], drawsSomeTile: [Bool]) {
        (self.columns, self.rows, self.regions, self.coverage) = (columns, rows, regions, coverage)
        (self.topOpaque, self.lowest, self.drawers, self.drawsSomeTile) = (topOpaque, lowest, drawers, drawsSomeTile)
    }

    /// Runs `body` on each tile of `node`'s region: the frame tile's index, the region's, and the coverage.
    private func forEachTile(of node: Int, _ body: (Int, Int, TileCoverage) -> Void) {
        Self.forEachTile(of: regions[node], coverage[node], frameColumns: columns, body)
    }

    /// The same for a region (corner on multiples of 8) with its tiles' coverage, in a frame `frameColumns` tiles across.
    private static func forEachTile(of region: PixelRect, _ coverage: [TileCoverage], frameColumns: Int,
                                    _ body: (Int, Int, TileCoverage) -> Void) {
        guard !region.isEmpty else { return }
        let (regionColumns, regionRows) = SceneTiles.count(region)
        let firstColumn = region.x / SceneTiles.side, firstRow = region.y / SceneTiles.side
        for row in 0..<regionRows {
            for column in 0..<regionColumns {
                let index = row * regionColumns + column
                body((firstRow + row) * frameColumns + firstColumn + column, index, coverage[index])
            }
        }
    }

    /// The frame tile of tile (`column`, `row`) of `node`'s region.
    private func frameTile(of node: Int, column: Int, row: Int) -> Int {
        (regions[node].y / SceneTiles.side + row) * columns + regions[node].x / SceneTiles.side + column
    }

    /// Whether a node above `node` is opaque over that tile of its region.
    func isHidden(_ node: Int, column: Int, row: Int) -> Bool {
        topOpaque[frameTile(of: node, column: column, row: row)] > Int32(node)
    }

    /// Whether another node draws below `node` somewhere it draws itself.
    func hasNodeBelow(_ node: Int) -> Bool {
        var below = false
        forEachTile(of: node) { tile, _, covered in
            if covered != .outside, Int32(node) >= topOpaque[tile], lowest[tile] < Int32(node) { below = true }
        }
        return below
    }

    /// Whether `node` and `other` both draw over some tile.
    func overlap(_ node: Int, _ other: Int) -> Bool {
        guard regions.indices.contains(other) else { return false }
        let shared = regions[node].intersection(regions[other])
        guard !shared.isEmpty else { return false }
        // Only the tiles of both regions: each region's corner lies on multiples of 8.
        let side = SceneTiles.side
        for y in stride(from: shared.y / side * side, to: shared.y + shared.height, by: side) {
            for x in stride(from: shared.x / side * side, to: shared.x + shared.width, by: side) {
                if draws(node, tileX: x, tileY: y), draws(other, tileX: x, tileY: y) { return true }
            }
        }
        return false
    }

    /// Whether `node` draws (is not outside, nor hidden) over the tile whose corner is frame pixel (`tileX`, `tileY`), in its region.
    private func draws(_ node: Int, tileX: Int, tileY: Int) -> Bool {
        let region = regions[node]
        let column = (tileX - region.x) / SceneTiles.side, row = (tileY - region.y) / SceneTiles.side
        let regionColumns = SceneTiles.count(region).columns
        let tile = (tileY / SceneTiles.side) * columns + tileX / SceneTiles.side
        return coverage[node][row * regionColumns + column] != .outside && Int32(node) >= topOpaque[tile]
    }

    /// The tiles `node` draws, merged into runs along rows (frame pixels):
    /// those where it is the lowest node drawn (`lowest`), or those above another.
    func runs(of node: Int, lowest wanted: Bool) -> [PixelRect] {
        let region = regions[node]
        guard !region.isEmpty else { return [] }
        var drawn = [Bool](repeating: false, count: coverage[node].count)
        forEachTile(of: node) { tile, index, covered in
            guard covered != .outside, Int32(node) >= topOpaque[tile] else { return }
            drawn[index] = (lowest[tile] == Int32(node)) == wanted
        }
        return Self.runs(drawn, columns: SceneTiles.count(region).columns, in: region)
    }

    /// Every tile `node` draws (not hidden), merged into runs along rows.
    func runs(of node: Int) -> [PixelRect] {
        runs(of: node, lowest: true) + runs(of: node, lowest: false)
    }

    /// The tiles of `node`'s region, merged into runs along rows, by who
    /// draws there: it alone; it lowest, with others over it; others below
    /// it; or not it (outside it, or hidden).
    func split(of node: Int) -> (alone: [PixelRect], shared: [PixelRect], above: [PixelRect], undrawn: [PixelRect]) {
        let region = regions[node]
        guard !region.isEmpty else { return ([], [], [], []) }
        let count = coverage[node].count
        var alone = [Bool](repeating: false, count: count), shared = alone, above = alone
        var undrawn = [Bool](repeating: true, count: count)
        forEachTile(of: node) { tile, index, covered in
            guard covered != .outside, Int32(node) >= topOpaque[tile] else { return }
            undrawn[index] = false
            if lowest[tile] != Int32(node) {
                above[index] = true
            } else if drawers[tile] > 1 {
                shared[index] = true
            } else {
                alone[index] = true
            }
        }
        let columns = SceneTiles.count(region).columns
        return (Self.runs(alone, columns: columns, in: region), Self.runs(shared, columns: columns, in: region),
                Self.runs(above, columns: columns, in: region), Self.runs(undrawn, columns: columns, in: region))
    }

    /// Every tile some node draws, merged into runs along rows (frame pixels).
    func drawnRuns(within region: PixelRect) -> [PixelRect] {
        let (regionColumns, regionRows) = SceneTiles.count(region)
        let firstColumn = region.x / SceneTiles.side, firstRow = region.y / SceneTiles.side
        var drawn = [Bool](repeating: false, count: regionColumns * regionRows)
        for row in 0..<regionRows {
            for column in 0..<regionColumns {
                drawn[row * regionColumns + column] = drawers[(firstRow + row) * columns + firstColumn + column] > 0
            }
        }
        return Self.runs(drawn, columns: regionColumns, in: region)
    }

    /// Marked tiles of `region` merged into runs along each row.
    static func runs(_ marked: [Bool], columns: Int, in region: PixelRect) -> [PixelRect] {
        var rects: [PixelRect] = []
        let side = SceneTiles.side
        for row in 0..<(marked.count / max(columns, 1)) {
            var column = 0
            while column < columns {
                guard marked[row * columns + column] else {
                    column += 1
                    continue
                }
                var end = column + 1
                while end < columns, marked[row * columns + end] { end += 1 }
                rects.append(PixelRect(x: region.x + column * side, y: region.y + row * side,
                                       width: min(end * side, region.width) - column * side, height: min(side, region.height - row * side)))
                column = end
            }
        }
        return rects
    }
}
