import CallshadeCore

/// How far each property of one send has gone at an instant (chat,
/// sections 3.2 and 3.5), each 0 -> 1 from the send's instant.
public struct SendProgress: Equatable, Sendable {
    /// The moving shape's left edge (X), bottom edge (Y), width (S_w) and height (S_h).
    public var x: Double, y: Double, width: Double, height: Double
    /// The bubble look's opacity, and the pill look's (1 -> 0); a voice message's bubble fading in (bubbleLook); how far a
    /// round video's capture cover has faded (bubbleLook).
    public var bubbleLook: Double, pillLook: Double
    /// The text copies' position, the bubble copy's opacity and the input copy's (1 -> 0); for an
    /// animated emoji, its animation's opacity (bubbleText) and its glyph copy's (inputText); for a voice message or a
    /// round video, the recording's dot and timer (inputText).
    public var textPosition: Double, bubbleText: Double, inputText: Double
    /// The time and checks (an emoji's pill too; a round video's pills).
    public var status: Double
    /// An emoji's size from the field's glyph (17 pt) to its box (96); a voice message's play disc's size and the
    /// recording disc's fade; a round video's diameter and its capture's last picture's fade.
    public var emojiScale: Double
    /// The rows above rising, and the input panel returning to one line (Y's curve, or yPosition's).
    public var rows: Double
    /// A merged previous bubble's tail fading out (1: gone).
    public var neighbourTail: Double
}

/// The curves of one send (chat, sections 3 and 4): the shipped app's, or
/// the contest editor's block for its kind; pure functions of the seconds
/// since the send.
public struct SendMotion: Equatable, Sendable {
    public let kind: SendKind
    public let animation: ChatAnimationPreset

    public init(kind: SendKind, animation: ChatAnimationPreset) {
        self.kind = kind
        self.animation = animation
    }

    /// The shipped curves (section 3.2).
    static let shippedV = CubicBezierEasing(0.19919, 0.01064, 0.27921, 0.91025)
    static let shippedH = CubicBezierEasing(0.23, 1, 0.32, 1)
    static let easeInOut = CubicBezierEasing.easeInOut

    /// A curve over `duration` seconds from the send.
    static func eased(_ curve: CubicBezierEasing, _ seconds: Double, over duration: Double) -> Double {
        curve.value(seconds / duration)
    }

    /// The contest block a send of this kind follows.
    public var blockName: String {
        switch kind {
        case .small: return "smallMessage"
        case .large: return "bigMessage"
        case .emoji: return "singleEmoji"
        case .sticker: return "sticker"
        case .animatedEmoji: return "singleEmoji"
        case .voice: return "voiceMessage"
        case .roundVideo: return "videoMessage"
        }
    }

    public func progress(_ seconds: Double) -> SendProgress {
        let fades = (bubbleText: Self.eased(Self.easeInOut, seconds, over: 0.08), inputText: 1 - Self.eased(Self.easeInOut, seconds, over: 0.1),
                     tail: Self.eased(Self.easeInOut, seconds, over: 0.42))
        if kind == .voice { return voiceProgress(seconds, tail: fades.tail) }
        if kind == .roundVideo { return roundVideoProgress(seconds, tail: fades.tail) }
        switch animation {
        case .shipped:
            let h = Self.eased(Self.shippedH, seconds, over: 0.3), v = Self.eased(Self.shippedV, seconds, over: 0.3)
            if kind == .sticker || kind == .animatedEmoji {
                // chat-types section 2, rules 2 and 3: size on H, the pill 0.15 s ease-in-out after 0.16 s; an animated
                // emoji's glyph copy fading out over 0.15 s (inputText) as its animation fades in over 0.1 s (bubbleText).
                let pill = Self.eased(Self.easeInOut, min(max(seconds - StickerFlight.pillDelay, 0), StickerFlight.pillFade), over: StickerFlight.pillFade)
                let glyph = kind == .animatedEmoji ? Self.lottieFades(seconds) : (copy: 0, animation: 1)
                return SendProgress(x: h, y: v, width: 1, height: 1, bubbleLook: 1, pillLook: 0, textPosition: 1, bubbleText: glyph.animation,
                                    inputText: glyph.copy, status: pill, emojiScale: h, rows: v, neighbourTail: fades.tail)
            }
            return SendProgress(x: h, y: v, width: h, height: v, bubbleLook: Self.eased(Self.easeInOut, seconds, over: 0.1),
                                pillLook: 1 - Self.eased(Self.easeInOut, seconds, over: 0.15), textPosition: v,
                                bubbleText: fades.bubbleText, inputText: fades.inputText,
                                status: Self.eased(Self.easeInOut, seconds, over: 0.25), emojiScale: v, rows: v, neighbourTail: fades.tail)
        case .editor(let settings):
            let block = settings.block(blockName)
            func p(_ name: String) -> Double { block.window(name).progress(seconds) }
            let y = p("yPosition")
            if kind == .emoji || kind == .sticker || kind == .animatedEmoji {
                let glyph = kind == .animatedEmoji ? Self.lottieFades(seconds) : (copy: 0, animation: 1)
                return SendProgress(x: p("xPosition"), y: y, width: 1, height: 1, bubbleLook: 1, pillLook: 0, textPosition: 1,
                                    bubbleText: glyph.animation, inputText: glyph.copy, status: p("timeAppears"),
                                    emojiScale: p(kind == .sticker ? "stickerScale" : "emojiScale"), rows: y, neighbourTail: fades.tail)
            }
            let shape = p("bubbleShape"), color = p("colorChange")
            return SendProgress(x: p("xPosition"), y: y, width: shape, height: shape, bubbleLook: color, pillLook: 1 - color,
                                textPosition: p("textPosition"), bubbleText: fades.bubbleText, inputText: fades.inputText,
                                status: p("timeAppears"), emojiScale: 1, rows: y, neighbourTail: fades.tail)
        }
    }

    /// A voice message's send (chat-types section 3, rule 4): the play disc's
    /// centre x on H (X) and y on V (Y) over 0.3 s, its size and the
    /// recording disc's fade on H (emojiScale); the rest of the bubble and its
    /// status fading in over 0.2 s easeInOut (bubbleLook, status); the
    /// recording's dot and timer fading out over 0.15 s (inputText). With the
    /// editor's `voiceMessage` block: xPosition and yPosition, the size and fade on xPosition (ours).
    func voiceProgress(_ seconds: Double, tail: Double) -> SendProgress {
        let (x, y): (Double, Double)
        switch animation {
        case .shipped: (x, y) = (Self.eased(Self.shippedH, seconds, over: 0.3), Self.eased(Self.shippedV, seconds, over: 0.3))
        case .editor(let settings):
            let block = settings.block(blockName)
            (x, y) = (block.window("xPosition").progress(seconds), block.window("yPosition").progress(seconds))
        }
        let bubble = Self.eased(Self.easeInOut, seconds, over: VoiceSendFlight.bubbleFade)
        return SendProgress(x: x, y: y, width: 1, height: 1, bubbleLook: bubble, pillLook: 0, textPosition: 1, bubbleText: 1,
                            inputText: 1 - Self.eased(Self.easeInOut, seconds, over: VoiceSendFlight.recordingFade), status: bubble,
                            emojiScale: x, rows: y, neighbourTail: tail)
    }

    /// A round video's send (chat-types section 4, rule 3): the circle's
    /// centre x on V (X) and y on H (Y), swapped as in Telegram's code, its
    /// diameter and the capture's last frame's fade on H (emojiScale); the
    /// pills fading in over 0.15 s easeInOut after 0.18 s (status); the
    /// capture's cover fading out over 0.22 s easeInOut (bubbleLook: how far
    /// it has gone); the dot and timer over 0.15 s (inputText). With the
    /// editor's `videoMessage` block: xPosition and yPosition (not swapped),
    /// the diameter on xPosition, the pills on timeAppears.
    func roundVideoProgress(_ seconds: Double, tail: Double) -> SendProgress {
        let (x, y, size, pills): (Double, Double, Double, Double)
        switch animation {
        case .shipped:
            let h = Self.eased(Self.shippedH, seconds, over: 0.3), v = Self.eased(Self.shippedV, seconds, over: 0.3)
            let delay = RoundVideoFlight.pillsDelay, fade = RoundVideoFlight.pillsFade
            (x, y, size, pills) = (v, h, h, Self.eased(Self.easeInOut, min(max(seconds - delay, 0), fade), over: fade))
        case .editor(let settings):
            let block = settings.block(blockName)
            let across = block.window("xPosition").progress(seconds)
            (x, y, size, pills) = (across, block.window("yPosition").progress(seconds), across, block.window("timeAppears").progress(seconds))
        }
        let rows = animation.settings == nil ? Self.eased(Self.shippedV, seconds, over: 0.3) : y
        return SendProgress(x: x, y: y, width: 1, height: 1, bubbleLook: Self.eased(Self.easeInOut, seconds, over: RoundVideoFlight.coverFade),
                            pillLook: 0, textPosition: 1, bubbleText: 1,
                            inputText: 1 - Self.eased(Self.easeInOut, seconds, over: VoiceSendFlight.recordingFade), status: pills,
                            emojiScale: size, rows: rows, neighbourTail: tail)
    }

    /// How long the message flies (seconds): until its last track ends; the neighbour's tail may fade on after it.
    public var flight: Double {
        switch animation {
        case .shipped where kind == .roundVideo: return RoundVideoFlight.pillsDelay + RoundVideoFlight.pillsFade
        case .shipped: return kind == .sticker || kind == .animatedEmoji ? StickerFlight.pillDelay + StickerFlight.pillFade : 0.3
        case .editor(let settings) where kind == .voice || kind == .roundVideo:
            return max(settings.block(blockName).properties.map(\.window.endSeconds).max() ?? 0.5, VoiceSendFlight.bubbleFade)
        case .editor(let settings):
            let block = settings.block(blockName)
            return block.properties.map(\.window.endSeconds).max() ?? 0.5
        }
    }

    /// An animated emoji's glyph copy (1 -> 0 over 0.15 s ease-in-out) and its animation (0 -> 1 over 0.1 s), chat-types section 2, rule 3.
    static func lottieFades(_ seconds: Double) -> (copy: Double, animation: Double) {
        (1 - eased(easeInOut, seconds, over: 0.15), eased(easeInOut, seconds, over: 0.1))
    }

    /// The neighbour's tail fade (ours: as shipped, 0.42 s ease-in-out, under either model).
    public static let tailFade = 0.42
}
