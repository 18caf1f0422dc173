import CallshadeCore

/// A tap's zoom (`gallery.md` section 2.2, ours on Telegram's programmatic
/// zoom): section 2.1's step about the tap, the tapped tile its anchor
/// item, to the level with the most columns not over 5; p = E(τ / 0.25),
/// the new grid at p, the old at 1 until 0.125 s, then 1 - E((τ - 0.125) /
/// 0.25), removed at 0.25 s.
public struct GalleryTapZoom: Sendable {
    public static let duration = 0.25
    /// The most columns at which a tap opens the item rather than zooming in.
    public static let opensAtMost = 5

    public let at: Double
    public let morph: GalleryMorph

    public var end: Double { at + Self.duration }

    public func shown(at time: Double) -> [GalleryShownGrid] {
        let tau = time - at
        guard tau < Self.duration else { return [GalleryShownGrid(rest: morph.to)] }
        let p = GalleryCurve.easeInOut(tau / Self.duration)
        let half = Self.duration / 2
        let fromAlpha = tau < half ? 1 : 1 - GalleryCurve.easeInOut((tau - half) / Self.duration)
        return GalleryShownGrid.morph(morph, p: p, fromAlpha: fromAlpha, toAlpha: p)
    }
}
