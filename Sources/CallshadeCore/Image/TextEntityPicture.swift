import Foundation

/// A text entity's layers at rest, made once a render (`CallshadeText`'s
/// `TextEntityPictures`): four coverages a texel (RGBA8, row 0 at the top)
/// in the entity's own units, `density` texels a canvas pixel, its centre
/// at (`originX`, `originY`) texels from the picture's top-left corner:
/// red the glyphs' fill, green the outline's stroke, blue the shadow, alpha
/// the frame. A frame samples it once, bilinearly, where each of its pixels
/// lies in the entity's units (turned back and divided by its scale), so
/// nothing is resampled twice. Immutable; compared by identity first.
public final class TextEntityPicture: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let texels: [UInt8]
    public let density: Double
    public let originX: Double
    public let originY: Double

    /// Nil unless there are width x height x 4 texels and the density is above 0.
    public init?(width: Int, height: Int, texels: [UInt8], density: Double, originX: Double, originY: Double) {
        guard width > 0, height > 0, density > 0, density.isFinite,
              width.multipliedReportingOverflow(by: height * 4) == (texels.count, false) else { return nil }
        self.width = width
        self.height = height
        self.texels = texels
        self.density = density
        self.originX = originX
        self.originY = originY
    }

    public static func == (a: TextEntityPicture, b: TextEntityPicture) -> Bool {
        a === b || (a.width == b.width && a.height == b.height && a.density == b.density && a.originX == b.originX
                    && a.originY == b.originY && a.texels == b.texels)
    }

    /// The box it covers about the entity's centre, canvas pixels.
    public var localBox: (left: Double, top: Double, right: Double, bottom: Double) {
        (-originX / density, -originY / density, (Double(width) - originX) / density, (Double(height) - originY) / density)
    }

    /// The four coverages (0...1: fill, stroke, shadow, frame) at `local`
    /// (canvas pixels about the centre): bilinear between the four nearest
    /// texel centres, clamped to the edges (GL_LINEAR with clamp to edge, as
    /// `text-entity.frag` weighs them).
    public func coverages(at local: Vec2) -> (fill: Double, stroke: Double, shadow: Double, frame: Double) {
        let x = originX + local.x * density - 0.5, y = originY + local.y * density - 0.5
        guard x.isFinite, y.isFinite else { return (0, 0, 0, 0) }
        let fx = min(max(x, -1), Double(width)), fy = min(max(y, -1), Double(height))
        let left = fx.rounded(.down), top = fy.rounded(.down)
        let ax = fx - left, ay = fy - top
        let c0 = min(max(Int(left), 0), width - 1), c1 = min(max(Int(left) + 1, 0), width - 1)
        let r0 = min(max(Int(top), 0), height - 1), r1 = min(max(Int(top) + 1, 0), height - 1)
        func channel(_ c: Int) -> Double {
            func texel(_ row: Int, _ column: Int) -> Double { Double(texels[(row * width + column) * 4 + c]) / 255 }
            let upper = texel(r0, c0) * (1 - ax) + texel(r0, c1) * ax
            let lower = texel(r1, c0) * (1 - ax) + texel(r1, c1) * ax
            return upper * (1 - ay) + lower * ay
        }
        return (channel(0), channel(1), channel(2), channel(3))
    }
}

/// One text entity as a frame draws it: its picture, its paints, placed at
/// `centre` (frame pixels), scaled by `scale` (frame pixels a canvas pixel)
/// and turned by `rotation` radians (clockwise on screen), at an opacity.
public struct PlacedText: Equatable, Sendable {
    public var picture: TextEntityPicture
    public var paints: TextPaints
    public var centre: Vec2
    public var scale: Double
    public var rotation: Double
    public var alpha: Double

    public init(picture: TextEntityPicture, paints: TextPaints, centre: Vec2, scale: Double, rotation: Double, alpha: Double) {
        self.picture = picture
        self.paints = paints
        self.centre = centre
        self.scale = scale
        self.rotation = rotation
        self.alpha = alpha
    }

    /// Frame point `point` in the entity's own units (turned back, divided by its scale).
    public func local(_ point: Vec2) -> Vec2 {
        let d = point - centre, c = cos(rotation), s = sin(rotation)
        return Vec2((d.x * c + d.y * s) / scale, (-d.x * s + d.y * c) / scale)
    }

    /// Its premultiplied colour at frame point `point`: shadow, frame,
    /// outline and fill, each source-over the one before, times its opacity.
    public func premultiplied(at point: Vec2) -> (color: RGB, alpha: Double) {
        guard scale > 0 else { return (.black, 0) }
        let k = picture.coverages(at: local(point)), p = paints
        var color = RGB.black, alpha = 0.0
        for (paint, a) in [(p.shadow, p.shadowAlpha * k.shadow), (p.frame, p.frameAlpha * k.frame),
                           (p.stroke, p.strokeAlpha * k.stroke), (p.fill, p.fillAlpha * k.fill)] where a > 0 {
            color = paint * a + color * (1 - a)
            alpha = a + alpha * (1 - a)
        }
        let shown = min(max(self.alpha, 0), 1)
        return (color * shown, alpha * shown)
    }

    /// Its box in frame pixels: its picture's box turned and scaled about its centre, and a pixel.
    public var box: (left: Double, top: Double, right: Double, bottom: Double) {
        let local = picture.localBox, c = cos(rotation), s = sin(rotation)
        let corners = [Vec2(local.left, local.top), Vec2(local.right, local.top), Vec2(local.left, local.bottom), Vec2(local.right, local.bottom)]
            .map { Vec2($0.x * c - $0.y * s, $0.x * s + $0.y * c) * scale + centre }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return ((xs.min() ?? 0) - 1, (ys.min() ?? 0) - 1, (xs.max() ?? 0) + 1, (ys.max() ?? 0) + 1)
    }
}

/// What a text entity's layers are painted in: colours with their opacities.
public struct TextPaints: Equatable, Sendable {
    public var fill: RGB
    public var fillAlpha: Double
    public var stroke: RGB = .black
    public var strokeAlpha: Double = 0
    public var frame: RGB = .black
    public var frameAlpha: Double = 0
    public var shadow: RGB = .black
    public var shadowAlpha: Double = 0

    public init(fill: RGB, fillAlpha: Double, stroke: RGB = .black, strokeAlpha: Double = 0, frame: RGB = .black, frameAlpha: Double = 0,
                shadow: RGB = .black, shadowAlpha: Double = 0) {
        self.fill = fill
        self.fillAlpha = fillAlpha
        self.stroke = stroke
        self.strokeAlpha = strokeAlpha
        self.frame = frame
        self.frameAlpha = frameAlpha
        self.shadow = shadow
        self.shadowAlpha = shadowAlpha
    }
}
