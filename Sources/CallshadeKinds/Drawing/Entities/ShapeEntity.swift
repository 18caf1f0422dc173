import CallshadeCore
import Foundation

/// A shape placed on the drawing (`drawing.md` section 6): its kind, filled
/// or stroked (`width` canvas pixels, round joins), its colour, its size
/// `w` x `h` canvas pixels and its keys.
public struct ShapeEntity: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        case rectangle, ellipse, star, bubble, arrow
    }

    public var kind: Kind
    public var fill: Bool
    public var colour: StrokeColour
    public var width: Double
    public var w: Double
    public var h: Double
    public var keys: [EntityKey]

    public init(kind: Kind, fill: Bool, colour: StrokeColour, width: Double, w: Double, h: Double, keys: [EntityKey]) {
        self.kind = kind
        self.fill = fill
        self.colour = colour
        self.width = width
        self.w = w
        self.h = h
        self.keys = keys
    }

    /// The arrow's head lines' length (`drawing.md` section 2, with the stroke's width as W).
    static func headLength(width: Double, canvasLongerSide: Double) -> Double {
        max(max(10, 0.02 * canvasLongerSide), 3 * width)
    }

    /// `validate`'s line: its kind, fill, size and keys.
    public var summary: String {
        let keyTimes = keys.map { ShownNumber.text($0.at) }
        let look = kind == .arrow ? "width \(ShownNumber.text(width))" : fill ? "filled" : "stroked at \(ShownNumber.text(width))"
        return "\(kind.rawValue), \(look), \(ShownNumber.text(w))x\(ShownNumber.text(h)) px, \(keys.count) key\(keys.count == 1 ? "" : "s") "
            + "at \(keyTimes.joined(separator: ", ")) s"
    }

    /// The shape as it is drawn at `time` in a frame (nil before its first key).
    public func placed(at time: Double, canvas: DrawingCanvas, placement: CanvasPlacement) -> PlacedShape? {
        EntityMotion.pose(keys, at: time).map { placed(pose: $0, canvas: canvas, placement: placement) }
    }

    /// The shape at its first key, still: no pop-in (a stroke's shape, `drawing-tools.md` section 3).
    public func placedStill(canvas: DrawingCanvas, placement: CanvasPlacement) -> PlacedShape? {
        keys.first.map { key in
            placed(pose: EntityPose(centre: Vec2(key.x, key.y), scale: key.scale, rotation: key.rotation * Double.pi / 180, alpha: 1),
                   canvas: canvas, placement: placement)
        }
    }

    /// The shape in `pose`, placed in the frame.
    func placed(pose: EntityPose, canvas: DrawingCanvas, placement: CanvasPlacement) -> PlacedShape {
        let centre = placement.offset + pose.centre * placement.scale
        let geometry: PlacedShape.Geometry
        switch kind {
        case .rectangle: geometry = .rectangle(RoundedRectangle(x: -w / 2, y: -h / 2, width: w, height: h, cornerRadius: 0.05 * min(w, h)))
        case .ellipse: geometry = .ellipse(a: w / 2, b: h / 2)
        case .star: geometry = .star(Star(outer: min(w, h) / 2))
        case .bubble: geometry = .bubble(SpeechBubble(width: w, height: h))
        case .arrow: geometry = .arrow(length: w, head: Self.headLength(width: width, canvasLongerSide: canvas.longerSide))
        }
        return PlacedShape(geometry: geometry, stroke: fill && kind != .arrow ? 0 : width / 2, centre: centre,
                           scale: pose.scale * placement.scale, rotation: pose.rotation, color: colour.color, alpha: colour.alpha * pose.alpha)
    }
}
