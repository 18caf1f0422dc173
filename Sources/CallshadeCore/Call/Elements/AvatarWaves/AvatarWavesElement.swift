/// The waves and the avatar (call-screen-elements, section 2) around one
/// centre, as one node; while the expanded key opens they fade and shrink away.
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
        scene.nodes.append(node)
    }
}

extension SceneTag {
    public static let waves = SceneTag("waves", help: "The waves around the avatar.")
    public static let avatar = SceneTag("avatar", help: "The avatar's picture, or its placeholder.")
}
