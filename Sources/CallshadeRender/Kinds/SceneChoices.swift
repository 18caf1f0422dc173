import CallshadeCore
import CallshadePNG

/// What a user chose for the screen besides the scenario: another avatar
/// picture, and the screen's width in points (`--avatar`, `--points-width`).
public struct SceneChoices: Sendable {
    /// A PNG shown as the avatar instead of the scenario's.
    public var avatarPath: String?
    /// The screen's width in points, and how the user wrote it (for errors).
    public var pointsWidth: (value: Double, text: String)?

    public init(avatarPath: String? = nil, pointsWidth: (value: Double, text: String)? = nil) {
        self.avatarPath = avatarPath
        self.pointsWidth = pointsWidth
    }

    /// The avatar to draw, prepared at `side` pixels: the chosen picture,
    /// else the scenario's file, else none (the placeholder). Read with libpng.
    public func avatarImage(scenarioAvatar: String?, side: Int) throws -> AvatarImage? {
        guard let path = avatarPath ?? scenarioAvatar else { return nil }
        let picture: RGBAImage
        do {
            picture = try PNGFile.read(path: path, pixelLimit: Self.avatarPixelLimit)
        } catch {
            throw FramesError.avatar("avatar: \(error)")
        }
        guard let prepared = AvatarImage.prepare(picture, side: side) else {
            throw FramesError.avatar("avatar: '\(path)' has no pixels")
        }
        return prepared
    }

    /// The largest avatar picture accepted: 40 megapixels (a large phone photo is 12 to 50).
    public static let avatarPixelLimit = 40_000_000
}
