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

    /// The colour at the pixel whose centre is `point` in a frame of `size`.
    public func color(at point: Vec2, in size: FrameSize) -> RGB {
        let fraction = Vec2(point.x / Double(size.width), point.y / Double(size.height))
        var color = Self.sample(raster, at: fraction)
        if let next, amount > 0 { color = RGB.mix(color, Self.sample(next, at: fraction), amount) }
        guard let pattern else { return color }
        return pattern.apply(to: color, column: Int(point.x.rounded(.down)), row: Int(point.y.rounded(.down)))
    }

    /// `image` stretched over the unit square, bilinear at `point` (fractions, y down).
    /// The four corners are those of `ReferenceVideo.texels`, summed in its
    /// order; nothing is allocated (the glass samples the wallpaper densely).
    static func sample(_ image: RGBAImage, at point: Vec2) -> RGB {
        guard image.width > 0, image.height > 0 else { return .black }
        guard point.x.isFinite, point.y.isFinite else { return Self.texel(image, 0) }
        let width = image.width, height = image.height
        let x = point.x * Double(width) - 0.5, y = point.y * Double(height) - 0.5
        let left = x.rounded(.down), top = y.rounded(.down)
        let fx = x - left, fy = y - top
        func clamped(_ value: Double, _ extent: Int) -> Int { Int(min(max(value, 0), Double(extent - 1))) }
        let column0 = clamped(left, width), column1 = clamped(left + 1, width)
        let row0 = clamped(top, height), row1 = clamped(top + 1, height)
        return image.pixels.withUnsafeBufferPointer { pixels in
            func channel(_ offset: Int) -> Double {
                var sum = 0.0
                sum += (1 - fx) * (1 - fy) * Double(pixels[(row0 * width + column0) * 4 + offset])
                sum += fx * (1 - fy) * Double(pixels[(row0 * width + column1) * 4 + offset])
                sum += (1 - fx) * fy * Double(pixels[(row1 * width + column0) * 4 + offset])
                sum += fx * fy * Double(pixels[(row1 * width + column1) * 4 + offset])
                return sum / 255
            }
            return RGB(channel(0), channel(1), channel(2))
        }
    }

    /// Texel `index`'s colour.
    private static func texel(_ image: RGBAImage, _ index: Int) -> RGB {
        RGB(Double(image.pixels[index * 4]) / 255, Double(image.pixels[index * 4 + 1]) / 255, Double(image.pixels[index * 4 + 2]) / 255)
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
