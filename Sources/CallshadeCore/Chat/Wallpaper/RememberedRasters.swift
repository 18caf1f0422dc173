import Foundation

/// The wallpaper rasters a chat screen made last (`ChatScreen`): a frame
/// whose pose is one of theirs (between steps, every frame; in a step, its
/// dissolve's two keyframes) takes the raster made for it rather than work
/// out the four-point gradient at its 3,600 points again. The same raster,
/// since it is what the same pure function made. At most four are kept.
public final class RememberedRasters: @unchecked Sendable {
    private struct Key: Equatable {
        let variant: WallpaperVariant
        let colors: [RGB]
        let pose: WallpaperPose
        let size: FrameSize
    }

    /// Guards `kept` (frames may be made on several threads).
    private let lock = NSLock()
    private var kept: [(key: Key, raster: RGBAImage)] = []
    private static let most = 4

    public init() {}

    /// `WallpaperRaster.make(variant, colors:, pose:, size:)`, made once while it is kept.
    public func raster(_ variant: WallpaperVariant, colors: [RGB], pose: WallpaperPose, size: FrameSize) -> RGBAImage {
        let key = Key(variant: variant, colors: colors, pose: pose, size: size)
        lock.lock()
        let found = kept.first { $0.key == key }?.raster
        lock.unlock()
        if let found { return found }
        let made = WallpaperRaster.make(variant, colors: colors, pose: pose, size: size)
        lock.lock()
        if kept.count >= Self.most { kept.removeFirst() }
        kept.append((key, made))
        lock.unlock()
        return made
    }
}
