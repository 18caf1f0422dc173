import CallshadeCore

/// The waves and the avatar (call-screen-elements, section 2) around one
/// centre, as one node; while the expanded key opens they fade and shrink away.
/// While video comes on, shows or goes, the avatar is a picture in a frame
/// growing to the screen instead (a `VideoNode`, under the video's black backdrop).
public struct AvatarWavesElement: CallElement {
    /// How much of its size the avatar loses as the expanded key opens (mine: the spec says "shrink away").
    static let avatarShrink = 0.5

    public init() {}

    public var tags: [SceneTag] { [.waves, .avatar] }

    public func add(to scene: inout Scene, at instant: CallInstant, showing: Set<SceneTag>) {
        let waves = instant.state.waves
        // While the expanded key is open the avatar and the waves fade and shrink away.
        let away = min(max(instant.state.panel?.scale ?? 0, 0), 1)
        let shown = away == 0 ? waves : WaveState(level: waves.level, shown: waves.shown, visibility: waves.visibility * (1 - away),
                                                  idleStopped: waves.idleStopped, frozen: waves.frozen, motionTime: waves.motionTime)
        var node = AvatarWavesNode(layout: instant.layout, seed: instant.seed, waves: shown, avatar: instant.avatar,
                                   showsWaves: showing.contains(.waves), showsAvatar: showing.contains(.avatar))
        if away > 0, var layer = node.avatar {
            layer.diameter *= 1 - Self.avatarShrink * away
            layer.opacity = 1 - away
            node.avatar = layer
        }
        let presence = instant.state.video.presence
        guard presence > 0 else {
            scene.nodes.append(node)
            return
        }
        // Video coming on or going (video-call, sections 3 and 4): the waves'
        // square moves to the screen's centre (where the backdrop covers it),
        // and the avatar leaves its disc for a frame that grows to the screen.
        let screen = Vec2(Double(instant.layout.size.width) / 2, Double(instant.layout.size.height) / 2)
        node.centre = node.centre + (screen - node.centre) * presence
        let avatar = node.avatar
        node.avatar = nil
        if node.waves != nil { scene.nodes.append(node) }
        // At rest with video the opaque backdrop covers the whole frame (the
        // screen): it is not drawn then, a full-screen layer less a frame.
        let covered = presence >= 1 && showing.contains(.video)
        if let avatar, !covered, let framed = Self.framed(avatar, presence: presence, layout: instant.layout) { scene.nodes.append(framed) }
    }

    /// The avatar `presence` of the way from its circle to the whole screen
    /// (video-call, section 3): its frame the mean of the circle's square
    /// (its voice-level scale easing to 1 as it goes) and the screen with the
    /// phone's corners, its clip radius so going from 68 pt to 47.333 pt, the
    /// picture aspect-filled in the moving frame. Nil when it shows nothing.
    static func framed(_ avatar: AvatarLayer, presence: Double, layout: CallLayout) -> VideoNode? {
        let rest = layout.avatarDiameter, side = rest + (avatar.diameter - rest) * (1 - presence)
        let frame = VideoGeometry.mix(VideoGeometry.avatarSquare(layout, side: side), VideoGeometry.screen(layout), presence)
        let node = VideoNode(picture: AvatarPicture.picture(of: avatar), clip: frame,
                             content: VideoGeometry.centred(aspect: 1, in: frame, fill: true), opacity: min(max(avatar.opacity, 0), 1))
        return node.isVisible ? node : nil
    }
}

extension SceneTag {
    public static let waves = SceneTag("waves", help: "The waves around the avatar.")
    public static let avatar = SceneTag("avatar", help: "The avatar's picture, or its placeholder.")
}
