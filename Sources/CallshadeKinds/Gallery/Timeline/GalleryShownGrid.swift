import CallshadeCore

/// A grid as a frame shows it: at rest at its level and offset, placed
/// (scaled and moved while a morph runs) and at an opacity.
public struct GalleryShownGrid: Equatable, Sendable {
    public let rest: GalleryRest
    public let placement: GalleryPlacement
    public let alpha: Double

    public init(rest: GalleryRest, placement: GalleryPlacement = .identity, alpha: Double = 1) {
        self.rest = rest
        self.placement = placement
        self.alpha = alpha
    }

    /// Both grids of a morph's step at progress `p`, the old first, at their opacities.
    static func morph(_ morph: GalleryMorph, p: Double, fromAlpha: Double, toAlpha: Double) -> [GalleryShownGrid] {
        let placements = morph.placements(at: p)
        return [GalleryShownGrid(rest: morph.from, placement: placements.from, alpha: fromAlpha),
                GalleryShownGrid(rest: morph.to, placement: placements.to, alpha: toAlpha)]
    }
}

/// The curves of `gallery.md` section 5: easeInOut is cubic-bezier(0.42, 0, 0.58, 1), inputs clamped.
enum GalleryCurve {
    static func easeInOut(_ x: Double) -> Double { CubicBezierEasing.easeInOut.value(min(max(x, 0), 1)) }
}
