/// A video picture on the call screen (video-call, sections 2, 3 and 5):
/// a source's picture, turned for display and mirrored if asked, stretched
/// over `content` and shown inside the rounded rectangle `clip`, both edges
/// anti-aliased by the `EdgeCoverage` rule, at an opacity. Full screen the
/// content is the fill-or-fit rectangle and the clip the screen with the
/// phone's corners; in the picture in picture both are its box; between
/// places, each is on its way.
public struct VideoNode: SceneNode, Equatable, Sendable {
    /// The picture as decoded (coded orientation).
    public var picture: SourcePicture
    /// How it is turned for display (clockwise), before mirroring.
    public var rotation: VideoRotation
    /// Mirrored left to right on screen (the front camera's picture).
    public var mirrored: Bool
    /// Where it shows: frame pixels, y down.
    public var clip: RoundedRectangle
    /// The rectangle the whole turned picture is stretched over (its corner radius is not used).
    public var content: RoundedRectangle
    /// 0...1: its coverage is multiplied by this.
    public var opacity: Double
    /// Whether every pixel of the picture is opaque (a video's always are).
    public let isOpaque: Bool

    public init(picture: SourcePicture, rotation: VideoRotation = .none, mirrored: Bool = false, clip: RoundedRectangle,
                content: RoundedRectangle, opacity: Double = 1) {
        self.picture = picture
        self.rotation = rotation
        self.mirrored = mirrored
        self.clip = clip
        self.content = RoundedRectangle(x: content.x, y: content.y, width: content.width, height: content.height, cornerRadius: 0)
        self.opacity = opacity
        switch picture {
        case .ycbcr: isOpaque = true
        case .rgba(let image): isOpaque = stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 }
        }
    }

    /// What its `bounds` and `tileCoverage` depend on: all of it but the picture's pixels.
    public struct Placement: Equatable, Sendable {
        let clip: RoundedRectangle
        let content: RoundedRectangle
        let opacity: Double
        let isOpaque: Bool
    }

    public var placement: Placement { Placement(clip: clip, content: content, opacity: opacity, isOpaque: isOpaque) }

    /// Whether it can show anything: both shapes of positive size, a positive opacity.
    public var isVisible: Bool {
        opacity > 0 && clip.width > 0 && clip.height > 0 && content.width > 0 && content.height > 0
    }

    /// How much of the pixel whose centre is `point` it covers, opacity included.
    public func coverage(at point: Vec2) -> Double {
        guard isVisible else { return 0 }
        return clip.coverage(at: point) * content.coverage(at: point) * min(opacity, 1)
    }

    /// The point of the coded picture shown at `point` (frame pixels), as
    /// fractions of its width and height from its top-left corner: across
    /// the content on screen, mirrored, then turned back.
    public func pictureCoordinates(at point: Vec2) -> Vec2 {
        var u = (point.x - content.x) / content.width
        let v = (point.y - content.y) / content.height
        if mirrored { u = 1 - u }
        switch rotation {
        case .none: return Vec2(u, v)
        // Turned a quarter clockwise for display, the coded top row is the displayed right column.
        case .clockwise90: return Vec2(v, 1 - u)
        case .halfTurn: return Vec2(1 - u, 1 - v)
        case .clockwise270: return Vec2(1 - v, u)
        }
    }

    public func bounds(in size: FrameSize) -> PixelRect {
        guard isVisible else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        func box(_ shape: RoundedRectangle) -> PixelRect {
            PixelRect(covering: shape.x - 1, shape.y - 1, shape.x + shape.width + 1, shape.y + shape.height + 1, within: size)
        }
        return box(clip).intersection(box(content))
    }

    /// Opaque where both shapes cover every pixel centre of a tile and the
    /// picture and the opacity are full; outside where either covers none.
    public func tileCoverage(in region: PixelRect) -> [TileCoverage] {
        let (columns, rows) = SceneTiles.count(region)
        guard isVisible else { return [TileCoverage](repeating: .outside, count: columns * rows) }
        return SceneTiles.coverages(in: region) { box in
            let parts = [clip.tileCoverage(box), content.tileCoverage(box)]
            if parts.contains(.outside) { return .outside }
            return parts.allSatisfy({ $0 == .inside }) && opacity >= 1 && isOpaque ? .opaque : .edge
        }
    }

    public func referenceShader(in scene: Scene) -> any ReferenceNodeShader {
        ReferenceVideo(node: self)
    }
}
