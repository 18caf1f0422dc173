import CallshadeCore

/// A wallpaper raster kept between frames (`ChatScreen`, through the reuse
/// store): a frame whose pose is one made before (between steps, every
/// frame; in a step, its dissolve's two keyframes) takes the raster made for
/// it rather than work out the four-point gradient at its 3,600 points
/// again. The same raster, since it is what the same pure function made.
struct WallpaperRasterKey: ReuseKey {
    typealias Value = RGBAImage
    static let shelf = "wallpaper rasters"
    let variant: WallpaperVariant
    let colors: [RGB]
    let pose: WallpaperPose
    let size: FrameSize
}

extension ReuseStore {
    /// `WallpaperRaster.make(variant, colors:, pose:, size:)`, made once while it is kept.
    func wallpaperRaster(_ variant: WallpaperVariant, colors: [RGB], pose: WallpaperPose, size: FrameSize) -> RGBAImage {
        value(WallpaperRasterKey(variant: variant, colors: colors, pose: pose, size: size)) {
            let made = WallpaperRaster.make(variant, colors: colors, pose: pose, size: size)
            return (made, made.pixels.count)
        }
    }
}
