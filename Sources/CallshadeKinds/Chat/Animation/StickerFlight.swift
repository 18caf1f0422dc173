import CallshadeCore

/// A sticker's place and send (`chat-types.md` section 2, rules 1 and 2),
/// points: its canvas fitted in 184 x 184 (the drawn box), the image frame
/// the box with 10 on each side, its right edge at 380, centred in a row of
/// height max(frame height, 74); the pill's right and bottom edges 4 inside
/// the frame's. It flies from the canvas fitted in 65 x 65 centred at `from`
/// (default the field's centre, (195, 787.5)): the centre's x on H and y on
/// V, its size lerp(source, box, H), over 0.3 s; the pill fades in over 0.15
/// s easeInOut after 0.16 s. With the editor's `sticker` block: xPosition,
/// yPosition, stickerScale and timeAppears.
public struct StickerFlight: Equatable, Sendable {
    public static let boxSide = 184.0
    public static let panelCell = 65.0
    public static let inset = 10.0
    public static let rightEdge = 380.0
    public static let shortestRow = 74.0
    public static let defaultFrom = Vec2(195, 787.5)
    public static let pillDelay = 0.16
    public static let pillFade = 0.15

    public let animation: ChatAnimationPreset
    /// The sticker's canvas (the Lottie's w x h).
    public let canvas: (width: Double, height: Double)
    public let from: Vec2

    public init(animation: ChatAnimationPreset, canvas: (width: Double, height: Double), from: Vec2 = StickerFlight.defaultFrom) {
        self.animation = animation
        self.canvas = canvas
        self.from = from
    }

    public static func == (a: StickerFlight, b: StickerFlight) -> Bool {
        a.animation == b.animation && a.canvas == b.canvas && a.from == b.from
    }

    /// The canvas fitted in a `side` square: width and height.
    func fitted(in side: Double) -> (width: Double, height: Double) {
        let fit = side / max(canvas.width, canvas.height)
        return (canvas.width * fit, canvas.height * fit)
    }

    /// The row's height.
    public var rowHeight: Double { max(fitted(in: Self.boxSide).height + 2 * Self.inset, Self.shortestRow) }

    /// The image frame on a row whose bottom is at `bottom`.
    public func frame(rowBottom bottom: Double) -> Box {
        let box = fitted(in: Self.boxSide), width = box.width + 2 * Self.inset, height = box.height + 2 * Self.inset
        return Box(centre: Vec2(Self.rightEdge - width / 2, bottom - rowHeight / 2), width: width, height: height)
    }

    /// The landed box on a row whose bottom is at `bottom`.
    public func box(rowBottom bottom: Double) -> Box {
        let size = fitted(in: Self.boxSide)
        return Box(centre: frame(rowBottom: bottom).centre, width: size.width, height: size.height)
    }

    /// The pill's right and bottom edges.
    public func pillCorner(rowBottom bottom: Double) -> Vec2 {
        let frame = self.frame(rowBottom: bottom)
        return Vec2(frame.right - 4, frame.bottom - 4)
    }

    /// The flying box `seconds` after the send, and the pill's opacity (the curves: `SendMotion`'s for a sticker).
    public func state(_ seconds: Double, rowBottom bottom: Double) -> (box: Box, pillAlpha: Double) {
        let progress = SendMotion(kind: .sticker, animation: animation).progress(seconds)
        return (flying(to: box(rowBottom: bottom), progress: progress), progress.status)
    }

    /// The drawn box inside an image frame.
    public static func box(inFrame frame: Box) -> Box {
        Box(x: frame.x + inset, y: frame.y + inset, width: frame.width - 2 * inset, height: frame.height - 2 * inset)
    }

    /// The flying box at `progress` on its way to `landed` from the panel
    /// cell centred at `from`: its centre's x on X, y on Y, its size on the scale's track.
    public func flying(to landed: Box, progress: SendProgress) -> Box {
        let source = fitted(in: Self.panelCell), start = from
        let centre = Vec2(start.x + (landed.centre.x - start.x) * progress.x, start.y + (landed.centre.y - start.y) * progress.y)
        let size = progress.emojiScale
        return Box(centre: centre, width: source.width + (landed.width - source.width) * size,
                   height: source.height + (landed.height - source.height) * size)
    }
}
