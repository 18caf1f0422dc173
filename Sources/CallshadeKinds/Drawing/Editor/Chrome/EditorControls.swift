import CallshadeCore

/// The editor screen's controls at an instant (`editor.md` sections 1 to 3):
/// the top bar (Undo, Clear All, Zoom Out), the Draw / Text control and
/// its morph into the weight slider with its knob, the size preview, the
/// colour button, Add, Cancel and Done. Each is vector shapes (and glyph
/// marks for labels) in points, placed by the frame's scale.
struct EditorControls {
    let timeline: EditorChromeTimeline
    let frame: EditorFrame
    let time: Double
    let text: (any TextSetting)?

    static let regular17 = TextStyle(.regular, 17), regular13 = TextStyle(.regular, 13), bold13 = TextStyle(.bold, 13)
    static let glass = RGB(bytes: 0x88, 0x88, 0x88), glassAlpha = 0.3
    static let ring: [ShapePaintStop] = zip([0, 0.15, 0.3, 0.45, 0.6, 0.75, 0.9, 1.0],
                                            [(0xE1, 0x56, 0x4C), (0xAD, 0x4D, 0xC9), (0x57, 0x9F, 0xF2), (0x4F, 0xCB, 0xD0), (0x80, 0xE6, 0x55),
                                             (0xDA, 0xD1, 0x38), (0xE5, 0x96, 0x45), (0xE1, 0x56, 0x4C)])
        .map { ShapePaintStop($0, RGB(bytes: $1.0, $1.1, $1.2)) }
    /// The ring's start: 5.71 degrees below +x.
    static let ringStart = 5.71 * Double.pi / 180
    static let iconStroke = 5.0 / 6

    var tracks: EditorChromeTracks { timeline.tracks }
    var width: Double { EditorLayout.width }
    var top: Double { EditorLayout.topInset }
    var bottom: Double { frame.height - EditorLayout.bottomInset }
    /// The screen in: entry and exit.
    var shown: Double { tracks.screen.value(at: time) }

    /// A shape about `centre` (pt) in units of `unit` pt.
    func shape(_ geometry: PlacedShape.Geometry, at centre: Vec2, unit: Double = 1, stroke: Double = 0, colour: RGB = .white, alpha: Double = 1,
               paint: ShapePaint = .solid, softness: Double = 0) -> PlacedShape {
        PlacedShape(geometry: geometry, stroke: stroke, centre: centre * frame.scale, scale: unit * frame.scale, rotation: 0, color: colour,
                    alpha: min(max(alpha, 0), 1), paint: paint, softness: softness * frame.scale)
    }

    /// A label's marks: `words` in `style`, its line box's middle at `y` (pt), its left at `left` (pt), scaled about `anchor` (pt).
    func label(_ words: String, style: TextStyle, left: Double, y: Double, alpha: Double, scale: Double = 1, anchor: Vec2 = Vec2(0, 0)) -> [Mark] {
        guard let text, alpha > 0 else { return [] }
        let line = text.line(words, style: style)
        let baseline = y * frame.scale + (line.ascent - line.descent) / 2
        return line.marks(origin: Vec2(left * frame.scale, baseline), alpha: min(alpha, 1), scale: scale, about: anchor * frame.scale)
    }

    /// A label's width, pt.
    func labelWidth(_ words: String, style: TextStyle) -> Double {
        (text?.line(words, style: style).width ?? 0) / frame.scale
    }

    static func lines(_ points: [(Double, Double, Double, Double)], about centre: Vec2, arc: ShapeArc? = nil) -> PlacedShape.Geometry {
        .lines(points.map { .init(Vec2($0.0, $0.1) - centre, Vec2($0.2, $0.3) - centre) }, arc: arc.map {
            ShapeArc(centre: $0.centre - centre, radius: $0.radius, start: $0.start, sweep: $0.sweep)
        })
    }

    // MARK: the top bar (section 2.1)

    func topBar() -> (shapes: [PlacedShape], marks: [Mark]) {
        let enabled = 0.3 + 0.7 * tracks.enabled.value(at: time)
        let undo = Self.lines([(8, 4.5, 4.25, 8.25), (4.25, 8.25, 8, 12), (4.25, 8.25, 16.25, 8.25), (16.25, 20.25, 4.25, 20.25)], about: Vec2(12, 12),
                              arc: ShapeArc(centre: Vec2(16.25, 14.25), radius: 6, start: -Double.pi / 2, sweep: Double.pi))
        let grow = 0.01 + 0.99 * shown
        var shapes = [shape(undo, at: Vec2(24, top + 31), unit: grow, stroke: Self.iconStroke, alpha: enabled * shown)]
        let clearWidth = labelWidth("Clear All", style: Self.regular17)
        var marks = label("Clear All", style: Self.regular17, left: width - 13 - clearWidth, y: top + 31, alpha: enabled * shown, scale: grow,
                          anchor: Vec2(width - 13 - clearWidth / 2, top + 31))
        // Zoom Out: the icon, 2 pt, the words, the pair centred; shown while zoomed in (scale 0.01 to 1 and alpha, 0.2 s).
        let zoomed = tracks.zoomOut.value(at: time)
        if zoomed > 0 {
            let words = labelWidth("Zoom Out", style: Self.regular17), pair = 24 + 2 + words
            let left = width / 2 - pair / 2, y = top + 32 - 1.0 / 3, centre = Vec2(width / 2, y), scale = 0.01 + 0.99 * zoomed
            let icon = Self.lines([(4.5, 4.5, 10.5, 10.5), (10.5, 5, 10.5, 10.5), (10.5, 10.5, 5, 10.5),
                                   (19.5, 19.5, 13.5, 13.5), (13.5, 19, 13.5, 13.5), (13.5, 13.5, 19, 13.5)], about: Vec2(12, 12))
            let iconCentre = centre + (Vec2(left + 12, y) - centre) * scale
            shapes.append(shape(icon, at: iconCentre, unit: scale, stroke: Self.iconStroke, alpha: zoomed * shown))
            marks += label("Zoom Out", style: Self.regular17, left: left + 26, y: y, alpha: zoomed * shown, scale: scale, anchor: centre)
        }
        return (shapes, marks)
    }

    // MARK: the Draw / Text control and the weight slider (section 2.3)

    /// The control's box: x 57...W - 57, y H - sB - 41...H - sB - 9.
    var controlLeft: Double { 57 }
    var controlWidth: Double { width - 114 }
    var controlTop: Double { bottom - 41 }

    /// The tool whose slider the control is (the selected one).
    var sliderTool: EditorTool { timeline.selected(at: time) }

    /// The control's outline about its box's corner: its capsule (circles r 16 at 16 and w - 16) morphing to the wedge (r 2 at 2, r 11.5 at w - 11.5).
    var controlOutline: PlacedShape.Geometry {
        let m = tracks.morph.value(at: time), w = controlWidth
        return .taperedCapsule(TaperedCapsule(from: Vec2(16 + (2 - 16) * m, 16), to: Vec2(w - 16 + 4.5 * m, 16), startRadius: 16 - 14 * m,
                                              endRadius: 16 - 4.5 * m))
    }

    /// The control's parts: its tinted outline and the pill (or knob) with its shadow, apart so that one
    /// may be kept while the other moves; and its labels.
    func control() -> (outline: [PlacedShape], pill: [PlacedShape], marks: [Mark]) {
        let m = tracks.morph.value(at: time), knob = tracks.knob.value(at: time), alpha = shown
        let w = controlWidth, origin = Vec2(controlLeft, controlTop)
        let outline = [shape(controlOutline, at: origin, colour: Self.glass, alpha: Self.glassAlpha * alpha)]
        // The pill (inset 2, radius 14, over the selected half) morphing into the knob (a 28 disc at 12 + (w - 24) size).
        let half = tracks.pill.value(at: time)
        let pillLeft = 2 + half * w / 2, pillRight = w / 2 - 2 + half * w / 2
        let knobX = 12 + (w - 24) * timeline.size(of: sliderTool, at: time)
        let left = pillLeft + (knobX - 14 - pillLeft) * m, right = pillRight + (knobX + 14 - pillRight) * m
        let body = PlacedShape.Geometry.rectangle(RoundedRectangle(x: left, y: 2, width: right - left, height: 28, cornerRadius: 14))
        let shadowAlpha = 0.12 + (0.3 - 0.12) * m, shadowDrop = 3 * (1 - m), shadowSigma = 3 + 1.5 * m
        let pill = [shape(body, at: origin + Vec2(0, shadowDrop), colour: .black, alpha: shadowAlpha * alpha, softness: shadowSigma),
                    shape(body, at: origin, colour: .white, alpha: (0.2 + 0.8 * knob) * alpha)]
        // The labels, the selected one Bold (a crossfade as the pill moves), hidden while focused.
        let shownLabels = (1 - knob) * alpha
        var marks: [Mark] = []
        for (index, words) in ["Draw", "Text"].enumerated() {
            let selected = index == 0 ? 1 - half : half
            for (style, share) in [(Self.bold13, selected), (Self.regular13, 1 - selected)] where share > 0 {
                let centre = controlLeft + w / 4 + Double(index) * w / 2
                marks += label(words, style: style, left: centre - labelWidth(words, style: style) / 2, y: controlTop + 16, alpha: shownLabels * share)
            }
        }
        return (outline, pill, marks)
    }

    // MARK: the size preview (section 2.3)

    func sizePreview(placement: CanvasPlacement, canvas: FrameSize, zoom: Double) -> [PlacedShape] {
        let alpha = tracks.preview.value(at: time)
        guard alpha > 0 else { return [] }
        let d = (2 + 26 * timeline.size(of: sliderTool, at: time)) * zoom
        let centre = (placement.offset + Vec2(Double(canvas.width), Double(canvas.height)) * (placement.scale / 2)) * (1 / frame.scale)
        let disc = PlacedShape.Geometry.ellipse(a: d / 2, b: d / 2)
        return [
            shape(disc, at: centre + Vec2(0, 0.03 * d), colour: .black, alpha: 0.5 * alpha, softness: 0.1 * d),
            shape(disc, at: centre, colour: .white, alpha: alpha),
            shape(.ellipse(a: d / 2 - d / 200, b: d / 2 - d / 200), at: centre, stroke: d / 200, colour: RGB(bytes: 0x91, 0x91, 0x91), alpha: alpha),
        ]
    }

    // MARK: the glass (section 2)

    /// Add's glass disc (33 pt across): its centre (pt), scale and opacity.
    var addDisc: (geometry: PlacedShape.Geometry, centre: Vec2, scale: Double, alpha: Double) {
        let scale = 0.01 + 0.99 * tracks.add.value(at: time) * (0.01 + 0.99 * shown)
        return (.ellipse(a: 16.5, b: 16.5), Vec2(width - 25, bottom - 73), scale, tracks.add.value(at: time) * shown)
    }

    /// The glass under the control's and Add's tints: a Gaussian (sigma 10 pt) of the canvas as drawn, in their shapes.
    /// Its area is the control's box and Add's at rest, so that the blur
    /// stays as they morph, hide and come back (`FrostedGlassNode.area`).
    func glass() -> FrostedGlassNode {
        let add = addDisc
        let left = controlLeft, top = add.centre.y - 16.5, right = width - 8.5, bottom = controlTop + 32
        func pixel(_ points: Double, _ rounding: FloatingPointRoundingRule) -> Int { Int((points * frame.scale).rounded(rounding)) }
        let x = pixel(left - 1, .down), y = pixel(top - 1, .down)
        let area = PixelRect(x: x, y: y, width: pixel(right + 1, .up) - x, height: pixel(bottom + 1, .up) - y)
        return FrostedGlassNode(shapes: [shape(controlOutline, at: Vec2(controlLeft, controlTop), alpha: shown),
                                         shape(add.geometry, at: add.centre, unit: add.scale, alpha: add.alpha)],
                                sigma: 10 * frame.scale, area: area)
    }

    // MARK: the colour button, Add, Cancel and Done (sections 2.4 and 2.5)

    func buttons() -> [PlacedShape] {
        var shapes: [PlacedShape] = []
        let y = bottom - 73, grow = 0.01 + 0.99 * shown
        let colourShown = tracks.colourButton.value(at: time) * shown
        if colourShown > 0 {
            let scale = 0.01 + 0.99 * tracks.colourButton.value(at: time) * grow
            let colour = timeline.colour(of: timeline.selected(at: time), at: time)
            shapes.append(shape(.ellipse(a: 9.5, b: 9.5), at: Vec2(25, y), unit: scale, colour: colour, alpha: colourShown))
            shapes.append(shape(.ellipse(a: 15, b: 15), at: Vec2(25, y), unit: scale, stroke: 1.5, alpha: colourShown,
                                paint: .conic(Self.ring, start: Self.ringStart)))
        }
        let add = addDisc
        if add.alpha > 0 {
            shapes.append(shape(add.geometry, at: add.centre, unit: add.scale, colour: Self.glass, alpha: Self.glassAlpha * add.alpha))
            shapes.append(shape(Self.lines([(-7, 0, 7, 0), (0, -7, 0, 7)], about: Vec2(0, 0)), at: add.centre, unit: add.scale, stroke: 1,
                                alpha: add.alpha))
        }
        // Cancel: its "x" turning into "<" while focused; Done from scale 0.1, 12 pt right, at the entry.
        let low = bottom - 24 - 1.0 / 3, c = tracks.cancel.value(at: time)
        func mix(_ a: (Double, Double, Double, Double), _ b: (Double, Double, Double, Double)) -> (Double, Double, Double, Double) {
            (a.0 + (b.0 - a.0) * c, a.1 + (b.1 - a.1) * c, a.2 + (b.2 - a.2) * c, a.3 + (b.3 - a.3) * c)
        }
        let cross = Self.lines([mix((-5, -5, 5, 5), (2.5, -6, -3.5, 0)), mix((-5, 5, 5, -5), (2.5, 6, -3.5, 0))], about: Vec2(0, 0))
        shapes.append(shape(.ellipse(a: 15.65, b: 15.65), at: Vec2(25, low), unit: grow, stroke: 0.85, alpha: shown))
        shapes.append(shape(cross, at: Vec2(25, low), unit: grow, stroke: 1, alpha: shown))
        let doneScale = 0.1 + 0.9 * shown, doneAt = Vec2(width - 25 + 12 * (1 - shown), low)
        shapes.append(shape(.ellipse(a: 15.5, b: 15.5), at: doneAt, unit: doneScale, stroke: 0.75, alpha: shown))
        shapes.append(shape(Self.lines([(10.5, 17, 14.5, 21), (14.5, 21, 22.5, 12)], about: Vec2(16.5, 16.5)), at: doneAt, unit: doneScale, stroke: 1,
                            alpha: shown))
        return shapes
    }
}
