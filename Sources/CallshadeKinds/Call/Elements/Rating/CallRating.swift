import CallshadeCore
import Foundation

/// Rating the call (call-screen-elements, section 8, ours) as nodes: in the
/// buttons' place a glass Close button (W - 88 pt wide, 56 high, radius 12,
/// "Close" 17 pt semibold) whose white fill, the text cut out of it, drains
/// from left to right over 5 s, leaving glass with white text; above it,
/// its bottom 16 pt higher, a glass rating panel (W - 88 wide, radius 20)
/// with "Rate This Call", "Please rate the quality of this call." and five
/// stars 42 pt across, 8.5 pt apart. Both come in with a spring (0.4 s),
/// scaling from 0.5 and fading in.
///
/// A rating fills stars 1..N 0.05 s apart, each pulsing 1 -> 1.15 -> 1 over
/// 0.25 s; a burst of 12 sparkles flies out of the chosen star, slows and
/// fades within 0.6 s, clipped to the panel; for 4 or 5 stars the
/// full-screen effect (`Celebration`) starts from it.
///
/// My choices where the spec gives none: the panel's padding (20 pt above
/// and below, 4 pt between the title and the text, 16 pt above the stars),
/// the stars' em (1.2 x 42 pt, so that Material's star, 20/24 of its em,
/// is 42 pt across), the sparkles' reach (28 to 52 pt).
struct CallRating {
    static let title = TextStyle(.semibold, 16)
    static let body = TextStyle(.regular, 16)
    static let close = TextStyle(.semibold, 17)
    static let star = TextStyle(.icons, 42 * 1.2)
    /// The particles' star: a picture scaled to each particle's size.
    static let particleStar = TextStyle(.icons, 16)
    static let titleText = "Rate This Call"
    static let bodyText = "Please rate the quality of this call."
    static let closeText = "Close"
    static let starGap = 8.5
    static let starSide = 42.0
    static let sparkleDomain: UInt64 = 0x5_9A4C_1E5B_0057

    static func texts() -> [TextStyle: [String]] {
        [title: [titleText], body: [bodyText], close: [closeText], star: ["star", "star_border"], particleStar: ["star"]]
    }

    let layout: CallLayout
    let setter: any TextSetting

    private var scale: Double { layout.scale }
    private var width: Double { min(layout.widthPoints - 88, 400) * scale }
    private var left: Double { (Double(layout.size.width) - width) / 2 }

    /// The Close button's rectangle, in pixels: where the buttons were.
    var closeFrame: (x: Double, y: Double, width: Double, height: Double) {
        (left, (layout.heightPoints - CallButtons.safeBottom - 52 - 56) * scale, width, 56 * scale)
    }

    private var bodyLines: [TextLine] {
        setter.wrappedLines(Self.bodyText, style: Self.body, limit: width - 32 * scale, maximum: 3)
    }

    typealias Frame = (x: Double, y: Double, width: Double, height: Double)

    /// The panel's rectangle, in pixels, for its text's `lines` (worked out once a frame).
    func panelFrame(lines: Int) -> Frame {
        let height = (20 + 4 + 16 + Self.starSide + 20) * scale + setter.line("", style: Self.title).height
            + Double(lines) * setter.line("", style: Self.body).height
        return (left, closeFrame.y - 16 * scale - height, width, height)
    }

    /// The panel's rectangle, its text set anew.
    var panelFrame: Frame { panelFrame(lines: bodyLines.count) }

    /// Star `index`'s (0...4) centre in `panel`, in pixels.
    func starCentre(_ index: Int, in panel: Frame) -> Vec2 {
        let step = (Self.starSide + Self.starGap) * scale
        return Vec2(panel.x + panel.width / 2 + Double(index - 2) * step, panel.y + panel.height - (20 + Self.starSide / 2) * scale)
    }

    /// The panel, the Close button, the stars and the burst, at `state`.
    func nodes(_ state: RatingState, backdrop: GradientParameters) -> [any SceneNode] {
        let coming = Spring.standard(0.4).progress(state.sinceRequest)
        let size = 0.5 + 0.5 * coming, alpha = coming
        guard alpha > 0 else { return [] }
        var nodes: [any SceneNode] = []
        // The panel (its text set once).
        let lines = bodyLines
        let panel = panelFrame(lines: lines.count)
        let panelCentre = Vec2(panel.x + panel.width / 2, panel.y + panel.height / 2)
        nodes.append(GlassNode(x: panelCentre.x - panel.width * size / 2, y: panelCentre.y - panel.height * size / 2,
                               width: panel.width * size, height: panel.height * size, shape: .roundedRectangle(cornerRadius: 20 * scale * size),
                               backdrop: backdrop, blur: GlassNode.blurPoints * scale, opacity: alpha))
        var marks: [Mark] = []
        func centred(_ line: TextLine, top: Double) {
            marks += line.marks(origin: Vec2(panelCentre.x - line.width / 2, top + line.ascent), alpha: alpha, scale: size, about: panelCentre)
        }
        var top = panel.y + 20 * scale
        let title = setter.line(Self.titleText, style: Self.title)
        centred(title, top: top)
        top += title.height + 4 * scale
        for line in lines {
            centred(line, top: top)
            top += line.height
        }
        // The stars: outlines, filled one after another as rated, each with its pulse.
        let fills = (0..<state.stars).map { Double($0) * RatingTrack.starStagger }
        for index in 0..<5 {
            let since = index < fills.count ? (state.sinceRating ?? -1) - fills[index] : -1
            let line = setter.line(since >= 0 ? "star" : "star_border", style: Self.star)
            guard let ink = line.inkBounds else { continue }
            let centre = starCentre(index, in: panel)
            let pulse = since >= 0 ? 1 + 0.15 * sin(Double.pi * min(since / RatingTrack.pulseSeconds, 1)) : 1
            let origin = Vec2(centre.x - (ink.left + ink.right) / 2, centre.y - (ink.top + ink.bottom) / 2)
            marks += line.marks(origin: origin, alpha: alpha).map { $0.scaled(by: pulse, about: centre).scaled(by: size, about: panelCentre) }
        }
        nodes.append(MarksNode(atlas: setter.atlas, marks: marks))
        if state.stars > 0, let since = state.sinceRating, since < RatingTrack.burstSeconds {
            nodes.append(burst(around: starCentre(state.stars - 1, in: panel), since: since, seed: state.seed, clippedTo: panel))
        }
        nodes += closeNodes(state, size: size, alpha: alpha, backdrop: backdrop)
        return nodes
    }

    /// 12 sparkles (white dots and four-point stars, 2 to 5 pt) flying out
    /// of `centre`, slowing and fading over 0.6 s, clipped to the panel.
    func burst(around centre: Vec2, since: Double, seed: Int64, clippedTo panel: Frame) -> MarksNode {
        let random = CounterRandom(seed: seed, domain: Self.sparkleDomain)
        let progress = min(max(since / RatingTrack.burstSeconds, 0), 1)
        let out = 1 - (1 - progress) * (1 - progress)
        var marks: [Mark] = []
        for index in 0..<12 {
            let direction = 2 * Double.pi * (Double(index) + 0.6 * random.unit(UInt64(index), 0)) / 12
            let reach = (28 + 24 * random.unit(UInt64(index), 1)) * scale * out
            let side = (2 + 3 * random.unit(UInt64(index), 2)) * scale
            let at = Vec2(centre.x + cos(direction) * reach, centre.y + sin(direction) * reach)
            let alpha = 1 - progress
            if index % 2 == 0 {
                marks.append(Mark(x: at.x - side / 2, y: at.y - side / 2, width: side, height: side, kind: .roundedRectangle(cornerRadius: side / 2),
                                  alpha: alpha))
            } else {
                // A four-point star: two thin bars crossed, turning a quarter over the burst.
                let turn = 2 * Double.pi * random.unit(UInt64(index), 3) + progress * Double.pi / 2
                for bar in 0..<2 {
                    marks.append(Mark(x: at.x - side / 2, y: at.y - side / 8, width: side, height: side / 4,
                                      kind: .roundedRectangle(cornerRadius: side / 8), alpha: alpha, angle: turn + Double(bar) * Double.pi / 2))
                }
            }
        }
        let clip = PixelRect(x: Int(panel.x.rounded(.up)), y: Int(panel.y.rounded(.up)),
                             width: Int((panel.x + panel.width).rounded(.down)) - Int(panel.x.rounded(.up)),
                             height: Int((panel.y + panel.height).rounded(.down)) - Int(panel.y.rounded(.up)))
        return MarksNode(atlas: setter.atlas, marks: marks, clip: clip)
    }

    /// The Close button: glass; the white fill, cut a slice a letter with the
    /// letter cut out, right of the draining edge; the white text left of it.
    func closeNodes(_ state: RatingState, size: Double, alpha: Double, backdrop: GradientParameters) -> [any SceneNode] {
        let button = closeFrame
        let centre = Vec2(button.x + button.width / 2, button.y + button.height / 2)
        var nodes: [any SceneNode] = [GlassNode(x: centre.x - button.width * size / 2, y: centre.y - button.height * size / 2,
                                                 width: button.width * size, height: button.height * size,
                                                 shape: .roundedRectangle(cornerRadius: 12 * scale * size), backdrop: backdrop,
                                                 blur: GlassNode.blurPoints * scale, opacity: alpha)]
        let line = setter.line(Self.closeText, style: Self.close)
        let letters = line.marks(origin: Vec2(centre.x - line.width / 2, centre.y - line.height / 2 + line.ascent))
        let drained = button.x + button.width * min(max(state.sinceRequest / RatingTrack.closeDrainSeconds, 0), 1)
        // The fill: slices with whole-pixel edges between the letters (each holds one letter), from the draining edge on.
        let shape = RoundedRectangle(x: button.x, y: button.y, width: button.width, height: button.height, cornerRadius: 12 * scale)
        var edges = [(button.x - 1).rounded(.down)]
        for (a, b) in zip(letters, letters.dropFirst()) { edges.append(((a.x + a.width + b.x) / 2).rounded()) }
        edges.append((button.x + button.width + 1).rounded(.up))
        var fill: [Mark] = []
        for (index, letter) in letters.enumerated() where edges[index + 1] > drained {
            guard case .glyph(let image) = letter.kind else { continue }
            let from = max(edges[index], drained)
            let cut = Mark.CutOut(innerRadius: 0, image: image, x: letter.x, y: letter.y, width: letter.width, height: letter.height, shape: shape)
            fill.append(Mark(x: from, y: button.y - 1, width: edges[index + 1] - from, height: button.height + 2, kind: .cutOut(cut),
                             alpha: alpha).scaled(by: size, about: centre))
        }
        if !fill.isEmpty { nodes.append(MarksNode(atlas: setter.atlas, marks: fill)) }
        // The text where the fill has drained away.
        if drained > button.x {
            let clip = PixelRect(x: Int(button.x.rounded(.down)), y: Int(button.y.rounded(.down)),
                                 width: max(0, Int(drained.rounded()) - Int(button.x.rounded(.down))), height: Int(button.height.rounded(.up)) + 1)
            nodes.append(MarksNode(atlas: setter.atlas, marks: letters.map { var mark = $0; mark.alpha = alpha; return mark.scaled(by: size, about: centre) },
                                   clip: clip))
        }
        return nodes
    }

    /// The full-screen effect's particles at `state`, drawn as marks: stars
    /// (Material's star, its picture scaled to each one's size), circles and
    /// streamers (rounded bars a quarter as wide as long), each turned.
    func celebrationNode(_ state: RatingState) -> MarksNode? {
        guard state.stars >= 4, let since = state.sinceRating, since < Celebration.seconds else { return nil }
        let effect = Celebration(seed: state.seed, origin: starCentre(state.stars - 1, in: panelFrame), scale: scale, palette: state.colors)
        let star = setter.line("star", style: Self.particleStar)
        let picture = star.marks(origin: Vec2(0, 0)).first
        let ink = star.inkBounds
        var marks: [Mark] = []
        for particle in effect.particles(at: since) {
            let half = particle.size / 2
            switch particle.kind {
            case .circle:
                marks.append(Mark(x: particle.centre.x - half, y: particle.centre.y - half, width: particle.size, height: particle.size,
                                  kind: .roundedRectangle(cornerRadius: half), color: particle.colour, alpha: particle.alpha))
            case .streamer:
                marks.append(Mark(x: particle.centre.x - half, y: particle.centre.y - particle.size / 8, width: particle.size,
                                  height: particle.size / 4, kind: .roundedRectangle(cornerRadius: particle.size / 8), color: particle.colour,
                                  alpha: particle.alpha, angle: particle.angle))
            case .star:
                guard let picture, let ink else { continue }
                // The picture scaled so that its ink is the particle's size, the ink's middle on the particle's centre.
                let factor = particle.size / max(ink.right - ink.left, ink.bottom - ink.top, 1e-9)
                let middle = Vec2((ink.left + ink.right) / 2, (ink.top + ink.bottom) / 2)
                marks.append(Mark(x: particle.centre.x + (picture.x - middle.x) * factor, y: particle.centre.y + (picture.y - middle.y) * factor,
                                  width: picture.width * factor, height: picture.height * factor, kind: picture.kind,
                                  color: particle.colour, alpha: particle.alpha, angle: particle.angle))
            }
        }
        return MarksNode(atlas: setter.atlas, marks: marks)
    }
}
