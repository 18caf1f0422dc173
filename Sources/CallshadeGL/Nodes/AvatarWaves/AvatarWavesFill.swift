import CallshadeCore

/// The waves and avatar's tiles the host fills: those where only the waves
/// show at a constant coverage, interpolated from the gradient seen through
/// one wave or both (the grid's outputs 1 and 2, `waves-grid.frag`) as the
/// background is from the grid; and the rest composed a pixel
/// (`HostForeground`) from the grid, the gradient seen through one wave and
/// the waves' coverage and the avatar worked out on the host.
struct AvatarWavesFill: HostFill {
    /// The gradient seen through the waves at each constant coverage (texels
    /// `window` of the grid, read back as floats), with the tiles it fills.
    let throughWaves: [(rects: [PixelRect], values: [Float], window: PixelRect)]
    /// The tiles composed a pixel, each with its kind.
    let composed: [(rect: PixelRect, kind: AvatarWavesTile)]
    let parts: HostForeground
    /// The gradient seen through one wave over the composed tiles' texels; nil when the waves do not show.
    let throughOne: (values: [Float], window: PixelRect)?

    /// The buffers it read into, for the next frame's.
    var buffers: [[Float]] { throughWaves.map(\.values) + (throughOne.map { [$0.values] } ?? []) }

    func fillRGBA(from base: GridPlanes, upscaler: GridUpscaler, dither: Bool, into output: UnsafeMutablePointer<UInt8>) {
        let target = SendablePointer(address: output)
        for waves in throughWaves {
            let planes = GridPlanes.rgb(waves.values, width: waves.window.width, height: waves.window.height)
            let rects = waves.rects
            upscaler.inBands(rows: rects.count) { band in
                for rect in rects[band] { upscaler.fillRGBA(rect, from: planes, window: waves.window, dither: dither, into: target.address) }
            }
        }
        let through = throughOne.map { (GridPlanes.rgb($0.values, width: $0.window.width, height: $0.window.height), $0.window) }
        let (tiles, parts) = (composed, parts)
        upscaler.inBands(rows: tiles.count) { band in
            for tile in tiles[band] {
                upscaler.fillRGBA(tile.rect, kind: tile.kind, foreground: parts, base: base, through: through, dither: dither,
                                  into: target.address)
            }
        }
    }

    func fillYUV420(from base: GridPlanes, upscaler: GridUpscaler, into output: UnsafeMutablePointer<UInt8>) {
        let target = SendablePointer(address: output)
        for waves in throughWaves {
            let ycbcr = GridPlanes.ycbcr(waves.values, width: waves.window.width, height: waves.window.height)
            let rects = waves.rects
            upscaler.inBands(rows: rects.count) { band in
                for rect in rects[band] { upscaler.fillYUV420(rect, from: ycbcr, window: waves.window, into: target.address) }
            }
        }
        let through = throughOne.map { (GridPlanes.ycbcr($0.values, width: $0.window.width, height: $0.window.height), $0.window) }
        let (tiles, parts) = (composed, parts)
        upscaler.inBands(rows: tiles.count) { band in
            for tile in tiles[band] {
                upscaler.fillYUV420(tile.rect, kind: tile.kind, foreground: parts, base: base, through: through, into: target.address)
            }
        }
    }
}
