import CallshadeCore

/// One level of the grid laid out in a frame (`gallery.md` section 1), in
/// whole pixels: a point is the frame's width over 390 pixels (s); the gap
/// is max(1, round(s)); a tile's side is floor((W - (n - 1) gap) / n) and
/// the last column takes the rounding; the content starts under the bar
/// (91 pt, else 0) and ends 34 pt above the frame's bottom at the furthest
/// scroll. Positions are 64-bit: a million items at two across is 3 x 10^8 pixels.
public struct GalleryLayout: Equatable, Sendable {
    public static let widthPoints = 390.0
    public static let barPoints = 91.0
    public static let bottomPoints = 34.0

    public let size: FrameSize
    /// Pixels a point.
    public let scale: Double
    public let columns: Int
    public let count: Int
    /// Between tiles, pixels.
    public let gap: Int
    /// A tile's side (and every column's width but the last), pixels.
    public let side: Int
    /// The last column's width.
    public let lastWidth: Int
    /// Where the content starts (the bar's height, or 0), pixels.
    public let top: Int
    /// The inset below the content, pixels.
    public let bottom: Int
    public let rows: Int

    public init(size: FrameSize, columns: Int, count: Int, bar: Bool) {
        self.size = size
        self.columns = max(columns, 1)
        self.count = max(count, 0)
        scale = Double(size.width) / Self.widthPoints
        gap = max(1, Int(scale.rounded()))
        side = (size.width - (self.columns - 1) * gap) / self.columns
        lastWidth = size.width - (self.columns - 1) * (side + gap)
        top = bar ? Int((Self.barPoints * scale).rounded()) : 0
        bottom = Int((Self.bottomPoints * scale).rounded())
        rows = (self.count + self.columns - 1) / self.columns
    }

    /// From one row's top to the next's.
    public var pitch: Int { side + gap }

    /// The content's height: the bar's inset and the rows with their gaps.
    public var contentHeight: Int { rows == 0 ? top : top + rows * pitch - gap }

    /// The largest offset: the content's end `bottom` above the frame's (0 when it fits).
    public var maximumOffset: Int { max(0, contentHeight + bottom - size.height) }

    /// `offset` (pixels, any) clamped to the grid's range.
    public func clamped(_ offset: Double) -> Double { min(max(offset, 0), Double(maximumOffset)) }

    /// The rows a frame at `offset` (whole pixels) holds: the spec's
    /// floor/ceil range, those that can show; nil when there are none.
    public func heldRows(offset: Int) -> ClosedRange<Int>? {
        guard rows > 0 else { return nil }
        let first = max(0, Int((Double(offset - top - gap) / Double(pitch)).rounded(.down)))
        let last = min(rows - 1, Int((Double(offset + size.height - top - gap) / Double(pitch)).rounded(.up)))
        return first <= last ? first...last : nil
    }

    /// Item `index`'s tile at `offset`: left, top, width and height, pixels.
    public func tile(_ index: Int, offset: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let row = index / columns, column = index % columns
        return (column * pitch, top + row * pitch - offset, column == columns - 1 ? lastWidth : side, side)
    }

    /// Item `index`'s tile's centre at `offset`, pixels.
    public func centre(of index: Int, offset: Int) -> Vec2 {
        let tile = self.tile(index, offset: offset)
        return Vec2(Double(tile.x) + Double(tile.width) / 2, Double(tile.y) + Double(tile.height) / 2)
    }

    /// The held items at `offset`, in order.
    func heldItems(offset: Int) -> Range<Int> {
        guard let rows = heldRows(offset: offset) else { return 0..<0 }
        return (rows.lowerBound * columns)..<min((rows.upperBound + 1) * columns, count)
    }

    /// The anchor item at `point` (pixels) at `offset` (section 2.1, rule
    /// 4): of the held tiles whose row contains its y (top < y <= bottom),
    /// the one whose centre is nearest; if none, the nearest of all held;
    /// ties to the lower index (ours). Nil when none is held.
    public func anchor(at point: Vec2, offset: Int) -> Int? {
        let held = heldItems(offset: offset)
        func nearest(_ items: [Int]) -> Int? {
            var best: (index: Int, distance: Double)?
            for index in items {
                let distance = (centre(of: index, offset: offset) - point).length
                if best == nil || distance < best!.distance { best = (index, distance) }
            }
            return best?.index
        }
        let inRow = held.filter { index in
            let tile = self.tile(index, offset: offset)
            return Double(tile.y) < point.y && point.y <= Double(tile.y + tile.height)
        }
        return nearest(inRow) ?? nearest(Array(held))
    }

    /// The item whose tile contains `point` (pixels) at `offset` (section
    /// 2.2): none in the gaps, under the bar, or past the last tile.
    public func hit(_ point: Vec2, offset: Int) -> Int? {
        guard point.y >= Double(top), point.x >= 0, point.x < Double(size.width) else { return nil }
        let row = Int(((point.y + Double(offset) - Double(top)) / Double(pitch)).rounded(.down))
        let column = min(Int((point.x / Double(pitch)).rounded(.down)), columns - 1)
        guard row >= 0, row < rows else { return nil }
        let index = row * columns + column
        guard index < count else { return nil }
        let tile = self.tile(index, offset: offset)
        guard point.x >= Double(tile.x), point.x < Double(tile.x + tile.width), point.y >= Double(tile.y),
              point.y < Double(tile.y + tile.height) else { return nil }
        return index
    }
}
