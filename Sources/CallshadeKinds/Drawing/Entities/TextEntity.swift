import CallshadeCore
import Foundation

/// A text placed on the drawing (`drawing.md` section 5): its words, its
/// style, its colour, its size slider, its alignment and its keys. `index`
/// is its place in the file's `entities` (shapes and texts are drawn in
/// that order).
public struct TextEntity: Equatable, Sendable {
    public enum Style: String, CaseIterable, Sendable {
        case regular, framed, semi, outlined
    }

    public enum Alignment: String, CaseIterable, Sendable {
        case left, center, right
    }

    public var index: Int
    public var text: String
    public var style: Style
    public var colour: StrokeColour
    public var size: Double
    public var alignment: Alignment
    public var keys: [EntityKey]

    public init(index: Int, text: String, style: Style, colour: StrokeColour, size: Double, alignment: Alignment, keys: [EntityKey]) {
        self.index = index
        self.text = text
        self.style = style
        self.colour = colour
        self.size = size
        self.alignment = alignment
        self.keys = keys
    }

    /// The font size in canvas pixels: from `max(10, 0.025 maxdim)` to
    /// `max(10, 0.25 maxdim)` by the slider.
    public static func fontSize(slider: Double, canvasLongerSide: Double) -> Double {
        let smallest = max(10, 0.025 * canvasLongerSide), largest = max(10, 0.25 * canvasLongerSide)
        return smallest + (largest - smallest) * slider
    }

    public func fontSize(canvas: DrawingCanvas) -> Double { Self.fontSize(slider: size, canvasLongerSide: canvas.longerSide) }

    /// Lines wrap at this share of the canvas's width.
    public static let wrapShare = 0.8

    /// The colours it is drawn in (`drawing.md` section 5): the text's fill,
    /// the outline's stroke (outlined), the frame's (framed, semi) and the
    /// shadow's (regular), each with its opacity (0 where the style has none).
    public var paints: TextPaints {
        let colour = colour.color, alpha = self.colour.alpha
        let isWhite = colour == RGB(1, 1, 1)
        // "Dark" (semi's white frame): luminance under 0.5 (ours, the spec leaves it open).
        let dark = 0.2126 * colour.r + 0.7152 * colour.g + 0.0722 * colour.b < 0.5
        switch style {
        case .regular:
            return TextPaints(fill: colour, fillAlpha: alpha, shadow: .black, shadowAlpha: 0.4 * alpha)
        case .framed:
            return TextPaints(fill: isWhite ? .black : .white, fillAlpha: alpha, frame: colour, frameAlpha: alpha)
        case .semi:
            return TextPaints(fill: colour, fillAlpha: alpha, frame: dark ? .white : .black, frameAlpha: 0.75 * alpha)
        case .outlined:
            return TextPaints(fill: isWhite ? .black : .white, fillAlpha: alpha, stroke: colour, strokeAlpha: alpha)
        }
    }

    /// `validate`'s line: its style, size, alignment, lines and keys.
    public func summary(canvas: DrawingCanvas) -> String {
        let keyTimes = keys.map { ShownNumber.text($0.at) }
        let shown = text.count > 24 ? String(text.prefix(23)) + "\u{2026}" : text
        return "text \"\(UserText.shown(shown))\", \(style.rawValue), \(ShownNumber.text(fontSize(canvas: canvas).rounded())) px, "
            + "\(alignment.rawValue), \(keys.count) key\(keys.count == 1 ? "" : "s") at \(keyTimes.joined(separator: ", ")) s"
    }

    /// The text as it is drawn at `time` in a frame, from its picture (nil before its first key).
    public func placed(at time: Double, picture: TextEntityPicture, placement: CanvasPlacement) -> PlacedText? {
        guard let pose = EntityMotion.pose(keys, at: time) else { return nil }
        return PlacedText(picture: picture, paints: paints, centre: placement.offset + pose.centre * placement.scale,
                          scale: pose.scale * placement.scale, rotation: pose.rotation, alpha: pose.alpha)
    }
}
