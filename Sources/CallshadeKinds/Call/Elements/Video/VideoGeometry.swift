import CallshadeCore

/// Where the video call's pictures and backdrop go on a layout (video-call,
/// sections 2, 3 and 5), in frame pixels: the avatar's square, the full
/// screen with the phone's corners and the fill-or-fit rule, and the
/// picture in picture's box at its corner with its insets; each picture's
/// frame is the weighted mean of its places'.
struct VideoGeometry {
    /// The phone's corner radius on a 390 pt-wide screen, scaled with the points width.
    static let screenCornerPoints = 47.333
    static let referenceWidthPoints = 390.0
    /// Fill (crop) rather than fit when the screen's and the video's aspects differ by less than this.
    static let fillTolerance = 0.15
    static let pipCornerPoints = 18.0
    /// The picture in picture's square box: shown, and hidden controls.
    static let pipBoxPoints = (shown: 240.0, hidden: 140.0)
    static let pipSideInset = 12.0
    /// Below safeTop with the controls shown.
    static let pipTopInset = 60.0
    static let pipBottomGap = 12.0
    static let safeBottom = CallButtons.safeBottom
    /// The shadows' depth.
    static let shadowPoints = 200.0

    let layout: CallLayout
    let inputs: VideoInputs
    /// How far the controls have hidden, 0...1.
    let controlsHidden: Double
    /// The picture in picture's position across its inset rectangle.
    let pipPosition: Vec2
    /// The notices on screen (the picture in picture keeps above them).
    let notices: [ShownNotice]

    private var scale: Double { layout.scale }

    /// The whole screen with the phone's corners.
    var screen: RoundedRectangle { Self.screen(layout) }

    /// The avatar's 136 pt square about its centre, its corners making it a circle.
    var avatarSquare: RoundedRectangle { Self.avatarSquare(layout) }

    /// The whole screen of `layout` with the phone's corners (47.333 pt on 390 pt, scaled with the points width).
    static func screen(_ layout: CallLayout) -> RoundedRectangle {
        RoundedRectangle(x: 0, y: 0, width: Double(layout.size.width), height: Double(layout.size.height),
                         cornerRadius: screenCornerPoints * layout.widthPoints / referenceWidthPoints * layout.scale)
    }

    /// The square of `side` pixels (136 pt by default) about the avatar's
    /// centre of `layout`, its corners making it a circle (radius 68 pt):
    /// where the first video grows from.
    static func avatarSquare(_ layout: CallLayout, side: Double? = nil) -> RoundedRectangle {
        let side = side ?? CallLayout.avatarPoints * layout.scale, centre = layout.centre
        return RoundedRectangle(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side, cornerRadius: side / 2)
    }

    /// A rectangle of `aspect` centred in `frame`, covering it (fill) or inside it (fit).
    static func centred(aspect: Double, in frame: RoundedRectangle, fill: Bool) -> RoundedRectangle {
        let frameAspect = frame.width / frame.height
        let wide = aspect > frameAspect
        let (w, h) = wide == fill ? (frame.height * aspect, frame.height) : (frame.width, frame.width / aspect)
        return RoundedRectangle(x: frame.x + (frame.width - w) / 2, y: frame.y + (frame.height - h) / 2, width: w, height: h, cornerRadius: 0)
    }

    /// The full-screen picture's rectangle for a picture of `aspect`: fit in
    /// the screen, or fill it when the aspects differ by less than 0.15.
    func fullScreenContent(aspect: Double) -> RoundedRectangle {
        let screen = screen
        return Self.centred(aspect: aspect, in: screen, fill: abs(screen.width / screen.height - aspect) < Self.fillTolerance)
    }

    /// The notices' share of the buttons' reserve, in points: 0 without
    /// notices, else (16 shown / 0 hidden) + their heights + 8 between them
    /// + 5; a notice counts by its scale as it comes and goes.
    var noticesReserve: Double {
        let weights = notices.map { min(max($0.scale, 0), 1) }
        let total = weights.reduce(0, +), present = min(total, 1)
        return present * (16 * (1 - controlsHidden) + 5 - CallNotices.gap) + total * (CallNotices.height + CallNotices.gap)
    }

    /// The picture in picture's box for a picture of `aspect`: fitted in the
    /// square box (240 pt shown, 140 pt hidden) at its position across the
    /// rectangle inset 12 pt from the sides, safeTop + 60 (shown) or safeTop
    /// (hidden) from the top and the buttons' reserve + 12 from the bottom.
    func pipBox(aspect: Double) -> RoundedRectangle {
        let h = controlsHidden
        let box = Self.pipBoxPoints.shown + (Self.pipBoxPoints.hidden - Self.pipBoxPoints.shown) * h
        let (w, tall) = aspect >= 1 ? (box, box / aspect) : (box * aspect, box)
        let shownReserve = Self.safeBottom + 52 + CallButtons.diameter, hiddenReserve = Self.safeBottom + 4
        let reserve = shownReserve + (hiddenReserve - shownReserve) * h + noticesReserve
        let top = CallLayout.safeTop + Self.pipTopInset * (1 - h), bottom = reserve + Self.pipBottomGap
        let x = Self.pipSideInset + pipPosition.x * (layout.widthPoints - 2 * Self.pipSideInset - w)
        let y = top + pipPosition.y * (layout.heightPoints - top - bottom - tall)
        return RoundedRectangle(x: x * scale, y: y * scale, width: w * scale, height: tall * scale, cornerRadius: Self.pipCornerPoints * scale)
    }

    /// Where `shown` shows (`clip`) and where its whole picture is stretched (`content`).
    func frame(of shown: ShownVideo) -> (clip: RoundedRectangle, content: RoundedRectangle) {
        let own = inputs[shown.feed].aspect
        let local = inputs[.local].aspect, remote = inputs[.remote].aspect
        var parts: [(weight: Double, clip: RoundedRectangle, content: RoundedRectangle)] = []
        for place in VideoPlace.allCases {
            let weight = shown.place.weight(of: place)
            guard weight != 0 else { continue }
            switch place {
            case .avatar:
                let square = avatarSquare
                parts.append((weight, square, Self.centred(aspect: own, in: square, fill: true)))
            case .fullScreen:
                let content = Self.mix(fullScreenContent(aspect: local), fullScreenContent(aspect: remote), shown.remoteAspect)
                parts.append((weight, screen, content))
            case .pip:
                let box = Self.mix(pipBox(aspect: local), pipBox(aspect: remote), shown.remoteAspect)
                parts.append((weight, box, Self.centred(aspect: own, in: box, fill: true)))
            }
        }
        let clip = Self.sum(parts.map { ($0.weight, $0.clip) }), content = Self.sum(parts.map { ($0.weight, $0.content) })
        // Scaled about the clip's centre; a flip squashes both across.
        let centre = Vec2(clip.x + clip.width / 2, clip.y + clip.height / 2)
        func transformed(_ shape: RoundedRectangle) -> RoundedRectangle {
            let sx = shown.scale * shown.squash, sy = shown.scale
            return RoundedRectangle(x: centre.x + (shape.x - centre.x) * sx, y: centre.y + (shape.y - centre.y) * sy,
                                    width: shape.width * sx, height: shape.height * sy, cornerRadius: shape.cornerRadius * shown.scale)
        }
        return shown.scale == 1 && shown.squash == 1 ? (clip, content) : (transformed(clip), transformed(content))
    }

    /// The backdrop's frame `presence` of the way from the avatar's circle to the screen.
    func backdrop(presence: Double) -> RoundedRectangle {
        Self.mix(avatarSquare, screen, presence)
    }

    /// Linear interpolation of every measure.
    static func mix(_ a: RoundedRectangle, _ b: RoundedRectangle, _ t: Double) -> RoundedRectangle {
        t == 0 ? a : t == 1 ? b : sum([(1 - t, a), (t, b)])
    }

    /// The weighted sum of every measure.
    static func sum(_ parts: [(Double, RoundedRectangle)]) -> RoundedRectangle {
        if parts.count == 1, parts[0].0 == 1 { return parts[0].1 }
        var result = RoundedRectangle(x: 0, y: 0, width: 0, height: 0, cornerRadius: 0)
        for (weight, shape) in parts {
            result.x += weight * shape.x
            result.y += weight * shape.y
            result.width += weight * shape.width
            result.height += weight * shape.height
            result.cornerRadius += weight * shape.radius
        }
        return result
    }
}
