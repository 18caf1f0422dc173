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

    public let size: FrameSize
    /// Pixels per point.
    public let scale: Double

    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public init(size: FrameSize, pointsWidth: Double = defaultPointsWidth) throws {
        guard pointsWidth.isFinite, pointsWidth > 0 else {
            throw Invalid(description: "the points width must be a positive number (got \(pointsWidth))")
        }
        self.size = size
        scale = Double(size.width) / pointsWidth
    }

    /// The screen height in points.
    public var heightPoints: Double { Double(size.height) / scale }

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
