import CallshadeCore

/// A grid at rest: its level laid out for the frame and its offset, whole pixels.
public struct GalleryRest: Equatable, Sendable {
    public let layout: GalleryLayout
    public let offset: Int

    public init(layout: GalleryLayout, offset: Int) {
        self.layout = layout
        self.offset = offset
    }
}

/// Where a grid at rest is drawn: each of its points P at `scale` P + `shift` (pixels).
public struct GalleryPlacement: Equatable, Sendable {
    public let scale: Double
    public let shift: Vec2

    public static let identity = GalleryPlacement(scale: 1, shift: Vec2(0, 0))

    public init(scale: Double, shift: Vec2) {
        self.scale = scale
        self.shift = shift
    }

    public func apply(_ point: Vec2) -> Vec2 { point * scale + shift }
}

/// One step of the two-grid morph (`gallery.md` section 2.1, rules 4 to 6):
/// from a grid at rest to another level, the new grid's offset keeping the
/// anchor item's top where it was, each grid scaled about its anchor at Q
/// (the point's row, snapped to the nearer side edge) so that the two
/// anchor tiles coincide and the snapped edge stays.
public struct GalleryMorph: Equatable, Sendable {
    public let from: GalleryRest
    public let to: GalleryRest
    /// The anchor tiles' centres at Q in each grid at rest (A_f, A_t), pixels.
    public let anchorFrom: Vec2
    public let anchorTo: Vec2

    /// The step from `from` to `columns` across about the point `point`
    /// (pixels), its anchor item `item` (a tapped tile) or, by default, rule 4's at `point`.
    public init(from: GalleryRest, to columns: Int, about point: Vec2, item: Int? = nil) {
        self.from = from
        let layout = GalleryLayout(size: from.layout.size, columns: columns, count: from.layout.count, bar: from.layout.top > 0)
        let anchor = item ?? from.layout.anchor(at: point, offset: from.offset) ?? 0
        let anchorTop = from.layout.tile(anchor, offset: from.offset).y
        let offset = Int(layout.clamped(Double(layout.top + anchor / columns * layout.pitch - anchorTop)))
        to = GalleryRest(layout: layout, offset: offset)
        let width = Double(from.layout.size.width)
        let q = Vec2(point.x < width / 2 ? 0 : width, point.y)
        anchorFrom = from.layout.anchor(at: q, offset: from.offset).map { from.layout.centre(of: $0, offset: from.offset) } ?? q
        anchorTo = layout.anchor(at: q, offset: offset).map { layout.centre(of: $0, offset: offset) } ?? q
    }

    /// Each grid's placement at progress `p` (rule 6): M = A_f + p (A_t -
    /// A_f); the old grid P -> M + σ_f (P - A_f), σ_f = 1 + p (h_t / h_f - 1);
    /// the new P -> M + σ_t (P - A_t), σ_t = h_f / h_t + p (1 - h_f / h_t).
    public func placements(at p: Double) -> (from: GalleryPlacement, to: GalleryPlacement) {
        let m = anchorFrom + (anchorTo - anchorFrom) * p
        let ratio = Double(to.layout.side) / Double(from.layout.side)
        let scaleFrom = 1 + p * (ratio - 1), scaleTo = 1 / ratio + p * (1 - 1 / ratio)
        return (GalleryPlacement(scale: scaleFrom, shift: m - anchorFrom * scaleFrom), GalleryPlacement(scale: scaleTo, shift: m - anchorTo * scaleTo))
    }
}
