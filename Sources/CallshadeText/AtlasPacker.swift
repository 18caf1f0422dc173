import CallshadeCore

/// Packs glyph pictures into one page of an atlas (coverage, or colour), in
/// shelves (rows of pictures) from the tallest down, each with a border of
/// one empty texel.
struct AtlasPacker {
    /// The widest and tallest page made: 4096 x 4096 texels (16 MiB of coverage, 64 of colour).
    static let maximumSide = 4096

    struct Picture {
        let width: Int
        let rows: Int
        /// `channels` bytes a texel, row by row.
        let texels: [UInt8]
    }

    /// A packed page: its size, its texels (`channels` bytes each) and, for
    /// each picture in order, where it lies (border included).
    struct Page {
        let width: Int
        let height: Int
        let texels: [UInt8]
        let places: [(x: Int, y: Int)]
    }

    static func pack(_ pictures: [Picture], channels: Int = 1) throws(TextFailure) -> Page {
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
        var texels = [UInt8](repeating: 0, count: side * height * channels)
        for (picture, place) in zip(pictures, places) where picture.texels.count == picture.width * picture.rows * channels {
            let length = picture.width * channels
            for row in 0..<picture.rows {
                let target = ((place.y + 1 + row) * side + place.x + 1) * channels
                texels.replaceSubrange(target..<(target + length), with: picture.texels[(row * length)..<((row + 1) * length)])
            }
        }
        return Page(width: side, height: height, texels: texels, places: places)
    }
}
