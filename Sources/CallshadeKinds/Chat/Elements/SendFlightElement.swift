import CallshadeCore

/// A send flying from the input field into the list (chat, section 3.3),
/// over the bars until it lands: the moving shape R (its left edge, bottom,
/// width and height each a lerp from the field at the send's instant, P, to
/// the bubble's final body, B, on its own track) drawn as the pill look
/// (white, the field's 1-pt stroke, radius min(16.5, h/2)) under the bubble
/// look (colour, corners, the tail at R's bottom tail-side corner, outline),
/// each at its opacity; both text copies, the field's lines fading out and
/// the bubble's fading in, at a lerp of the field's text place and the
/// bubble's; the time and checks fading in at their final offset from R's
/// bottom-right corner. An emoji's glyph grows from the field's 17 pt to its
/// 96-pt box, its centre moving on X and Y, its time pill fading in.
/// Drawn under the `messages` tag, from the existing nodes.
public struct SendFlightElement: ChatElement {
    public init() {}

    public var tags: [SceneTag] { [.messages] }

    public func texts(for scenario: ChatScenario) -> [TextStyle: [String]] { [:] }

    public func add(to scene: inout Scene, at instant: ChatInstant, showing: Set<SceneTag>) {
        guard let text = instant.text else { return }
        let motion = MessagesElement.motion(at: instant, text: text, frame: scene.size)
        let scale = Double(scene.size.width) / 390
        for flight in motion.flights where flight.flying {
            // B: the final body, where it lands once the panel is back (the list's shift with the panel left out).
            let placed = motion.layout.placed[flight.index].shifted(by: motion.shifts[flight.index] - motion.listShift)
            if let sticker = placed.message.sticker {
                addSticker(placed, sticker, flight, to: &scene, instant: instant, text: text, scale: scale)
            } else if let emoji = placed.message.animatedEmoji {
                addAnimatedEmoji(placed, emoji, flight, to: &scene, instant: instant, text: text, scale: scale)
            } else if let video = placed.message.roundVideo {
                addRoundVideo(placed, video, flight, to: &scene, instant: instant, text: text, scale: scale)
            } else if let voice = placed.message.voice {
                addVoice(placed, voice, flight, to: &scene, instant: instant, text: text, scale: scale)
            } else if placed.isEmoji {
                addEmoji(placed, flight, to: &scene, instant: instant, text: text, scale: scale)
            } else {
                addBubble(placed, flight, to: &scene, text: text, scale: scale)
            }
        }
    }

    static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

    /// The moving shape R (chat, section 3.3) between the field P and the final body B.
    public static func movingShape(field p: ChatMessageLayout.Box, body b: ChatMessageLayout.Box, progress: SendProgress) -> ChatMessageLayout.Box {
        let width = lerp(p.width, b.width, progress.width), height = lerp(p.height, b.height, progress.height)
        let bottom = lerp(p.bottom, b.bottom, progress.y)
        return ChatMessageLayout.Box(x: lerp(p.x, b.x, progress.x), y: bottom - height, width: width, height: height)
    }

    func addBubble(_ placed: ChatMessageLayout.Placed, _ flight: ChatListMotion.Flight, to scene: inout Scene, text: any TextSetting, scale: Double) {
        let progress = flight.progress
        let shape = Self.movingShape(field: flight.field, body: placed.body, progress: progress)
        let outgoing = placed.message.side == .outgoing
        // The pill look, under the bubble look.
        let pill = progress.pillLook
        func rectangle(inset: Double, color: RGB, alpha: Double) -> Mark {
            Mark(x: (shape.x + inset) * scale, y: (shape.y + inset) * scale, width: (shape.width - 2 * inset) * scale,
                 height: (shape.height - 2 * inset) * scale,
                 kind: .roundedRectangle(cornerRadius: max(min(16.5, shape.height / 2) - inset, 0) * scale), color: color, alpha: alpha)
        }
        if pill > 0 {
            scene.nodes.append(MarksNode(atlas: text.atlas, marks: [rectangle(inset: 0, color: .white, alpha: pill),
                                                                     rectangle(inset: 0, color: .black, alpha: 0.1 * pill),
                                                                     rectangle(inset: 1, color: .white, alpha: pill)]))
        }
        let moved = ChatMessageLayout.Placed(message: placed.message, frame: placed.frame, body: shape, radii: placed.radii, hasTail: placed.hasTail,
                                             lines: placed.lines, textLeft: placed.textLeft, status: placed.status, pill: nil)
        var strokes: [BubbleNode.Stroke] = []
        var marks: [Mark] = []
        // Both text copies at the lerp of the field's text place and the bubble's.
        let fieldOrigin = (x: 55.0, y: flight.field.y + 5.5)
        let finalOrigin = (x: placed.textLeft, y: placed.frame.y + ChatMessageLayout.textTop)
        let origin = (x: Self.lerp(fieldOrigin.x, finalOrigin.x, progress.textPosition), y: Self.lerp(fieldOrigin.y, finalOrigin.y, progress.textPosition))
        func lines(_ lines: [String], alpha: Double) {
            guard alpha > 0 else { return }
            for (row, line) in lines.enumerated() {
                let at = Vec2(origin.x * scale, (origin.y + ChatMessageLayout.pitch * Double(row) + ChatMessageLayout.baseline) * scale)
                marks += text.line(line, style: ChatMessageLayout.textStyle).marks(origin: at, color: .black, alpha: alpha)
            }
        }
        lines(flight.fieldLines, alpha: progress.inputText)
        lines(placed.lines.map(\.text), alpha: progress.bubbleText)
        // The time and checks at their final offset from R's bottom-right corner.
        if progress.status > 0 {
            let status = placed.status.moved(shape.right - placed.body.right, shape.bottom - placed.body.bottom)
            let statusPlaced = ChatMessageLayout.Placed(message: placed.message, frame: placed.frame, body: shape, radii: placed.radii,
                                                        hasTail: placed.hasTail, lines: [], textLeft: placed.textLeft, status: status, pill: nil)
            marks += MessagesElement.timeMarks(statusPlaced, text: text, scale: scale, color: MessagesElement.timeColor(outgoing),
                                               alpha: (outgoing ? 0.8 : 0.6) * progress.status)
            if let checks = placed.message.status {
                strokes += MessagesElement.checks(checks, at: MessagesElement.checksCorner(statusPlaced, text: text), scale: scale,
                                                  color: MessagesElement.checkColor, pop: 1).map { stroke in
                    var stroke = stroke
                    stroke.alpha = progress.status
                    return stroke
                }
            }
        }
        let bubbles = progress.bubbleLook > 0 ? [MessagesElement.bubble(moved, scale: scale, opacity: progress.bubbleLook)] : []
        scene.nodes.append(BubbleNode(bubbles: bubbles, strokes: []))
        // Everything inside the bubble is clipped to R's frame, as the app's bubble clips its content (section 3.3).
        let clip = PixelRect(inside: shape.x * scale, shape.y * scale, shape.right * scale, shape.bottom * scale, within: scene.size)
        scene.nodes.append(MarksNode(atlas: text.atlas, marks: marks, clip: clip))
        if !strokes.isEmpty { scene.nodes.append(BubbleNode(bubbles: [], strokes: strokes)) }
    }

    /// The field's glyph size (ours: the text's 17 pt) and its box's place in the field.
    public static let fieldEmoji = 17.0

    /// An emoji's box in the field: 17 pt from x 55, centred on the first line (ours).
    static func fieldEmojiBox(fieldTop: Double) -> ChatMessageLayout.Box {
        ChatMessageLayout.Box(x: 55, y: fieldTop + 5.5 + ChatMessageLayout.pitch / 2 - fieldEmoji / 2, width: fieldEmoji, height: fieldEmoji)
    }

    /// A sticker in flight (chat-types section 2, rule 2): its box from the
    /// panel cell at `from` to its landed box, playing from its send; its
    /// pill at its landed offset from the box's bottom-right corner, fading in.
    func addSticker(_ placed: ChatMessageLayout.Placed, _ sticker: ChatMedia.LottieSend, _ flight: ChatListMotion.Flight,
                    to scene: inout Scene, instant: ChatInstant, text: any TextSetting, scale: Double) {
        let landed = StickerFlight.box(inFrame: placed.frame)
        let canvas = instant.stickers.canvas(sticker.path) ?? (1, 1)
        let start = sticker.from ?? StickerFlight.defaultFrom
        let path = StickerFlight(animation: instant.scenario.animation, canvas: canvas, from: Vec2(start.x, start.y + flight.risen))
        let box = path.flying(to: landed, progress: flight.progress)
        if let node = instant.stickers.node(sticker.path, seconds: instant.time - sticker.sentAt,
                                            box: (box.x * scale, box.y * scale, box.width * scale, box.height * scale)) {
            scene.nodes.append(node)
        }
        let (dx, dy) = (box.right - landed.right, box.bottom - landed.bottom)
        let moved = ChatMessageLayout.Placed(message: placed.message, frame: placed.frame.moved(dx, dy), body: placed.body.moved(dx, dy),
                                             radii: placed.radii, hasTail: false, lines: [], textLeft: placed.textLeft + dx,
                                             status: placed.status.moved(dx, dy), pill: placed.pill?.moved(dx, dy))
        addPill(moved, placed, flight.progress, to: &scene, instant: instant, text: text, scale: scale)
    }

    /// An animated emoji in flight (chat-types section 2, rule 3): from a
    /// 28-pt box centred on the field's glyph to its 135-pt frame (centre x
    /// on X, y on Y, size on the scale's track), the glyph's copy in the box
    /// fading out as the animation, playing from its send, fades in; its pill as a sticker's.
    func addAnimatedEmoji(_ placed: ChatMessageLayout.Placed, _ emoji: ChatMedia.LottieSend, _ flight: ChatListMotion.Flight,
                          to scene: inout Scene, instant: ChatInstant, text: any TextSetting, scale: Double) {
        let progress = flight.progress
        // The glyph's advance box in the field, its centre on the first line's centre.
        let advance = text.line(placed.message.text, style: ChatMessageLayout.textStyle).width / text.scale
        let start = Vec2(Self.fieldTextLeft + advance / 2, flight.field.y + Self.fieldTextTop + ChatMessageLayout.pitch / 2)
        let box = Self.emojiBox(field: flight.field, final: placed.frame, progress: progress, from: Self.animatedEmojiStart, centredAt: start)
        if progress.bubbleText > 0, let node = instant.stickers.node(emoji.path, seconds: instant.time - emoji.sentAt, loops: false,
                                                                     box: (box.x * scale, box.y * scale, box.width * scale, box.height * scale),
                                                                     alpha: progress.bubbleText) {
            scene.nodes.append(node)
        }
        if progress.inputText > 0 {
            let copy = MessagesElement.emojiMarks(placed.message.text, in: box, text: text, scale: scale).map { mark in
                var mark = mark
                mark.alpha *= progress.inputText
                return mark
            }
            scene.nodes.append(MarksNode(atlas: text.atlas, marks: copy))
        }
        let (dx, dy) = (box.right - placed.frame.right, box.bottom - placed.frame.bottom)
        let moved = ChatMessageLayout.Placed(message: placed.message, frame: box, body: box, radii: placed.radii, hasTail: false, lines: [],
                                             textLeft: box.x, status: placed.status.moved(dx, dy), pill: placed.pill?.moved(dx, dy))
        addPill(moved, placed, progress, to: &scene, instant: instant, text: text, scale: scale)
    }

    /// A voice message in flight (chat-types section 3, rule 4): its bubble,
    /// bars, duration and status fading in where it lands; the play disc
    /// flying from the recording disc's centre (moved with the panel and by
    /// later sends' rises) to its place, growing from 100 pt to 44; the
    /// recording disc riding over it, shrinking and fading out.
    func addVoice(_ placed: ChatMessageLayout.Placed, _ voice: ChatMedia.RecordedSend, _ flight: ChatListMotion.Flight,
                  to scene: inout Scene, instant: ChatInstant, text: any TextSetting, scale: Double) {
        let shift = Double(scene.size.height) / scale - ChatMessageLayout.screenHeight
        let start = VoiceSendFlight.micCentre + Vec2(0, shift + flight.risen)
        let state = VoiceSendFlight.state(flight.progress, from: start, landed: VoiceBubbleLayout(frame: placed.frame).discCentre)
        let alpha = state.bubbleAlpha
        let parts = VoiceBubbleParts.parts(placed, voice, instant: instant, text: text, scale: scale, alpha: alpha,
                                               flying: (state.discCentre, state.discDiameter))
        let outgoing = placed.message.side == .outgoing
        var strokes = Array(parts.strokes.dropLast())
        if let checks = placed.message.status {
            strokes += MessagesElement.checks(checks, at: MessagesElement.checksCorner(placed, text: text), scale: scale,
                                              color: MessagesElement.checkColor, pop: 1).map { stroke in
                var stroke = stroke
                stroke.alpha = alpha
                return stroke
            }
        }
        let marks = parts.marks + MessagesElement.timeMarks(placed, text: text, scale: scale, color: MessagesElement.timeColor(outgoing),
                                                             alpha: (outgoing ? 0.8 : 0.6) * alpha)
        // The bubble and what lies in it, then the flying disc and its triangle, then the recording disc over them.
        scene.nodes.append(BubbleNode(bubbles: alpha > 0 ? [MessagesElement.bubble(placed, scale: scale, opacity: alpha)] : [], strokes: strokes))
        scene.nodes.append(MarksNode(atlas: text.atlas, marks: marks))
        scene.nodes.append(BubbleNode(bubbles: [], strokes: parts.strokes.suffix(1)))
        scene.nodes.append(ShapesNode(shapes: parts.triangle))
        if state.recordingAlpha > 0 {
            let recording = InputPanelElement.recordingDisc(centre: state.discCentre, diameter: state.recordingDiameter, alpha: state.recordingAlpha,
                                                            text: text, scale: scale)
            scene.nodes.append(BubbleNode(bubbles: [], strokes: [recording.disc]))
            scene.nodes.append(MarksNode(atlas: text.atlas, marks: recording.mic))
        }
    }

    /// A round video in flight (chat-types section 4, rule 3): its circle from
    /// the capture's to its place (x on X, y on Y, its diameter on the
    /// scale's track), playing from its send, the capture's last picture over
    /// it fading out; its pills fading in at their landed offsets from the
    /// circle's centre. The capture's cover fading is `VideoCaptureElement`'s.
    func addRoundVideo(_ placed: ChatMessageLayout.Placed, _ video: ChatMedia.RecordedSend, _ flight: ChatListMotion.Flight,
                       to scene: inout Scene, instant: ChatInstant, text: any TextSetting, scale: Double) {
        let path = RoundVideoFlight(animation: instant.scenario.animation, screen: (390, Double(scene.size.height) / scale))
        let state = path.state(flight.progress, bottom: placed.frame.bottom, risen: flight.risen)
        let circle = ChatMessageLayout.Box(x: state.centre.x - state.diameter / 2, y: state.centre.y - state.diameter / 2, width: state.diameter,
                                           height: state.diameter)
        let (dx, dy) = (circle.x + circle.width / 2 - (placed.frame.x + placed.frame.width / 2),
                        circle.y + circle.height / 2 - (placed.frame.y + placed.frame.height / 2))
        let parts = RoundVideoParts.parts(circle, video, instant: instant, text: text, size: scene.size, alpha: 1,
                                                    pillsAlpha: state.pillsAlpha, capture: state.captureAlpha)
        scene.nodes += parts.nodes
        scene.nodes += parts.pills
        if !parts.marks.isEmpty { scene.nodes.append(MarksNode(atlas: text.atlas, marks: parts.marks)) }
        let moved = ChatMessageLayout.Placed(message: placed.message, frame: placed.frame.moved(dx, dy), body: placed.body.moved(dx, dy),
                                             radii: placed.radii, hasTail: false, lines: [], textLeft: placed.textLeft + dx,
                                             status: placed.status.moved(dx, dy), pill: placed.pill?.moved(dx, dy))
        var progress = flight.progress
        progress.status = state.pillsAlpha
        addPill(moved, placed, progress, to: &scene, instant: instant, text: text, scale: scale)
    }

    /// The size an animated emoji's box starts from in the field (section 2, rule 3).
    static let animatedEmojiStart = 28.0
    /// Where the field's text starts: x 55, the first line 5.5 below the field's top (chat, section 2.10).
    static let fieldTextLeft = 55.0
    static let fieldTextTop = 5.5

    func addEmoji(_ placed: ChatMessageLayout.Placed, _ flight: ChatListMotion.Flight, to scene: inout Scene, instant: ChatInstant,
                  text: any TextSetting, scale: Double) {
        let progress = flight.progress
        let box = Self.emojiBox(field: flight.field, final: placed.frame, progress: progress)
        let (dx, dy) = (box.right - placed.frame.right, box.bottom - placed.frame.bottom)
        let moved = ChatMessageLayout.Placed(message: placed.message, frame: box, body: box, radii: placed.radii, hasTail: false,
                                             lines: placed.lines, textLeft: box.x, status: placed.status.moved(dx, dy), pill: placed.pill?.moved(dx, dy))
        // The glyph first: its time pill lies wholly over it (section 2.9).
        scene.nodes.append(MarksNode(atlas: text.atlas, marks: MessagesElement.emojiMarks(moved, text: text, scale: scale)))
        addPill(moved, placed, progress, to: &scene, instant: instant, text: text, scale: scale)
    }

    /// An emoji's or a sticker's time pill where `moved` has it, fading in with the status's progress: glass, time and checks.
    func addPill(_ moved: ChatMessageLayout.Placed, _ placed: ChatMessageLayout.Placed, _ progress: SendProgress, to scene: inout Scene,
                 instant: ChatInstant, text: any TextSetting, scale: Double) {
        var marks: [Mark] = []
        var strokes: [BubbleNode.Stroke] = []
        if progress.status > 0, let pill = moved.pill {
            var glass = ChatGlass.node(x: pill.x, y: pill.y, width: pill.width, height: pill.height, radius: pill.height / 2, tone: ChatGlass.pill,
                                       wallpaper: WallpaperElement.node(at: instant, size: scene.size), scale: scale)
            glass.opacity = progress.status
            scene.nodes.append(glass)
            marks += MessagesElement.timeMarks(moved, text: text, scale: scale, color: .white, alpha: progress.status)
            if let checks = placed.message.status {
                strokes = MessagesElement.checks(checks, at: MessagesElement.checksCorner(moved, text: text), scale: scale, color: .white, pop: 1)
                    .map { stroke in
                        var stroke = stroke
                        stroke.alpha = progress.status
                        return stroke
                    }
            }
        }
        if !marks.isEmpty { scene.nodes.append(MarksNode(atlas: text.atlas, marks: marks)) }
        if !strokes.isEmpty { scene.nodes.append(BubbleNode(bubbles: [], strokes: strokes)) }
    }

    /// An emoji's box in flight (chat, section 3.5): its centre from the
    /// field's glyph (a 17-pt box on the field's first line) to the final
    /// box's on X and Y, its size 17 -> 96 pt on the scale's track.
    public static func emojiBox(field: ChatMessageLayout.Box, final: ChatMessageLayout.Box, progress: SendProgress,
                                from startSize: Double = fieldEmoji, centredAt centre: Vec2? = nil) -> ChatMessageLayout.Box {
        let glyph = fieldEmojiBox(fieldTop: field.y)
        let start = centre.map { (x: $0.x, y: $0.y) } ?? (x: glyph.x + glyph.width / 2, y: glyph.y + glyph.height / 2)
        let centre = (x: lerp(start.x, final.x + final.width / 2, progress.x), y: lerp(start.y, final.y + final.height / 2, progress.y))
        let size = lerp(startSize, final.width, progress.emojiScale)
        return ChatMessageLayout.Box(x: centre.x - size / 2, y: centre.y - size / 2, width: size, height: size)
    }
}
