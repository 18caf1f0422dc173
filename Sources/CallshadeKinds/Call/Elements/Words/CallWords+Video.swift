import CallshadeCore

/// The words with video (video-call, sections 3 and 6): the title goes from
/// 28 pt regular under the avatar to 17 pt medium at safeTop + 2, the old
/// and new text cross-fading (linearly over 0.15 s) while both stretch with
/// the moving frame; the status follows 0 pt below it; the pill stays 12 pt
/// below the status. As the controls hide, the title and the status rise
/// to -8 - their heights and fade, the back button rises by its height + 12
/// and fades, and the pill moves up to safeTop + 2.
extension CallWords {
    /// How far the title's frame has gone to video's, 0...1.
    private var presence: Double { video.presence }

    /// The title's line box's height as it stretches with the frame.
    private var titleHeight: Double {
        let regular = text.line("", style: Self.title).height, medium = text.line("", style: Self.videoTitle).height
        return regular + (medium - regular) * presence
    }

    /// The tops of the title, the status line and the pill, given the title's without video.
    func videoPlaces(titleTop audioTop: Double) -> (title: Double, status: Double, pill: Double) {
        let scale = layout.scale, hidden = video.controlsHidden
        let shownTop = audioTop + ((CallLayout.safeTop + 2) * scale - audioTop) * presence
        let hiddenTop = -(8 * scale + titleHeight + statusHeight)
        let title = shownTop + (hiddenTop - shownTop) * hidden
        let status = title + titleHeight + 4 * scale * (1 - presence)
        let pill = status + statusHeight + 12 * scale
        return (title, status, pill + ((CallLayout.safeTop + 2) * scale - pill) * hidden)
    }

    /// What is left of what fades as the controls hide.
    private var shownAlpha: Double { 1 - video.controlsFade }

    /// `marks` faded as the controls hide.
    func faded(_ marks: [Mark]) -> [Mark] {
        guard video.controlsFade != 0 else { return marks }
        return marks.map { mark in
            var faded = mark
            faded.alpha *= shownAlpha
            return faded
        }
    }

    /// The title with video: each text in both styles, the regular one at
    /// 1 - the cross-fade and the medium one at the cross-fade, both scaled
    /// about the middle of their top to the size the frame has reached.
    func videoTitleNode(_ words: WordsState) -> MarksNode {
        let width = Double(layout.size.width)
        let anchor = Vec2(width / 2, titleTop)
        let ratio = Self.videoTitle.points / Self.title.points
        let styles = [(Self.title, 1 - video.titleChange, 1 + (ratio - 1) * presence),
                      (Self.videoTitle, video.titleChange, 1 / ratio + (1 - 1 / ratio) * presence)]
        let marks = words.title.flatMap { shown in
            styles.flatMap { style, alpha, stretch -> [Mark] in
                guard alpha > 0 else { return [] }
                let line = truncated(shown.content, style: style, limit: width - 32 * layout.scale)
                let origin = Vec2((width - line.width) / 2, titleTop + line.ascent)
                return line.marks(origin: origin, alpha: shown.alpha * alpha * shownAlpha, scale: stretch * line.lineBoxFit, about: anchor)
            }
        }
        return MarksNode(atlas: text.atlas, marks: marks)
    }

    /// The back button's marks risen by its `height` + 12 pt as the controls hide, and faded.
    func backMoved(_ marks: [Mark], height: Double) -> [Mark] {
        let rise = (height + 12 * layout.scale) * video.controlsHidden
        return faded(marks).map { $0.moved(by: Vec2(0, -rise)) }
    }
}
