import Foundation

/// The side of the tiles the compositor works in, in pixels.
public enum SceneTiles {
    public static let side = 8

    /// The box of a tile's pixel centres, relative to `origin` (pixels, y
    /// down): tile (`column`, `row`) of `region`, clipped to it.
    public static func centreBox(column: Int, row: Int, region: PixelRect, origin: Vec2) -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        let x0 = Double(region.x + column * side)
        let y0 = Double(region.y + row * side)
        let x1 = Double(min(region.x + (column + 1) * side, region.x + region.width))
        let y1 = Double(min(region.y + (row + 1) * side, region.y + region.height))
        return ((x0 + 0.5 - origin.x)...(x1 - 0.5 - origin.x), (y0 + 0.5 - origin.y)...(y1 - 0.5 - origin.y))
    }

    /// How many tiles `region` has across and down.
    public static func count(_ region: PixelRect) -> (columns: Int, rows: Int) {
        ((region.width + side - 1) / side, (region.height + side - 1) / side)
    }

    /// Each tile of `region`'s coverage, row by row, from the box of its
    /// pixel centres (frame pixels): what a node's `tileCoverage` gives.
    public static func coverages(in region: PixelRect,
                                 _ coverage: (_ centres: (x: ClosedRange<Double>, y: ClosedRange<Double>)) -> TileCoverage) -> [TileCoverage] {
        let (columns, rows) = count(region)
        var result: [TileCoverage] = []
        result.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                result.append(coverage(centreBox(column: column, row: row, region: region, origin: Vec2(0, 0))))
            }
        }
        return result
    }
}
