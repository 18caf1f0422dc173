/// The fonts of the call screen (call-screen-elements, section 0).
public enum TextFont: String, CaseIterable, Hashable, Sendable {
    /// Inter Regular (weight "regular").
    case regular
    /// Inter SemiBold (weight "semibold").
    case semibold
    /// Inter Medium: the video call's title (video-call, section 3).
    case medium
    /// Inter Bold: the drawing editor's selected mode (editor.md, section 2.3).
    case bold
    /// Material Icons, whose glyphs are picked by ligature name ("call_end").
    case icons
    /// Noto Color Emoji: colour bitmaps, scaled to the size.
    case emoji
}

/// A font at a size in points, its figures tabular (a running timer keeps
/// its width) unless `proportionalFigures` (the gallery's duration labels,
/// whose boxes the spec measures from the proportional advances).
public struct TextStyle: Hashable, Sendable {
    public let font: TextFont
    public let points: Double
    public let proportionalFigures: Bool

    public init(_ font: TextFont, _ points: Double, proportionalFigures: Bool = false) {
        self.font = font
        self.points = points
        self.proportionalFigures = proportionalFigures
    }
}

/// One shaped line of text: its glyphs' pictures in the atlas and where
/// each goes from the line's origin (its left end on the baseline), in
/// frame pixels. Pictures are held at most 256 texels an em: a larger size
/// draws them magnified (`texelSize` > 1).
public struct TextLine: Equatable, Sendable {
    public struct Glyph: Equatable, Sendable {
        public let image: GlyphImage
        /// The pen's position when it is drawn, from the line's origin (pixels, y down).
        public let penX: Double
        public let penY: Double

        public init(image: GlyphImage, penX: Double, penY: Double) {
            self.image = image
            self.penX = penX
            self.penY = penY
        }
    }

    public let glyphs: [Glyph]
    /// Frame pixels per atlas texel (1 unless the size is over 256 pixels an em, or under 2).
    public let texelSize: Double
    /// How far the pen moves over the whole line, in pixels.
    public let width: Double
    /// The line box above and below the baseline (the font's ascender and
    /// descender), in pixels: its height is ascent + descent.
    public let ascent: Double
    public let descent: Double
    /// The characters no font had (drawn as the missing-glyph box).
    public let missing: [Character]

    public init(glyphs: [Glyph], texelSize: Double = 1, width: Double, ascent: Double, descent: Double, missing: [Character] = []) {
        self.glyphs = glyphs
        self.texelSize = texelSize
        self.width = width
        self.ascent = ascent
        self.descent = descent
        self.missing = missing
    }

    public var height: Double { ascent + descent }

    /// The marks that draw it with its origin at `origin` (frame pixels),
    /// scaled by `scale` about `anchor`. Unscaled and at one texel a pixel,
    /// each glyph's picture lands on whole pixels (crisp, and exact in both
    /// renderers); scaled, it is filtered.
    public func marks(origin: Vec2, color: RGB = .white, alpha: Double = 1, scale: Double = 1, about anchor: Vec2 = Vec2(0, 0)) -> [Mark] {
        let snaps = scale == 1 && texelSize == 1
        return glyphs.map { glyph in
            var x = origin.x + glyph.penX, y = origin.y + glyph.penY
            if snaps {
                x = x.rounded()
                y = y.rounded()
            }
            x += Double(glyph.image.left) * texelSize
            y += Double(glyph.image.top) * texelSize
            let width = Double(glyph.image.width) * texelSize, height = Double(glyph.image.height) * texelSize
            return Mark(x: anchor.x + (x - anchor.x) * scale, y: anchor.y + (y - anchor.y) * scale,
                        width: width * scale, height: height * scale, kind: .glyph(glyph.image), color: color, alpha: alpha)
        }
    }

    /// The factor (at most 1) that shrinks the line about its origin until
    /// its ink lies inside its line box, ascent above and descent below the
    /// baseline: 1 for text the font's box holds (Latin), less for scripts
    /// whose marks or stacks reach further (the rule that keeps a name from
    /// being clipped mid-glyph).
    public var lineBoxFit: Double {
        guard let ink = inkBounds else { return 1 }
        var fit = 1.0
        if -ink.top > ascent, ascent > 0 { fit = min(fit, ascent / -ink.top) }
        if ink.bottom > descent, descent > 0 { fit = min(fit, descent / ink.bottom) }
        return fit
    }

    /// The box its glyphs' pictures cover without their borders (pixels
    /// from the origin, y down), or nil when it draws nothing: the ink, to within a pixel.
    public var inkBounds: (left: Double, top: Double, right: Double, bottom: Double)? {
        let boxes = marks(origin: Vec2(0, 0)).map { mark in
            (mark.x + texelSize, mark.y + texelSize, mark.x + mark.width - texelSize, mark.y + mark.height - texelSize)
        }
        guard !boxes.isEmpty else { return nil }
        return (boxes.map(\.0).min() ?? 0, boxes.map(\.1).min() ?? 0, boxes.map(\.2).max() ?? 0, boxes.map(\.3).max() ?? 0)
    }
}

/// Sets lines of text for one render: the same text and style give the same
/// line every time (a frame stays a pure function of its inputs). Its atlas
/// holds every glyph it can set; the GPU and the CPU reference both sample it.
public protocol TextSetting: Sendable {
    /// Pixels per point of the frames it sets text for.
    var scale: Double { get }
    var atlas: GlyphAtlas { get }

    /// `text` shaped in `style`; glyphs the atlas lacks are left out (it
    /// holds those of every text it was made for, and the digits).
    func line(_ text: String, style: TextStyle) -> TextLine
}
