import CallshadeCore

/// The chat's messages (chat, sections 2.4 to 2.8): each a bubble (its
/// body, corners and tail, `BubbleNode`) with its text and its time, laid
/// out by `ChatMessageLayout` at the frame's scale (its width over 390 pt).
/// A send adds its bubble in its final place at its instant; outgoing
/// messages show their checks, a read's second one popping in. An emoji
/// message is its glyph in a 96-pt box with its time and checks, white, in
/// a pill of glass over the wallpaper (section 2.9).
public struct MessagesElement: ChatElement {
    public init() {}

    public var tags: [SceneTag] { [.messages] }

    public func texts(for scenario: ChatScenario) -> [TextStyle: [String]] {
        let sends = scenario.events.compactMap { event -> (String, String?)? in
            if case .send(let text, _, let time, _) = event.change { return (text, time) }
            return nil
        }
        let texts = scenario.messages.map(\.text) + sends.map(\.0)
        return [ChatMessageLayout.textStyle: texts,
                Self.emojiStyle: texts.filter(SendKind.isSingleEmoji),
                ChatMessageLayout.timeStyle: scenario.messages.map(\.time) + [scenario.now] + sends.compactMap(\.1)]
    }

    public func add(to scene: inout Scene, at instant: ChatInstant, showing: Set<SceneTag>) {
        guard let text = instant.text else { return }
        let scale = Double(scene.size.width) / 390
        let motion = Self.motion(at: instant, text: text, frame: scene.size)
        var pills: [any SceneNode] = []
        var strokes: [BubbleNode.Stroke] = []
        var bubbles: [BubbleNode.Bubble] = []
        var marks: [Mark] = []
        var emoji: [Mark] = []
        var stickers: [any SceneNode] = []
        var triangles: [PlacedShape] = []
        for (index, (unshifted, state)) in zip(motion.layout.placed, motion.states).enumerated() where !motion.isFlying(index) {
            let placed = unshifted.shifted(by: motion.shifts[index])
            let outgoing = placed.message.side == .outgoing
            if let lottie = placed.message.media?.lottie {
                let box = Self.lottieBox(placed)
                if let node = instant.stickers.node(lottie.send.path, seconds: instant.time - lottie.send.sentAt, loops: lottie.loops,
                                                    box: (box.x * scale, box.y * scale, box.width * scale, box.height * scale)) {
                    stickers.append(node)
                }
            }
            if let video = placed.message.roundVideo {
                let parts = RoundVideoParts.parts(placed.frame, video, instant: instant, text: text, size: scene.size, alpha: 1)
                stickers += parts.nodes
                pills += parts.pills
                marks += parts.marks
            }
            if let pill = placed.pill {
                pills.append(ChatGlass.node(x: pill.x, y: pill.y, width: pill.width, height: pill.height, radius: pill.height / 2,
                                            tone: ChatGlass.pill, wallpaper: WallpaperElement.node(at: instant, size: scene.size), scale: scale))
                if placed.isEmoji { emoji += Self.emojiMarks(placed, text: text, scale: scale) }
                marks += Self.timeMarks(placed, text: text, scale: scale, color: .white, alpha: 1)
                if let status = placed.message.status {
                    strokes += Self.checks(status, at: Self.checksCorner(placed, text: text), scale: scale, color: .white,
                                           pop: ChatTimeline.readPop(since: state.readAt, at: instant.time))
                }
                continue
            }
            bubbles.append(Self.bubble(placed, scale: scale))
            // A merged neighbour's look before a send, its tail fading out in place, as its row rises (chat, section 3.4).
            if let flight = motion.flights.first(where: { $0.index == index + 1 }), let before = flight.neighbourBefore,
               flight.progress.neighbourTail < 1 {
                bubbles.append(Self.bubble(before.shifted(by: motion.shifts[index]), scale: scale, opacity: 1 - flight.progress.neighbourTail))
            }
            if let voice = placed.message.voice {
                let parts = VoiceBubbleParts.parts(placed, voice, instant: instant, text: text, scale: scale, alpha: 1)
                strokes += parts.strokes
                triangles += parts.triangle
                marks += parts.marks
            }
            for line in placed.lines {
                let origin = Vec2(placed.textLeft * scale, (line.top + ChatMessageLayout.baseline) * scale)
                marks += text.line(line.text, style: ChatMessageLayout.textStyle).marks(origin: origin, color: .black)
            }
            marks += Self.timeMarks(placed, text: text, scale: scale, color: Self.timeColor(outgoing), alpha: outgoing ? 0.8 : 0.6)
            if let status = placed.message.status {
                strokes += Self.checks(status, at: Self.checksCorner(placed, text: text), scale: scale, color: Self.checkColor,
                                       pop: ChatTimeline.readPop(since: state.readAt, at: instant.time))
            }
        }
        // The emoji's glyphs, then their pills wholly over them, then the times and checks over the pills (section 2.9).
        scene.nodes += stickers
        if !emoji.isEmpty { scene.nodes.append(MarksNode(atlas: text.atlas, marks: emoji)) }
        scene.nodes += pills
        scene.nodes.append(BubbleNode(bubbles: bubbles, strokes: strokes))
        if !triangles.isEmpty { scene.nodes.append(ShapesNode(shapes: triangles)) }
        scene.nodes.append(MarksNode(atlas: text.atlas, marks: marks))
    }
}

extension MessagesElement {
    /// The checks' colour (chat, section 2.8).
    static let checkColor = RGB(hex: "#19C700") ?? .black
    /// An emoji message's glyph, set at a size whose advance is about its
    /// 96-pt box (Noto Color Emoji's 136-texel pictures at 109 a em) and
    /// scaled to it exactly.
    static let emojiStyle = TextStyle(.emoji, 77)

    /// The list, the panel and the flying sends at `instant` (chat, section 3), the texts' widths as `text` sets them.
    public static func motion(at instant: ChatInstant, text: any TextSetting, frame: FrameSize) -> ChatListMotion {
        if let motion = instant.motion { return motion }
        return ChatListMotion(instant.timeline, at: instant.time, height: Double(frame.height) * 390 / Double(frame.width), width: { string, style in
            text.line(string, style: style).width / text.scale
        }, canvas: instant.stickers.canvas, voice: { instant.voices[$0] }, videoDuration: { instant.videos[$0]?.duration })
    }

    /// Where a sticker's or an animated emoji's Lottie is drawn: a sticker's box inside its image frame, an animated emoji's whole 135-pt frame.
    static func lottieBox(_ placed: ChatMessageLayout.Placed) -> ChatMessageLayout.Box {
        placed.message.animatedEmoji != nil ? placed.frame : StickerFlight.box(inFrame: placed.frame)
    }

    /// A time's colour and opacity (chat, section 2.8).
    static func timeColor(_ outgoing: Bool) -> RGB {
        outgoing ? RGB(hex: "#008C09") ?? .black : RGB(hex: "#525252") ?? .black
    }

    /// The bubble of a message laid out (points) at `scale` pixels a point.
    static func bubble(_ placed: ChatMessageLayout.Placed, scale: Double, opacity: Double = 1) -> BubbleNode.Bubble {
        let outgoing = placed.message.side == .outgoing
        let body = BubbleBody(x: placed.body.x * scale, y: placed.body.y * scale, width: placed.body.width * scale,
                              height: placed.body.height * scale,
                              radii: (placed.radii[0] * scale, placed.radii[1] * scale, placed.radii[2] * scale, placed.radii[3] * scale))
        let corner = Vec2((outgoing ? placed.body.right : placed.body.x) * scale, placed.body.bottom * scale)
        return BubbleNode.Bubble(body: body, tail: placed.hasTail ? .init(corner: corner, scale: scale, mirrored: !outgoing) : nil,
                                 fill: outgoing ? green : .white, outlineAlpha: 0.2, outlineHalfWidth: 0.3 * scale, opacity: opacity)
    }

    static let green = RGB(hex: "#E1FFC7") ?? .white

    /// `messages` laid out with their texts' widths as `text` sets them, on a frame of `frame`'s height (in points, 390 wide).
    public static func layout(_ messages: [ChatMessage], text: any TextSetting, frame: FrameSize) -> ChatMessageLayout {
        ChatMessageLayout(messages, height: Double(frame.height) * 390 / Double(frame.width)) { string, style in
            text.line(string, style: style).width / text.scale
        }
    }

    /// A message's time: its line box 2/3 pt into the status box, from x + 5 (ours: centred in the 10 pt margin).
    static func timeMarks(_ placed: ChatMessageLayout.Placed, text: any TextSetting, scale: Double, color: RGB, alpha: Double) -> [Mark] {
        let time = text.line(placed.message.time, style: ChatMessageLayout.timeStyle)
        let origin = Vec2((placed.status.x + 5) * scale, (placed.status.y + 2.0 / 3) * scale + time.ascent)
        return time.marks(origin: origin, color: color, alpha: alpha)
    }

    /// The checks' box's corner (points): 11 pt past the time's start plus its width, 8/3 below the status box's top.
    static func checksCorner(_ placed: ChatMessageLayout.Placed, text: any TextSetting) -> Vec2 {
        let time = text.line(placed.message.time, style: ChatMessageLayout.timeStyle)
        return Vec2(placed.status.x + time.width / text.scale + 11, placed.status.y + 8.0 / 3)
    }

    /// An emoji message's glyph, its picture scaled to the box's width and centred in the box.
    static func emojiMarks(_ placed: ChatMessageLayout.Placed, text: any TextSetting, scale: Double) -> [Mark] {
        emojiMarks(placed.message.text, in: placed.frame, text: text, scale: scale)
    }

    /// An emoji's glyph (Noto Color Emoji), its picture scaled to `box`'s width (points) and its ink centred in the box's height.
    static func emojiMarks(_ emoji: String, in box: ChatMessageLayout.Box, text: any TextSetting, scale: Double) -> [Mark] {
        let line = text.line(emoji, style: emojiStyle)
        guard line.width > 0, let ink = line.inkBounds else { return [] }
        let fit = box.width * scale / line.width
        let middle = (box.y + box.height / 2) * scale
        let origin = Vec2(box.x * scale, middle - (ink.top + ink.bottom) / 2 * fit)
        return line.marks(origin: origin, scale: fit, about: origin)
    }

    /// An outgoing message's checks with their 11 x 9 box's corner at
    /// `corner` (points): 1-pt round strokes (1, 5) -> (3.95, 7.95) -> (10.5,
    /// 1); read adds (1.5, 8) -> (8, 1) 6 pt right, scaled by `pop` about its middle.
    static func checks(_ status: ChatMessage.Status, at corner: Vec2, scale: Double, color: RGB, pop: Double) -> [BubbleNode.Stroke] {
        func point(_ x: Double, _ y: Double, about centre: Vec2? = nil) -> Vec2 {
            var p = Vec2(x, y)
            if let centre { p = centre + (p - centre) * pop }
            return Vec2((corner.x + p.x) * scale, (corner.y + p.y) * scale)
        }
        func stroke(_ a: Vec2, _ b: Vec2, width: Double) -> BubbleNode.Stroke {
            BubbleNode.Stroke(capsule: Capsule(from: a, to: b, radius: width / 2), color: color)
        }
        var strokes = [stroke(point(1, 5), point(3.95, 7.95), width: scale), stroke(point(3.95, 7.95), point(10.5, 1), width: scale)]
        if status == .read {
            let middle = Vec2(10.75, 4.5)
            strokes.append(stroke(point(7.5, 8, about: middle), point(14, 1, about: middle), width: scale * pop))
        }
        return strokes
    }
}

extension SceneTag {
    public static let messages = SceneTag("messages", help: "The chat's bubbles, their text and times.")
}
