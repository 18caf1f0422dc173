import CallshadeCore

/// The call screen's words as nodes (call-screen-elements, sections 1, 2, 3
/// and 7): where the title, the status line, the weak-signal pill and the
/// back button go, at the layout's scale, set by `text`.
struct CallWords {
    static let title = TextStyle(.regular, 28)
    /// The title while video shows (video-call, section 3).
    static let videoTitle = TextStyle(.medium, 17)
    static let status = TextStyle(.regular, 16)
    static let pill = TextStyle(.regular, 16)
    static let back = TextStyle(.regular, 17)
    /// Material Icons' chevron, sized so its ink is 0.9 x 22 pt tall.
    static let chevron = TextStyle(.icons, 39.6)
    static let chevronName = "chevron_left"
    static let ellipsis = TextFitting.ellipsis

    /// Every text the screen can show for a call with the peer `name`, by
    /// style: what the atlas of a render must hold (the timer's digits it
    /// holds anyway); with `video`, the video call's smaller title too.
    static func texts(name: String, video: Bool = false) -> [TextStyle: [String]] {
        let titles = [name, ellipsis] + EndReason.allCases.map(\.title)
        let texts: [(TextStyle, [String])] = [
            (title, titles),
            (videoTitle, video ? titles : []),
            (status, [CallState.requesting, .ringing, .connecting, .reconnecting].map(WordsTrack.label(of:))),
            (pill, [WordsTrack.pillText]),
            (back, ["Back"]),
            (chevron, [chevronName]),
        ]
        // Styles that are the same (the status line's and the pill's) share one list.
        return Dictionary(texts.filter { !$0.1.isEmpty }, uniquingKeysWith: +)
    }

    let layout: CallLayout
    let text: any TextSetting
    /// The title's top, in pixels: 39 pt below the avatar's bottom.
    private(set) var titleTop: Double
    /// The status line's top: 4 pt below the title's line box.
    private(set) var statusTop: Double
    /// The status line's line box's height, in pixels.
    let statusHeight: Double
    /// The pill's top: 12 pt below the status line's line box.
    private(set) var pillTop: Double
    /// The video call, which moves and fades the words (`CallWords+Video`).
    let video: VideoState

    init(layout: CallLayout, text: any TextSetting, video: VideoState = .none) {
        self.layout = layout
        self.text = text
        self.video = video
        let scale = layout.scale
        titleTop = (layout.avatarTopPoints + CallLayout.avatarPoints + 39) * scale
        statusTop = titleTop + text.line("", style: Self.title).height + 4 * scale
        statusHeight = text.line("", style: Self.status).height
        pillTop = statusTop + statusHeight + 12 * scale
        if video.isShowing { (titleTop, statusTop, pillTop) = videoPlaces(titleTop: titleTop) }
    }

    private var scale: Double { layout.scale }
    private var width: Double { Double(layout.size.width) }

    /// `line` of `value`, end-truncated with an ellipsis to `limit` pixels.
    func truncated(_ value: String, style: TextStyle, limit: Double) -> TextLine {
        text.truncatedLine(value, style: style, limit: limit)
    }

    func titleNode(_ words: WordsState) -> MarksNode {
        if video.isShowing { return videoTitleNode(words) }
        let marks = words.title.flatMap { shown -> [Mark] in
            let line = truncated(shown.content, style: Self.title, limit: width - 32 * scale)
            // Ink that would leave the line box (tall marks, stacks) shrinks the line into it.
            let fit = line.lineBoxFit
            let origin = Vec2((width - line.width * fit) / 2, titleTop + line.ascent)
            return fit < 1 ? line.marks(origin: origin, alpha: shown.alpha, scale: fit, about: origin)
                           : line.marks(origin: origin, alpha: shown.alpha)
        }
        return MarksNode(atlas: text.atlas, marks: marks)
    }

    func statusNode(_ words: WordsState) -> MarksNode {
        MarksNode(atlas: text.atlas, marks: faded(words.status.flatMap(statusMarks)))
    }

    /// One status line's marks: its group centred, scaled about its middle, moved and faded.
    private func statusMarks(_ shown: Shown<StatusLine>) -> [Mark] {
        let top = statusTop + shown.offset * scale
        var marks: [Mark] = []
        var group = 0.0
        let middle = top + statusHeight / 2
        switch shown.content {
        case .waiting(let label, let elapsed):
            let line = text.line(label, style: Self.status)
            group = line.width + (6 + 17) * scale
            let left = (width - group) / 2
            marks = line.marks(origin: Vec2(left, top + line.ascent))
            for dot in 0..<3 {
                let lead = [0.396, 0.198, 0][dot]
                let size = 5 * scale * Self.pulse(elapsed + lead)
                let centre = Vec2(left + line.width + (6 + 2.5 + 6 * Double(dot)) * scale, middle)
                marks.append(Mark(x: centre.x - size / 2, y: centre.y - size / 2, width: size, height: size,
                                  kind: .roundedRectangle(cornerRadius: size / 2)))
            }
        case .active(let timer, let quality):
            let line = text.line(timer, style: Self.status)
            group = (18 + 7) * scale + line.width
            let left = (width - group) / 2
            for bar in 1...4 {
                let height = 3 * Double(bar) * scale
                marks.append(Mark(x: left + Double(bar - 1) * 5 * scale, y: middle + 6 * scale - height, width: 3 * scale, height: height,
                                  kind: .roundedRectangle(cornerRadius: scale), alpha: quality >= Double(bar) / 4 ? 1 : 0.5))
            }
            marks += line.marks(origin: Vec2(left + 25 * scale, top + line.ascent))
        case .ended(let timer):
            guard let timer else { return [] }
            let line = text.line(timer, style: Self.status)
            marks = line.marks(origin: Vec2((width - line.width) / 2, top + line.ascent))
        }
        let anchor = Vec2(width / 2, middle)
        return marks.map { mark in
            var scaled = mark
            if shown.scale != 1 {
                scaled.x = anchor.x + (mark.x - anchor.x) * shown.scale
                scaled.y = anchor.y + (mark.y - anchor.y) * shown.scale
                scaled.width *= shown.scale
                scaled.height *= shown.scale
                if case .roundedRectangle(let radius) = mark.kind { scaled.kind = .roundedRectangle(cornerRadius: radius * shown.scale) }
            }
            scaled.alpha *= shown.alpha
            return scaled
        }
    }

    /// A dot's scale `time` seconds into its pulse: 0.3 -> 1 -> 0.3 over 1.2 s, linear each way.
    static func pulse(_ time: Double) -> Double {
        let phase = time.isFinite ? time - (time / 1.2).rounded(.down) * 1.2 : 0
        return phase < 0.6 ? 0.3 + 0.7 * phase / 0.6 : 1 - 0.7 * (phase - 0.6) / 0.6
    }

    /// The pill's glass and its text, or nothing while it is hidden.
    func pillNodes(_ words: WordsState, backdrop: GradientParameters) -> [any SceneNode] {
        guard let shown = words.pill else { return [] }
        let line = text.line(shown.content, style: Self.pill)
        let height = 30 * scale, pillWidth = line.width + 22 * scale
        let centre = Vec2(width / 2, pillTop + height / 2)
        let glass = GlassNode(x: centre.x - pillWidth * shown.scale / 2, y: centre.y - height * shown.scale / 2,
                              width: pillWidth * shown.scale, height: height * shown.scale, shape: .capsule,
                              backdrop: backdrop, blur: GlassNode.blurPoints * scale, opacity: shown.alpha)
        let origin = Vec2(centre.x - line.width / 2, centre.y - line.height / 2 + line.ascent)
        let words = MarksNode(atlas: text.atlas, marks: line.marks(origin: origin, alpha: shown.alpha, scale: shown.scale, about: centre))
        return [glass, words]
    }

    /// The back button: the chevron's ink at (10, safeTop + 12) pt, "Back" 8 pt after it, centred on it.
    func backNode() -> MarksNode {
        let chevron = text.line(Self.chevronName, style: Self.chevron)
        let back = text.line("Back", style: Self.back)
        guard let ink = chevron.inkBounds, let letters = back.inkBounds else { return MarksNode(atlas: text.atlas, marks: []) }
        let origin = Vec2(10 * scale - ink.left, (CallLayout.safeTop + 12) * scale - ink.top)
        let middle = origin.y + (ink.top + ink.bottom) / 2
        let backOrigin = Vec2(origin.x + ink.right + 8 * scale - letters.left, middle - (letters.top + letters.bottom) / 2)
        let marks = chevron.marks(origin: origin) + back.marks(origin: backOrigin)
        return MarksNode(atlas: text.atlas, marks: video.isShowing ? backMoved(marks, height: max(ink.bottom - ink.top, letters.bottom - letters.top)) : marks)
    }
}
