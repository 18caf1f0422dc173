import CallshadeCore

/// A node's tiles that the host fills itself as it fills the background,
/// from the grid read back (its renderer's `hostFill`: every tile where the
/// node is the lowest and no other node draws). Everything worked out once,
/// so that bands of rows fill on every core at once.
protocol HostFill: Sendable {
    /// Fills its tiles of an RGBA frame (`output`, the upscaler's size, the
    /// background filled already) from `base` (R, G, B levels of all the grid's texels).
    func fillRGBA(from base: GridPlanes, upscaler: GridUpscaler, dither: Bool, into output: UnsafeMutablePointer<UInt8>)

    /// The same over I420 planes (Y, then Cb, then Cr) from the grid's Y, Cb and Cr levels.
    func fillYUV420(from base: GridPlanes, upscaler: GridUpscaler, into output: UnsafeMutablePointer<UInt8>)
}

/// A host fill with the region of its node (frame pixels, corner and size
/// even) and the tiles of it where the node draws nothing: every other tile
/// of the region it fills, or the GPU's tiles are pasted over, so the I420
/// background fill may leave the region out but for those.
struct PlacedHostFill {
    let fill: any HostFill
    let region: PixelRect
    let background: [PixelRect]
}
