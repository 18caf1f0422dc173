import CallshadeCore

/// What a voice message's bubble holds besides its body and status
/// (`chat-types.md` section 3, rule 2), as nodes' parts in frame pixels:
/// the play disc (#3FC33B) with its rounded play triangle cut out to the
/// bubble's colour, the waveform's bars (#93D987) and the duration (11 pt
/// #008C09 at 0.8).
enum VoiceBubbleParts {
    static let discColor = RGB(hex: "#3FC33B") ?? .black
    static let barColor = RGB(hex: "#93D987") ?? .black
    static let durationColor = RGB(hex: "#008C09") ?? .black
    static let durationAlpha = 0.8

    /// The play triangle in the 44-pt disc's own points about its centre:
    /// a triangle rounded by 2 pt (ours; the spec gives only its 15 x 18
    /// box, tip right, at the disc's (16, 13)), drawn as the triangle 2 pt
    /// inside that box filled, then the band 2 pt either side of its edge:
    /// together the points within 2 pt of it.
    static let triangleVertices = [Vec2(-4, -7), Vec2(-4, 7), Vec2(7, 0)]
    static let triangleRounding = 2.0

    /// The play disc centred at `centre` (points), `diameter` across, at
    /// `alpha`: its disc as a round stroke, and its triangle (in `fill`, the bubble's colour) to draw over it.
    static func disc(centre: Vec2, diameter: Double, fill: RGB, alpha: Double, scale: Double) -> (disc: BubbleNode.Stroke, triangle: [PlacedShape]) {
        let pixels = Vec2(centre.x * scale, centre.y * scale)
        let disc = BubbleNode.Stroke(capsule: Capsule(from: pixels, to: pixels, radius: diameter / 2 * scale), color: discColor, alpha: alpha)
        let unit = diameter / VoiceBubbleLayout.discDiameter * scale
        let triangle = [0, triangleRounding].map { stroke in
            PlacedShape(geometry: .polygon(triangleVertices), stroke: stroke, centre: pixels, scale: unit, rotation: 0, color: fill, alpha: alpha)
        }
        return (disc, triangle)
    }

    /// The waveform's bars of `bubble` for `clip`, `seconds` after the send
    /// (each grown by `VoiceSendFlight.barGrowth`), at `alpha`: bar j of
    /// height h a 2-wide rect from B - h + 3 to B with 1-pt round caps, or a
    /// 2-pt dot above B when h - 3 <= 2.
    static func bars(_ bubble: VoiceBubbleLayout, clip: VoiceClip?, seconds: Double, alpha: Double, scale: Double) -> [BubbleNode.Stroke] {
        let wave = bubble.waveform
        let heights = clip?.waveform.barHeights(wave.bars) ?? [Double](repeating: 0, count: wave.bars)
        return heights.enumerated().map { bar, full in
            let height = full * VoiceSendFlight.barGrowth(seconds, bar: bar, of: wave.bars)
            let x = (wave.x + VoiceBubbleLayout.barPitch * Double(bar) + 1) * scale
            let bottom = (wave.baseline - 1) * scale
            let top = height - 3 <= 2 ? bottom : (wave.baseline - height + 4) * scale
            return BubbleNode.Stroke(capsule: Capsule(from: Vec2(x, top), to: Vec2(x, bottom), radius: scale), color: barColor, alpha: alpha)
        }
    }

    /// The duration, m:ss of floor(D), its line box's top-left corner at (L + 65, T + 37).
    static func duration(_ bubble: VoiceBubbleLayout, clip: VoiceClip?, text: any TextSetting, alpha: Double, scale: Double) -> [Mark] {
        let line = text.line(clip?.shownDuration ?? "0:00", style: ChatMessageLayout.timeStyle)
        let corner = bubble.durationOrigin
        return line.marks(origin: Vec2(corner.x * scale, corner.y * scale + line.ascent), color: durationColor, alpha: durationAlpha * alpha)
    }

    /// A voice message's disc, triangle, bars and duration where `placed` has
    /// its bubble (chat-types section 3, rule 2), its bars grown as far as the
    /// time since its send takes them, at `alpha`; the disc at `flying` (centre and
    /// diameter, points) when given, else in its place.
    static func parts(_ placed: ChatMessageLayout.Placed, _ voice: ChatMedia.RecordedSend, instant: ChatInstant, text: any TextSetting,
                      scale: Double, alpha: Double, flying: (centre: Vec2, diameter: Double)? = nil)
        -> (strokes: [BubbleNode.Stroke], triangle: [PlacedShape], marks: [Mark]) {
        let bubble = VoiceBubbleLayout(frame: placed.frame)
        let clip = instant.voices[voice.path]
        let fill = placed.message.side == .outgoing ? MessagesElement.green : .white
        let play = Self.disc(centre: flying?.centre ?? bubble.discCentre, diameter: flying?.diameter ?? VoiceBubbleLayout.discDiameter,
                             fill: fill, alpha: flying == nil ? alpha : 1, scale: scale)
        let bars = Self.bars(bubble, clip: clip, seconds: instant.time - voice.sentAt, alpha: alpha, scale: scale)
        return (bars + [play.disc], play.triangle, duration(bubble, clip: clip, text: text, alpha: alpha, scale: scale))
    }
}
