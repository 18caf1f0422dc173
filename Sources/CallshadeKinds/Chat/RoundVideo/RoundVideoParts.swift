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

    /// A round video's circle on `circle` (points): its disc and rim, its
    /// picture at s mod D, and its duration's pill (glass and white text), at
    /// `alpha`; the capture's last picture over it at `capture` when given
    /// (in flight). Its status pill is drawn as an emoji's.
    static func parts(_ circle: ChatMessageLayout.Box, _ video: ChatMedia.RecordedSend, instant: ChatInstant, text: any TextSetting,
                      size: FrameSize, alpha: Double, pillsAlpha: Double = 1, capture: Double = 0)
        -> (nodes: [any SceneNode], pills: [GlassNode], marks: [Mark]) {
        let scale = Double(size.width) / 390
        let centre = Vec2(circle.x + circle.width / 2, circle.y + circle.height / 2)
        var nodes: [any SceneNode] = [disc(centre: centre, diameter: circle.width, alpha: alpha, scale: scale)]
        guard let file = instant.videos[video.path] else { return (nodes, [], []) }
        for (time, opacity) in [(RoundVideoPictures.played(instant.time - video.sentAt, duration: file.duration), alpha),
                                (RoundVideoPictures.lastCaptured(duration: file.duration), capture)] where opacity > 0 {
            if let picture = instant.videoPictures.picture(video.path, at: time) {
                nodes.append(Self.video(picture, input: file.source.input, centre: centre, diameter: circle.width, alpha: opacity, scale: scale))
            }
        }
        guard pillsAlpha > 0 else { return (nodes, [], []) }
        let line = text.line(VoiceClip.minutesAndSeconds(Int(file.duration.rounded(.down))), style: ChatMessageLayout.timeStyle)
        let pill = durationPill(circle: circle, textWidth: line.width / text.scale)
        var glass = ChatGlass.node(x: pill.x, y: pill.y, width: pill.width, height: pill.height, radius: pill.height / 2, tone: ChatGlass.pill,
                                   wallpaper: WallpaperElement.node(at: instant, size: size), scale: scale)
        glass.opacity = pillsAlpha
        // Its text as a pill's time: 5 pt in, its line box 2/3 pt into the 13-pt box centred in the pill.
        let origin = Vec2((pill.x + 5) * scale, (pill.y + (pill.height - 13) / 2 + 2.0 / 3) * scale + line.ascent)
        return (nodes, [glass], line.marks(origin: origin, color: .white, alpha: pillsAlpha))
    }
}
