/// The avatar of one frame: a prepared picture, or the built-in placeholder
/// (a disc with a two-colour vertical gradient), at a diameter in pixels.
public struct AvatarLayer: Equatable, Sendable {
    public var image: AvatarImage?
    public var diameter: Double
    public var placeholderTop: RGB
    public var placeholderBottom: RGB
    /// 0...1: its colour and alpha are multiplied by this (it fades while the expanded key is open).
    public var opacity = 1.0

    /// The placeholder's colours: a light-to-deep blue, like a messenger's default avatar.
    public static let placeholderColors = (top: RGB(hex: "#72D5FD") ?? .white, bottom: RGB(hex: "#2A9EF1") ?? .white)

    public init(image: AvatarImage?, diameter: Double) {
        self.image = image
        self.diameter = diameter
        placeholderTop = Self.placeholderColors.top
        placeholderBottom = Self.placeholderColors.bottom
    }

    /// The disc it fills about `centre`; nil when its diameter is not positive (it draws nothing).
    public func disc(centre: Vec2) -> Disc? {
        diameter > 0 ? Disc(centre: centre, radius: diameter / 2) : nil
    }
}

/// The waves and the avatar around one centre: one node, drawn by one fused
/// program (the avatar's edge over the waves' edge is the common case, and
/// one pass over their tiles is the cheapest). Either part may be left out
/// by the tag filter, not both.
public struct AvatarWavesNode: SceneNode, Equatable, Sendable {
    /// The centre of the avatar and the waves, in pixels (image coordinates, y down).
    public var centre: Vec2
    /// Nil when the filter leaves the waves out.
    public var waves: WavesLayer?
    /// Nil when the filter leaves the avatar out.
    public var avatar: AvatarLayer?

    public init(centre: Vec2, waves: WavesLayer?, avatar: AvatarLayer?) {
        self.centre = centre
        self.waves = waves
        self.avatar = avatar
    }

    /// How far out a wave's outline can reach, as a fraction of its square's
    /// side: control radii stay under 0.51 (the spline's overshoot), the
    /// outline within 0.003 of them.
    public static let wavesReach = 0.53

    /// Half the side of a square around the centre outside which nothing of
    /// the node shows (wobble and anti-aliasing included).
    public var reach: Double {
        let waves = (waves?.shapes.map(\.side).max() ?? 0) * Self.wavesReach
        return max(waves, (avatar?.diameter ?? 0) / 2) + 2
    }
}
