import CallshadeCore

/// The wallpaper's small raster (chat, section 1.1 and 1.2), computed
/// exactly: the call screen's four-point formula (`ReferenceGradient`, the
/// same swirl, falloff and weighted mean) with the variant's constants, at
/// every texel's corner (u = i / w, v = j / h, row 0 on top), x 255 and
/// truncated to 8 bits. Both routes stretch this one raster.
public enum WallpaperRaster {
    /// The raster of `variant` for a frame of `size`, its colours at `pose`.
    public static func make(_ variant: WallpaperVariant, colors: [RGB], pose: WallpaperPose, size: FrameSize,
                            pointsWidth: Double = 390) -> RGBAImage {
        let (width, height) = variant.rasterSize(for: size, pointsWidth: pointsWidth)
        let gradient = ReferenceGradient(parameters(variant, colors: colors, pose: pose))
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for j in 0..<height {
            for i in 0..<width {
                // The chat's raster runs rows down with centres at (x, 1 - y);
                // the call's gradient runs y up with centres at (x, y): the
                // same point is (u, 1 - v) there.
                let u = Double(i) / Double(width), v = Double(j) / Double(height)
                let color = gradient.color(atGradient: Vec2(u, 1 - v))
                let at = (j * width + i) * 4
                pixels[at] = truncated(color.r)
                pixels[at + 1] = truncated(color.g)
                pixels[at + 2] = truncated(color.b)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels) ?? RGBAImage(width: 1, height: 1, fill: (0, 0, 0, 255))
    }

    /// The gradient's parameters for `variant`. The chat's swirl turns
    /// (du, dv) by +a with v running down, which is a turn by -a with y
    /// running up: the swirl's strength is negated here.
    public static func parameters(_ variant: WallpaperVariant, colors: [RGB], pose: WallpaperPose) -> GradientParameters {
        var parameters = GradientParameters(colors: colors, centres: pose.centres(count: colors.count))
        parameters.falloffRadius = variant.falloffRadius
        parameters.falloffExponent = variant.falloffExponent
        parameters.swirlStrength = variant.swirls ? -6.4 : 0
        parameters.overscan = 0
        return parameters
    }

    /// x 255, truncated to 8 bits; a nudge of 1e-9 keeps a channel that is
    /// exactly a colour's (255 x 219/255 = 218.99999...) at its level.
    static func truncated(_ value: Double) -> UInt8 {
        UInt8(min(max(value * 255 + 1e-9, 0), 255).rounded(.down))
    }
}
