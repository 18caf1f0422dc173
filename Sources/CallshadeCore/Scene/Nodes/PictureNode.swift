/// A picture the frame's size laid source-over what is below, or one
/// opaque colour over the whole frame: a drawing's canvas background (its
/// colour, or its PNG aspect-filled) and its finished strokes' layer. The
/// picture is made once on the CPU and both routes read the same values.
public struct PictureNode: SceneNode, Equatable, Sendable {
    public enum Content: Equatable, Sendable {
        /// Opaque everywhere.
        case colour(RGB)
        case picture(FramePicture)
    }

    public var content: Content

    public init(_ content: Content) {
        self.content = content
    }

    public func bounds(in size: FrameSize) -> PixelRect {
        switch content {
        case .colour: return PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        case .picture(let picture): return picture.bounds.intersection(PixelRect(x: 0, y: 0, width: size.width, height: size.height))
        }
    }

    public func tileCoverage(in region: PixelRect) -> [TileCoverage] {
        let (columns, rows) = SceneTiles.count(region)
        switch content {
        case .colour:
            return [TileCoverage](repeating: .opaque, count: columns * rows)
        case .picture(let picture):
            var result = [TileCoverage](repeating: .outside, count: columns * rows)
            for row in 0..<rows {
                for column in 0..<columns {
                    result[row * columns + column] = picture.tile(column: region.x / SceneTiles.side + column, row: region.y / SceneTiles.side + row)
                }
            }
            return result
        }
    }

    public func referenceShader(in scene: Scene) -> any ReferenceNodeShader {
        ReferencePicture(node: self)
    }
}

/// A picture of premultiplied RGBA values (0...1, rows top to bottom), the
/// size of the frame it is drawn in, with what it does over each 8x8 tile
/// of that frame worked out once. Immutable; compared by identity first.
public final class FramePicture: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// width x height x 4 premultiplied values, row 0 first.
    public let pixels: [Float]
    /// The pixels that are not fully transparent.
    public let bounds: PixelRect
    /// What it does over each tile of the frame, row by row: outside where
    /// every alpha is 0, opaque where every alpha is 1, else edge.
    private let tiles: [TileCoverage]
    private let tileColumns: Int

    public init(width: Int, height: Int, pixels: [Float]) {
        precondition(pixels.count == width * height * 4, "a picture's values must fill it")
        self.width = width
        self.height = height
        self.pixels = pixels
        let columns = (width + SceneTiles.side - 1) / SceneTiles.side, rows = (height + SceneTiles.side - 1) / SceneTiles.side
        var tiles = [TileCoverage](repeating: .outside, count: columns * rows)
        var left = width, top = height, right = 0, bottom = 0
        pixels.withUnsafeBufferPointer { values in
            for row in 0..<rows {
                for column in 0..<columns {
                    var anyShown = false, allOpaque = true
                    for y in (row * SceneTiles.side)..<min((row + 1) * SceneTiles.side, height) {
                        for x in (column * SceneTiles.side)..<min((column + 1) * SceneTiles.side, width) {
                            let alpha = values[(y * width + x) * 4 + 3]
                            if alpha > 0 {
                                anyShown = true
                                left = min(left, x); top = min(top, y); right = max(right, x + 1); bottom = max(bottom, y + 1)
                            }
                            if alpha < 1 { allOpaque = false }
                        }
                    }
                    tiles[row * columns + column] = allOpaque ? .opaque : anyShown ? .edge : .outside
                }
            }
        }
        self.tiles = tiles
        tileColumns = columns
        bounds = right > left ? PixelRect(x: left, y: top, width: right - left, height: bottom - top) : PixelRect(x: 0, y: 0, width: 0, height: 0)
    }

    /// Frame tile (`column`, `row`)'s coverage; outside beyond the picture.
    func tile(column: Int, row: Int) -> TileCoverage {
        guard column >= 0, row >= 0, column < tileColumns, row * tileColumns + column < tiles.count else { return .outside }
        return tiles[row * tileColumns + column]
    }

    /// The straight-alpha colour of pixel (`x`, `y`).
    public func pixel(x: Int, y: Int) -> ShadedPixel {
        guard x >= 0, y >= 0, x < width, y < height else { return .transparent }
        let at = (y * width + x) * 4, alpha = Double(pixels[at + 3])
        guard alpha > 0 else { return .transparent }
        return ShadedPixel(color: RGB(Double(pixels[at]) / alpha, Double(pixels[at + 1]) / alpha, Double(pixels[at + 2]) / alpha), alpha: alpha)
    }

    public static func == (a: FramePicture, b: FramePicture) -> Bool {
        a === b || (a.width == b.width && a.height == b.height && a.pixels == b.pixels)
    }
}
