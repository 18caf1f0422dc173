import CallshadeCore

/// The kernel's wallpaper node made from the chat's wallpaper: its variant,
/// colours and pose (or the dissolve between two poses) at one instant.
extension WallpaperNode {
    /// The wallpaper of `variant` with `colors` as `look` has it, for a frame of `size`.
    /// `reuse`, when given, keeps the rasters made and gives them again for their poses.
    public init(_ look: WallpaperTrack.Look, variant: WallpaperVariant, colors: [RGB], size: FrameSize, pattern: PatternOverlay? = nil,
                reuse: ReuseStore? = nil) {
        func raster(_ pose: WallpaperPose) -> RGBAImage {
            reuse?.wallpaperRaster(variant, colors: colors, pose: pose, size: size) ?? WallpaperRaster.make(variant, colors: colors, pose: pose, size: size)
        }
        switch look {
        case .exact(let pose):
            self.init(raster: raster(pose), pattern: pattern)
        case .dissolve(let from, let to, let amount):
            self.init(raster: raster(from), next: raster(to), amount: amount, pattern: pattern)
        }
    }
}
