/// The chat's wallpaper in the CPU reference (chat, section 1.3): the
/// raster stretched bilinearly, texel centres at half-integers of it,
/// edges clamped, the dissolve's second raster mixed in linearly; opaque.
struct ReferenceWallpaper: ReferenceNodeShader {
    let node: WallpaperNode
    let size: FrameSize

    func shade(_ below: ShadedPixel, at pixel: Vec2, background: RGB?) -> ShadedPixel {
        ShadedPixel(color: node.color(at: pixel, in: size), alpha: 1)
    }
}
