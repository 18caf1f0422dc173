import CallshadeCore

/// The viewer (`gallery.md` section 0, ours): opened on an item by a tap
/// at 5 columns or fewer or by `open`, over the grid at rest there, in
/// 0.3 s easeInOut (p = E(τ / 0.3)); `close` runs it back in 0.3 s (p =
/// p_c (1 - E(τ / 0.3)), p_c its progress at the close: 1 once it has
/// opened; ours, so that a close while it opens does not jump). The item's
/// tile shows the background from the open to the close's end.
public struct GalleryViewer: Equatable, Sendable {
    public static let duration = 0.3

    /// The open's instant.
    public let at: Double
    public let item: Int
    /// The index in the file's `events` of the tap or `open` that opened it.
    public let openedBy: Int
    /// The grid under it, at rest.
    public let rest: GalleryRest
    /// A close: its instant and the progress p_c it runs back from.
    public struct Close: Equatable, Sendable {
        public let at: Double
        public let from: Double
    }

    /// Its close; nil while it stays open.
    public var close: Close?

    public init(at: Double, item: Int, openedBy: Int, rest: GalleryRest) {
        self.at = at
        self.item = item
        self.openedBy = openedBy
        self.rest = rest
    }

    /// When its close ends (nil while it stays open).
    public var end: Double? { close.map { $0.at + Self.duration } }

    /// Whether it is up at `time` (from its open to its close's end).
    public func isUp(at time: Double) -> Bool { time >= at && end.map { time < $0 } ?? true }

    /// Its progress p at `time`: 0 at the tile, 1 open.
    public func progress(at time: Double) -> Double {
        if let close, time >= close.at {
            return close.from * (1 - GalleryCurve.easeInOut((time - close.at) / Self.duration))
        }
        return GalleryCurve.easeInOut((time - at) / Self.duration)
    }

    /// Its item's tile (R0), frame pixels.
    public var tile: Box {
        let tile = rest.layout.tile(item, offset: rest.offset)
        return Box(x: Double(tile.x), y: Double(tile.y), width: Double(tile.width), height: Double(tile.height))
    }

    /// What a frame at `time` shows of it; nil once its close has ended.
    public func shown(at time: Double) -> GalleryViewerShown? {
        guard isUp(at: time) else { return nil }
        return GalleryViewerShown(item: item, progress: progress(at: time), tile: tile)
    }
}

/// The viewer as a frame shows it: its item, its progress p and the tile it
/// opens from (R0); the picture fitted into the screen (R1) is its elements' to work out.
public struct GalleryViewerShown: Equatable, Sendable {
    public let item: Int
    public let progress: Double
    public let tile: Box
}
