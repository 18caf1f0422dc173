import CallshadeCore

/// Packs glyph pictures into one coverage image, in shelves (rows of
/// pictures) from the tallest down, each with a border of one empty texel.
struct AtlasPacker {
    /// The widest and tallest atlas made: 4096 x 4096 texels (16 MiB).
    static let maximumSide = 4096

    struct Picture {
        let width: Int
        let rows: Int
        let coverage: [UInt8]
    }

    /// The atlas and, for each picture in order, where it lies (border included).
    static func pack(_ pictures: [Picture]) throws(TextFailure) -> (atlas: GlyphAtlas, places: [(x: Int, y: Int)]) {
        let widest = pictures.map { $0.width + 2 }.max() ?? 1
        let area = pictures.reduce(0) { $0 + ($1.width + 2) * ($1.rows + 2) }
        var side = 256
        while side < maximumSide, side * side < area * 2 || side < widest { side *= 2 }
        guard widest <= side else { throw .atlasFull(width: side, height: side) }
        // Tallest first, in a fixed order: the same pictures give the same atlas.
        let order = pictures.indices.sorted { (pictures[$1].rows, $0) < (pictures[$0].rows, $1) }
        var places = [(x: Int, y: Int)](repeating: (0, 0), count: pictures.count)
        var x = 0, y = 0, shelf = 0
        for index in order {
            let picture = pictures[index]
            if x + picture.width + 2 > side {
                x = 0
                y += shelf
                shelf = 0
            }
            places[index] = (x, y)
            x += picture.width + 2
            shelf = max(shelf, picture.rows + 2)
        }
        // A power of two, so texel centres divide exactly on the GPU.
        var height = 1
        while height < y + shelf { height *= 2 }
        guard height <= maximumSide else { throw .atlasFull(width: side, height: maximumSide) }
        var texels = [UInt8](repeating: 0, count: side * height)
        for (picture, place) in zip(pictures, places) {
            for row in 0..<picture.rows {
                let target = (place.y + 1 + row) * side + place.x + 1
                texels.replaceSubrange(target..<(target + picture.width),
                                       with: picture.coverage[(row * picture.width)..<((row + 1) * picture.width)])
            }
        }
        guard let atlas = GlyphAtlas(width: side, height: height, coverage: texels) else {
            throw .atlasFull(width: side, height: height)
        }
        return (atlas, places)
    }
}
