import CallshadeCore

/// The vertices `tiles.vert` draws tiles from.
enum TileTriangles {
    /// Two triangles a rectangle of `rects` (frame pixels), in the pixels of
    /// a target that stands for `region` of the frame.
    static func positions(of rects: [PixelRect], in region: PixelRect) -> [Float] {
        var positions: [Float] = []
        positions.reserveCapacity(rects.count * 12)
        for rect in rects {
            let left = Float(rect.x - region.x), right = Float(rect.x + rect.width - region.x)
            let bottom = Float(rect.y - region.y), top = Float(rect.y + rect.height - region.y)
            positions += [left, bottom, right, bottom, left, top, left, top, right, bottom, right, top]
        }
        return positions
    }
}
