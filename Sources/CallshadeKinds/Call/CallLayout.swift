import CallshadeCore
import Foundation

/// Where the avatar and the waves sit on a frame (spec section 2). Sizes are
/// given in points and converted with scale = frame width / points width
/// (390 pt by default: a 390x844 pt phone). Pixel positions are image
/// coordinates: x to the right, y down from the top row.
public struct CallLayout: Equatable, Sendable {
    public static let defaultPointsWidth = 390.0
    /// The status-bar inset of a 390x844 pt phone.
    public static let safeTop = 47.0
    public static let avatarPoints = 136.0
    public static let wavesPoints = 176.0
    /// The inner wave's square is inset by this fraction of the outer square on every side.
    public static let innerWaveInset = 0.1

    /// The most pixels a point may take: 64, generous (a 16384-pixel-wide
    /// frame at the default 390 pt has 42). It bounds everything sized in
    /// points: the avatar's side is at most 136 x 64 x 1.25 + 1 = 10881 pixels.
    public static let maximumScale = 64.0
    /// The fewest: 1/1024 (a 1-pixel-wide frame at 390 pt has 1/390), which
    /// keeps the screen's height in points, and so every position, finite.
    public static let minimumScale = 1.0 / 1024

    public let size: FrameSize
    /// Pixels per point, between `minimumScale` and `maximumScale`.
    public let scale: Double

    /// A points width the layout refuses.
    public enum Invalid: Error, Equatable, CustomStringConvertible {
        case notPositive(Double)
        /// It gives a scale outside the bounds; `allowed` is what this frame width accepts.
        case outOfRange(Double, width: Int, allowed: ClosedRange<Double>)

        /// What is wrong, without naming the value: "must be between 1 and 65536 for a frame 64 pixels wide ...".
        public var requirement: String {
            switch self {
            case .notPositive:
                return "must be a positive number"
            case .outOfRange(_, let width, let allowed):
                return "must be between \(CallLayout.text(allowed.lowerBound)) and \(CallLayout.text(allowed.upperBound)) "
                    + "for a frame \(width) pixel\(width == 1 ? "" : "s") wide (1/1024 to 64 pixels a point)"
            }
        }

        public var description: String {
            switch self {
            case .notPositive(let value), .outOfRange(let value, _, _): return "the points width \(value) " + requirement
            }
        }
    }

    /// The points widths a frame `width` pixels wide accepts: those that give
    /// a scale within the bounds (powers of two, so the ends are exact).
    public static func pointsWidths(forWidth width: Int) -> ClosedRange<Double> {
        (Double(width) / maximumScale)...(Double(width) / minimumScale)
    }

    public init(size: FrameSize, pointsWidth: Double = defaultPointsWidth) throws {
        guard pointsWidth.isFinite, pointsWidth > 0 else { throw Invalid.notPositive(pointsWidth) }
        let scale = Double(size.width) / pointsWidth
        guard scale >= Self.minimumScale, scale <= Self.maximumScale else {
            throw Invalid.outOfRange(pointsWidth, width: size.width, allowed: Self.pointsWidths(forWidth: size.width))
        }
        self.size = size
        self.scale = scale
    }

    /// A bound for people: whole numbers without ".0" (the bounds are exact binary fractions).
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// The screen height in points.
    public var heightPoints: Double { Double(size.height) / scale }

    /// The screen width in points.
    public var widthPoints: Double { Double(size.width) / scale }

    /// The avatar's top edge in points from the top: max(safeTop + 8, floor(0.49 H) - 39 - 136).
    public var avatarTopPoints: Double {
        max(Self.safeTop + 8, (0.49 * heightPoints).rounded(.down) - 39 - Self.avatarPoints)
    }

    /// The centre of the avatar and of the waves, in pixels.
    public var centre: Vec2 {
        Vec2(Double(size.width) / 2, (avatarTopPoints + Self.avatarPoints / 2) * scale)
    }

    /// The avatar's diameter at rest, in pixels.
    public var avatarDiameter: Double { Self.avatarPoints * scale }

    /// The side of the outer waves' square at rest, in pixels.
    public var wavesSide: Double { Self.wavesPoints * scale }
}
