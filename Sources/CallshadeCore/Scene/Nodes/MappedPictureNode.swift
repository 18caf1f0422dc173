/// A premultiplied picture laid over the frame by a scale on each axis and
/// a translation (texel point q to frame point `origin` + `scale` * q), sampled
/// bilinearly (`PremultipliedPicture.premultiplied(at:)`, clear beyond its
/// edges), times `alpha`, source-over what is below: a gallery grid at rest
/// (scale 1, a whole-pixel origin: its texels copied) or scaled about its
/// anchor while a pinch morphs it (`gallery.md` section 2.1, rule 6), or a
/// sticker's frame drawn at its box's pixel size rounded up and mapped onto
/// the exact box (`chat-types.md` section 1, rule 4).
public struct MappedPictureNode: SceneNode, Equatable, Sendable {
    public var picture: PremultipliedPicture
    /// The frame point of the picture's top-left corner, pixels.
    public var origin: Vec2
    /// Frame pixels a texel across and down, each above 0.
    public var scale: Vec2
    public var alpha: Double

    /// Laid by one scale on both axes.
    public init(picture: PremultipliedPicture, origin: Vec2, scale: Double = 1, alpha: Double = 1) {
        self.init(picture: picture, origin: origin, scales: Vec2(scale, scale), alpha: alpha)
    }

    /// Laid by a scale on each axis.
    public init(picture: PremultipliedPicture, origin: Vec2, scales: Vec2, alpha: Double = 1) {
        self.picture = picture
        self.origin = origin
        self.scale = scales
        self.alpha = alpha
    }

    /// Its whole picture laid onto `box` (frame pixels: left, top, width, height).
    public init(picture: PremultipliedPicture, onto box: (x: Double, y: Double, width: Double, height: Double), alpha: Double = 1) {
        self.init(picture: picture, origin: Vec2(box.x, box.y),
                  scales: Vec2(box.width / Double(max(picture.width, 1)), box.height / Double(max(picture.height, 1))), alpha: alpha)
    }

    var drawn: Bool {
        alpha > 0 && scale.x > 0 && scale.y > 0 && scale.x.isFinite && scale.y.isFinite && origin.x.isFinite && origin.y.isFinite
    }

    /// Whether each pixel centre falls on a texel centre: scale 1, the origin on whole pixels.
    public var atRest: Bool {
        scale.x == 1 && scale.y == 1 && origin.x == origin.x.rounded() && origin.y == origin.y.rounded() && abs(origin.x) < 1e9 && abs(origin.y) < 1e9
    }

    /// The frame point `pixel` in the picture's texels.
    public func texelPoint(_ pixel: Vec2) -> Vec2 {
        Vec2((pixel.x - origin.x) / scale.x, (pixel.y - origin.y) / scale.y)
    }

    /// Where it can show, frame pixels: its rectangle and the half texel past each edge that its texels fade over.
    public var reach: (left: Double, top: Double, right: Double, bottom: Double) {
        (origin.x - scale.x / 2, origin.y - scale.y / 2, origin.x + scale.x * (Double(picture.width) + 0.5),
         origin.y + scale.y * (Double(picture.height) + 0.5))
    }

    public func bounds(in size: FrameSize) -> PixelRect {
        guard drawn else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let reach = self.reach
        return PixelRect(covering: reach.left, reach.top, reach.right, reach.bottom, within: size)
    }

    /// An edge tile wherever its reach meets the tile's pixel centres; never opaque.
    public func tileCoverage(in region: PixelRect) -> [TileCoverage] {
        let reach = self.reach, drawn = self.drawn
        return SceneTiles.coverages(in: region) { tile in
            drawn && tile.x.upperBound > reach.left && tile.x.lowerBound < reach.right && tile.y.upperBound > reach.top
                && tile.y.lowerBound < reach.bottom ? .edge : .outside
        }
    }

    public func referenceShader(in scene: Scene) -> any ReferenceNodeShader {
        ReferenceMappedPicture(node: self)
    }
}
