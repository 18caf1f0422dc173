import CallshadeCore

/// The chat's input panel, empty (chat, sections 2.1 and 2.3): glass from
/// y 765 to the frame's bottom (#F2F2F2 at 0.9 over the blurred wallpaper,
/// `ChatGlass.bars`) under a 1/3-pt hairline #B2B2B2; the field at x 42,
/// 6 pt below the panel's top, 306 x 33, radius 16.5, white with a 1-pt
/// inner stroke of black at 0.1, the placeholder "Message" 17 pt #BEBEC0
/// from x 55 (its line's top 5.5 pt into the field, its baseline 16.5 pt
/// below that, as a bubble's); `attach_file` and `mic_none` (Material
/// Icons, ours) 24 pt #858E99 centred in the panel's lowest 45 pt above
/// y 810, at x 2 to 42 and 347 to 391. Before a send (section 3.1) the
/// field shows its draft (the last 5 lines, broken at 280 pt) and the
/// panel grows to 24 + 21 n pt; the mic becomes the send disc, a 33-pt
/// #007AFF disc with a white arrow of 2-pt round strokes. While a voice
/// message is recorded or a round video captured (chat-types sections 3
/// and 4) the field and glyphs hide under the red dot, the timer and the
/// 110-pt recording disc.
public struct InputPanelElement: ChatElement {
    public init() {}

    public var tags: [SceneTag] { [.input] }

    /// The empty panel's top and its content's bottom (points).
    static let top = 765.0
    static let bottom = 810.0
    static let field = (x: 42.0, inset: 6.0, width: 306.0, height: 33.0, radius: 16.5)
    static let placeholder = "Message"
    static let textStyle = TextStyle(.regular, 17)
    static let icons = TextStyle(.icons, 24)
    static let attach = "attach_file"
    static let mic = "mic_none"
    static let iconColor = RGB(hex: "#858E99") ?? .black
    static let placeholderColor = RGB(hex: "#BEBEC0") ?? .black
    static let hairline = RGB(hex: "#B2B2B2") ?? .black

    public func texts(for scenario: ChatScenario) -> [TextStyle: [String]] {
        let sent = scenario.events.compactMap { event -> ChatMedia? in
            if case .send(_, _, _, let media?) = event.change { return media }
            return nil
        }
        let records = sent.contains { if case .voice = $0 { true } else { false } }
        let captures = sent.contains { if case .roundVideo = $0 { true } else { false } }
        return [Self.textStyle: [Self.placeholder],
                Self.icons: [Self.attach, Self.mic] + (records ? [Self.recordingMic] : []) + (captures ? [Self.captureIcon] : []),
                Self.timerStyle: records || captures ? ["0:00,00"] : []]
    }

    public func add(to scene: inout Scene, at instant: ChatInstant, showing: Set<SceneTag>) {
        let scale = Double(scene.size.width) / 390
        let frameBottom = Double(scene.size.height) / scale
        // On a frame of another aspect, at the same distance from its bottom (ours).
        let shift = frameBottom - ChatMessageLayout.screenHeight
        let motion = instant.text.map { MessagesElement.motion(at: instant, text: $0, frame: scene.size) }
        let grown = (motion?.panelHeight ?? ChatListMotion.emptyPanel) - ChatListMotion.emptyPanel
        let top = Self.top + shift - grown
        scene.nodes.append(ChatGlass.node(x: 0, y: top, width: 390, height: frameBottom - top, radius: 0, tone: ChatGlass.bars,
                                          wallpaper: WallpaperElement.node(at: instant, size: scene.size), scale: scale))
        guard let text = instant.text else { return }
        var marks = [ChatGlass.hairline(y: top, color: Self.hairline, scale: scale, width: scene.size.width)]
        // While a voice message is recorded or a round video captured, the field, its placeholder and the glyphs hide, coming
        // back after its send (chat-types sections 3 and 4).
        let recording = motion?.recording
        let hidden = recording?.shown ?? 0
        // The field: white, then black at 0.1 over it, then white again 1 pt in: the inner stroke.
        let field = Self.field
        let fieldTop = top + field.inset
        func rectangle(inset: Double, color: RGB, alpha: Double) -> Mark {
            Mark(x: (field.x + inset) * scale, y: (fieldTop + inset) * scale, width: (field.width - 2 * inset) * scale,
                 height: (field.height + grown - 2 * inset) * scale, kind: .roundedRectangle(cornerRadius: (field.radius - inset) * scale),
                 color: color, alpha: alpha * (1 - hidden))
        }
        marks += [rectangle(inset: 0, color: .white, alpha: 1), rectangle(inset: 0, color: .black, alpha: 0.1),
                  rectangle(inset: 1, color: .white, alpha: 1)]
        // The draft fades in as the panel grows for it, clipped to the growing field (section 3.1); the placeholder
        // goes at once, as a field with text hides it, and the mic fades out under the coming send disc (ours).
        let draft = motion?.draft
        let shown = draft?.shown ?? 0
        var draftMarks: [Mark] = []
        if let draft, SendKind.isSingleEmoji(draft.text) {
            // An emoji's draft: its colour glyph in a 17-pt box on the first line (as the send flies it from).
            let box = SendFlightElement.fieldEmojiBox(fieldTop: fieldTop)
            draftMarks = MessagesElement.emojiMarks(draft.text, in: box, text: text, scale: scale).map { mark in
                var mark = mark
                mark.alpha *= shown
                return mark
            }
        } else if let draft {
            for (row, line) in draft.lines.enumerated() {
                let origin = Vec2(55 * scale, (fieldTop + 5.5 + ChatMessageLayout.pitch * Double(row) + ChatMessageLayout.baseline) * scale)
                draftMarks += text.line(line, style: Self.textStyle).marks(origin: origin, color: .black, alpha: shown)
            }
        }
        // Right after a send the placeholder comes back as the field's text copy flies off and fades (ours).
        let afterSend = (motion?.flights ?? []).filter(\.flying).map { 1 - $0.progress.inputText }.min() ?? 1
        let placeholderAlpha = draft == nil ? afterSend * (1 - hidden) : 0
        if placeholderAlpha > 0 {
            let placeholder = text.line(Self.placeholder, style: Self.textStyle)
            marks += placeholder.marks(origin: Vec2(55 * scale, (fieldTop + 5.5 + ChatMessageLayout.baseline) * scale), color: Self.placeholderColor,
                                       alpha: placeholderAlpha)
        }
        // The icons' line boxes centred in the lowest 45 pt; with a draft, the send disc fading in over the mic.
        let middle = (Self.bottom + shift - 22.5) * scale
        for (name, centre, alpha) in [(Self.attach, 22.0, 1 - hidden), (Self.mic, 369.0, (1 - shown) * (1 - hidden))] where alpha > 0 {
            let icon = text.line(name, style: Self.icons)
            marks += icon.marks(origin: Vec2(centre * scale - icon.width / 2, middle - icon.height / 2 + icon.ascent), color: Self.iconColor,
                                alpha: alpha)
        }
        if shown > 0 { marks.append(Self.sendDisc(centreX: 369, centreY: Self.bottom + shift - 22.5, scale: scale, alpha: shown)) }
        if let recording, hidden > 0 {
            // The red dot and the timer on the row's centre.
            let dot = Self.recordingDot
            marks.append(Mark(x: (22 - dot / 2) * scale, y: middle - dot / 2 * scale, width: dot * scale, height: dot * scale,
                              kind: .roundedRectangle(cornerRadius: dot / 2 * scale), color: Self.recordingDotColor, alpha: hidden))
            let timer = text.line(VoiceClip.timer(recording.elapsed), style: Self.timerStyle)
            marks += timer.marks(origin: Vec2(40 * scale, middle - timer.height / 2 + timer.ascent), color: .black, alpha: hidden)
        }
        scene.nodes.append(MarksNode(atlas: text.atlas, marks: marks))
        if !draftMarks.isEmpty {
            let fieldBottom = fieldTop + field.height + grown
            let clip = PixelRect(inside: field.x * scale, fieldTop * scale, (field.x + field.width) * scale, fieldBottom * scale, within: scene.size)
            scene.nodes.append(MarksNode(atlas: text.atlas, marks: draftMarks, clip: clip))
        }
        if shown > 0 {
            scene.nodes.append(BubbleNode(bubbles: [], strokes: Self.sendArrow(centreX: 369, centreY: Self.bottom + shift - 22.5, scale: scale, alpha: shown)))
        }
        // The recording disc over the list until the send (after it, a voice message's rides on the flying play disc; a
        // round video's fades out with the dot and timer, ours).
        if let recording, !recording.sent || recording.video != nil {
            let disc = Self.recordingDisc(centre: Vec2(369, Self.bottom + shift - 22.5), diameter: VoiceSendFlight.recordingDiameter, alpha: hidden,
                                          text: text, scale: scale, icon: recording.video == nil ? Self.recordingMic : Self.captureIcon)
            scene.nodes.append(BubbleNode(bubbles: [], strokes: [disc.disc]))
            scene.nodes.append(MarksNode(atlas: text.atlas, marks: disc.mic))
        }
    }

    /// A voice message's recording or a round video's capture (chat-types section 3, rule 3; section 4, rule 2): the 10-pt
    /// #ED2521 dot at x 22, the 15-pt timer from x 40; the disc's glyph `mic`, or `videocam` for a capture.
    static let recordingDot = 10.0
    static let recordingDotColor = RGB(hex: "#ED2521") ?? .black
    static let timerStyle = TextStyle(.regular, 15)
    static let recordingMic = "mic"
    static let captureIcon = "videocam"

    /// The recording disc centred at `centre`, `diameter` across (points): #007AFF, its white 24-pt `icon` scaled with it (110 pt: 24), at `alpha`.
    static func recordingDisc(centre: Vec2, diameter: Double, alpha: Double, text: any TextSetting, scale: Double, icon: String = recordingMic)
        -> (disc: BubbleNode.Stroke, mic: [Mark]) {
        let pixels = Vec2(centre.x * scale, centre.y * scale)
        let disc = BubbleNode.Stroke(capsule: Capsule(from: pixels, to: pixels, radius: diameter / 2 * scale), color: discColor, alpha: alpha)
        let icon = text.line(icon, style: icons)
        let size = diameter / VoiceSendFlight.recordingDiameter
        let origin = Vec2(pixels.x - icon.width / 2, pixels.y - icon.height / 2 + icon.ascent)
        return (disc, icon.marks(origin: origin, color: .white, alpha: alpha, scale: size, about: pixels))
    }

    /// The send disc (chat, section 2.3): 33 pt, #007AFF, centred where the mic was.
    static let discColor = RGB(hex: "#007AFF") ?? .black
    static let disc = 33.0

    static func sendDisc(centreX: Double, centreY: Double, scale: Double, alpha: Double = 1) -> Mark {
        Mark(x: (centreX - disc / 2) * scale, y: (centreY - disc / 2) * scale, width: disc * scale, height: disc * scale,
             kind: .roundedRectangle(cornerRadius: disc / 2 * scale), color: discColor, alpha: alpha)
    }

    /// Its white arrow: 2-pt round strokes (11, 14.7) -> (16.5, 9.2) -> (22, 14.7) and (16.5, 9.2) -> (16.5, 24), in the disc's box.
    static func sendArrow(centreX: Double, centreY: Double, scale: Double, alpha: Double = 1) -> [BubbleNode.Stroke] {
        let (left, top) = (centreX - disc / 2, centreY - disc / 2)
        func point(_ x: Double, _ y: Double) -> Vec2 { Vec2((left + x) * scale, (top + y) * scale) }
        return [(point(11, 14.7), point(16.5, 9.2)), (point(16.5, 9.2), point(22, 14.7)), (point(16.5, 9.2), point(16.5, 24))].map {
            BubbleNode.Stroke(capsule: Capsule(from: $0.0, to: $0.1, radius: scale), color: .white, alpha: alpha)
        }
    }
}

extension SceneTag {
    public static let input = SceneTag("input", help: "The chat's input panel: its field, placeholder, attach and mic over glass.")
}
