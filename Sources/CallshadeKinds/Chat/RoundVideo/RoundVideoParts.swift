import CallshadeCore

/// What a round video message draws (`chat-types.md` section 4, rule 1),
/// as nodes in frame pixels: a white disc with a 0.5-pt rim (#86A9C9 at
/// 0.5), the video aspect-filled in it 1.5 pt in, and its duration's pill.
enum RoundVideoParts {
    static let rimColor = RGB(hex: "#86A9C9") ?? .black
    static let rimAlpha = 0.5
    static let rimWidth = 0.5
    static let videoInset = 1.5

    /// The white disc and its rim, centred at `centre`, `diameter` across (points), at `alpha`.
    static func disc(centre: Vec2, diameter: Double, alpha: Double, scale: Double) -> ShapesNode {
        let radius = diameter / 2
        let pixels = Vec2(centre.x * scale, centre.y * scale)
        return ShapesNode(shapes: [
            PlacedShape(geometry: .ellipse(a: radius, b: radius), stroke: 0, centre: pixels, scale: scale, rotation: 0, color: .white, alpha: alpha),
            PlacedShape(geometry: .ellipse(a: radius - rimWidth / 2, b: radius - rimWidth / 2), stroke: rimWidth / 2, centre: pixels, scale: scale,
                        rotation: 0, color: rimColor, alpha: rimAlpha * alpha),
        ])
    }

    /// `picture` (of a video shaped as `input`) aspect-filled in the circle centred at `centre`, `diameter` across, `inset` in (a
    /// message's: 1.5 pt), at `alpha`.
    static func video(_ picture: SourcePicture, input: VideoInput, centre: Vec2, diameter: Double, inset: Double = videoInset, alpha: Double,
                      scale: Double) -> VideoNode {
        let side = max(diameter - 2 * inset, 0) * scale
        let (x, y) = (centre.x * scale - side / 2, centre.y * scale - side / 2)
        // The turned picture's height when it covers the square: the wider of the two fits by its height.
        let height = max(side / input.aspect, side)
        let fill = (width: input.aspect * height, height: height)
        let content = RoundedRectangle(x: centre.x * scale - fill.width / 2, y: centre.y * scale - fill.height / 2, width: fill.width,
                                       height: fill.height, cornerRadius: 0)
        return VideoNode(picture: picture, rotation: input.rotation, clip: RoundedRectangle(x: x, y: y, width: side, height: side, cornerRadius: side / 2),
                         content: content, opacity: alpha)
    }

    /// The duration's pill on `circle` (points): m:ss of floor(D) `textWidth` wide plus 10, its right edge 55 pt left of the centre, its bottom on the circle's.
    static func durationPill(circle: Box, textWidth: Double) -> Box {
        let width = textWidth + 10
        return Box(x: circle.x + circle.width / 2 - RoundVideoFlight.pillsApart - width, y: circle.bottom - ChatMessageLayout.emojiPillHeight,
                   width: width, height: ChatMessageLayout.emojiPillHeight)
    }
}
