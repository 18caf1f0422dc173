import CallshadeCore

/// A stroke's tile classification (`StrokeNode.tileCoverage`) of its first
/// segments, over `region` (its tiles, row by row; outside elsewhere): what
/// a frame of a growing stroke takes from the frames before, so that a frame
/// classifies only the tiles of the segments that have changed.
struct SettledTiles: SettledValue {
    private(set) var region = PixelRect(x: 0, y: 0, width: 0, height: 0)
    private(set) var coverage: [TileCoverage] = []

    static var none: SettledTiles { SettledTiles() }
    static var shelf: String { "settled stroke tiles" }
    var bytes: Int { coverage.count * MemoryLayout<TileCoverage>.stride }

    /// `segments` of `node` (a frame of `size`) marked into it, its region grown to hold them.
    mutating func mark(_ segments: ArraySlice<TaperedCapsule>, of node: StrokeNode, size: FrameSize) {
        var needed = region
        for segment in segments {
            let box = StrokeNode.reach(of: segment)
            let reach = PixelRect(covering: box.left, box.top, box.right, box.bottom, within: size).aligned8(within: size)
            if !reach.isEmpty { needed = needed.isEmpty ? reach : needed.union(reach) }
        }
        guard !needed.isEmpty else { return }
        if needed != region { (region, coverage) = (needed, self.coverage(in: needed)) }
        for segment in segments { node.mark(segment, in: region, into: &coverage) }
    }

    /// Its tiles within `other` (a region whose corner is on multiples of 8), outside where it has none.
    func coverage(in other: PixelRect) -> [TileCoverage] {
        let (columns, rows) = SceneTiles.count(other)
        var result = [TileCoverage](repeating: .outside, count: columns * rows)
        let (ownColumns, ownRows) = SceneTiles.count(region)
        let side = SceneTiles.side
        let shift = ((region.x - other.x) / side, (region.y - other.y) / side)
        for row in 0..<ownRows where (0..<rows).contains(row + shift.1) {
            for column in 0..<ownColumns where (0..<columns).contains(column + shift.0) {
                result[(row + shift.1) * columns + column + shift.0] = coverage[row * ownColumns + column]
            }
        }
        return result
    }
}

/// What a stroke's tiles are kept by: its frame's size and its opacity.
struct StrokeTilesKey: Hashable, Sendable {
    let size: FrameSize
    let opacity: Double
}

extension ReuseStore {
    /// `node`'s tiles in a frame of `size`, as `CoveredTiles` makes them,
    /// the classification of its segments shared with its last frame kept.
    func tiles(of node: StrokeNode, size: FrameSize) -> CoveredTiles {
        let region = node.bounds(in: size).aligned8(within: size)
        guard !region.isEmpty else { return CoveredTiles(region: region, coverage: []) }
        let (kept, count) = settle(node.segments, key: StrokeTilesKey(size: size, opacity: node.opacity)) { (tiles: inout SettledTiles, added) in
            tiles.mark(added, of: node, size: size)
        }
        var coverage = kept.coverage(in: region)
        for segment in node.segments[count...] { node.mark(segment, in: region, into: &coverage) }
        return CoveredTiles(region: region, coverage: coverage)
    }
}

extension ReuseStore {
    /// The settled coverage of `node`'s first segments in a frame of `size` (nil: none yet).
    func coverage(of node: StrokeNode, size: FrameSize) -> SettledCoverage? {
        let (kept, count) = settle(node.segments, key: size) { (coverage: inout SettledCoverage, added) in
            coverage.raise(by: added, size: size)
        }
        return count > 0 ? kept : nil
    }
}

extension CoveredTiles {
    init(region: PixelRect, coverage: [TileCoverage]) {
        self.region = region
        self.coverage = coverage
        read = nil
    }
}
