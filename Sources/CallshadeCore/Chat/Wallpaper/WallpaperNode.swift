/// The chat's wallpaper (chat, section 1.3): its small raster stretched
/// over the whole frame, bilinear, texel centres at ((i + 0.5) W / w,
/// (j + 0.5) H / h), edges clamped; during the keyframes' cross-dissolve,
/// a second raster over it at `amount`; then the pattern, if any (section
/// 1.7). Opaque everywhere.
public struct WallpaperNode: SceneNode, Equatable, Sendable {
    /// The raster (opaque RGBA8, rows top to bottom).
    public var raster: RGBAImage
    /// The raster dissolved in over it, the same size; nil when none.
    public var next: RGBAImage?
    /// 0...1: how much of `next` shows.
    public var amount: Double
    /// The pattern over it (its mask the frame's size), if any.
    public var pattern: PatternOverlay?

    public init(raster: RGBAImage, next: RGBAImage? = nil, amount: Double = 0, pattern: PatternOverlay? = nil) {
        self.raster = raster
        self.next = next
        self.amount = next == nil ? 0 : min(max(amount, 0), 1)
        self.pattern = pattern
    }

    /// The wallpaper of `variant` with `colors` as `look` has it, for a frame of `size`.
    public init(_ look: WallpaperTrack.Look, variant: WallpaperVariant, colors: [RGB], size: FrameSize, pattern: PatternOverlay? = nil) {
        switch look {
        case .exact(let pose):
            self.init(raster: WallpaperRaster.make(variant, colors: colors, pose: pose, size: size), pattern: pattern)
        case .dissolve(let from, let to, let amount):
            self.init(raster: WallpaperRaster.make(variant, colors: colors, pose: from, size: size),
                      next: WallpaperRaster.make(variant, colors: colors, pose: to, size: size), amount: amount, pattern: pattern)
        }
    }

    /// The colour at the pixel whose centre is `point` in a frame of `size`.
    public func color(at point: Vec2, in size: FrameSize) -> RGB {
        let fraction = Vec2(point.x / Double(size.width), point.y / Double(size.height))
        var color = Self.sample(raster, at: fraction)
        if let next, amount > 0 { color = RGB.mix(color, Self.sample(next, at: fraction), amount) }
        guard let pattern else { return color }
        return pattern.apply(to: color, column: Int(point.x.rounded(.down)), row: Int(point.y.rounded(.down)))
    }

    /// `image` stretched over the unit square, bilinear at `point` (fractions, y down).
    static func sample(_ image: RGBAImage, at point: Vec2) -> RGB {
        guard image.width > 0, image.height > 0 else { return .black }
        var sum = [0.0, 0.0, 0.0]
        for corner in ReferenceVideo.texels(width: image.width, height: image.height, at: point) {
            for channel in 0..<3 { sum[channel] += corner.weight * Double(image.pixels[corner.index * 4 + channel]) }
        }
        return RGB(sum[0] / 255, sum[1] / 255, sum[2] / 255)
    }

    public func bounds(in size: FrameSize) -> PixelRect {
        PixelRect(x: 0, y: 0, width: size.width, height: size.height)
    }

    public func tileCoverage(in region: PixelRect) -> [TileCoverage] {
        let (columns, rows) = SceneTiles.count(region)
        return [TileCoverage](repeating: .opaque, count: columns * rows)
    }

    public func referenceShader(in scene: Scene) -> any ReferenceNodeShader {
        ReferenceWallpaper(node: self, size: scene.size)
    }
}
