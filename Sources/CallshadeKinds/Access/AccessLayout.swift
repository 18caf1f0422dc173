import CallshadeCore

/// Where the access screen's parts lie in a frame (`drawing.md` section 7,
/// ours for the layout): a point is the frame's width over 390 pixels; the
/// 248 x 50 pt button (radius 12 pt) is centred across, its top at 0.55 of
/// the height; the title's line box (20 pt semibold) ends 24 pt above it.
public struct AccessLayout: Equatable, Sendable {
    public static let widthPoints = 390.0
    public static let buttonSize = (width: 248.0, height: 50.0)
    public static let buttonRadius = 12.0
    /// The button's top, a fraction of the frame's height.
    public static let buttonTop = 0.55
    /// The gap between the title's line box and the button, points.
    public static let titleGap = 24.0
    public static let title = "Access Your Photos and Videos"
    public static let label = "Allow Access"
    public static let titleStyle = TextStyle(.semibold, 20)
    public static let labelStyle = TextStyle(.semibold, 17)
    public static let blue = RGB(hex: "#007AFF") ?? .black

    public let size: FrameSize
    /// Pixels a point.
    public let scale: Double
    /// The button's rounded rectangle, frame pixels.
    public let button: RoundedRectangle

    public init(size: FrameSize) {
        self.size = size
        scale = Double(size.width) / Self.widthPoints
        let width = Self.buttonSize.width * scale, height = Self.buttonSize.height * scale
        button = RoundedRectangle(x: (Double(size.width) - width) / 2, y: Self.buttonTop * Double(size.height), width: width, height: height,
                                  cornerRadius: Self.buttonRadius * scale)
    }

    /// The title's origin (its left end on the baseline) for its shaped `line`: centred, its line box ending `titleGap` above the button.
    public func titleOrigin(_ line: TextLine) -> Vec2 {
        Vec2((Double(size.width) - line.width) / 2, button.y - Self.titleGap * scale - line.descent)
    }

    /// The label's origin for its shaped `line`: its line box centred on the button.
    public func labelOrigin(_ line: TextLine) -> Vec2 {
        Vec2(button.x + (button.width - line.width) / 2, button.y + (button.height - line.height) / 2 + line.ascent)
    }
}
