/// The call screen: the one place that decides what a frame shows and
/// where. Every command that draws (render, frame, compare, sheet, bench)
/// asks it for the scene of an instant.
public struct CallScreen: Sendable {
    public let layout: CallLayout
    /// The seed of the waves' shapes.
    public var seed: Int64
    /// The avatar's picture; nil draws the placeholder.
    public let avatar: AvatarImage?
    /// What the tag filter keeps (`--layers`).
    public let showing: Set<SceneTag>
    /// Whether frames get the ordered dither.
    public var dither = false

    public init(layout: CallLayout, seed: Int64, avatar: AvatarImage?, showing: Set<SceneTag> = Set(SceneTag.allCases)) {
        self.layout = layout
        self.seed = seed
        self.avatar = avatar
        self.showing = showing
    }

    /// The scene at a timeline's instant.
    public func scene(at state: FrameState) -> Scene {
        scene(background: state.gradient, waves: state.waves)
    }

    /// The scene with this background and these waves (what `frame` builds
    /// when its options override the timeline's).
    public func scene(background: GradientParameters, waves: WaveState) -> Scene {
        var nodes: [any SceneNode] = []
        let showsWaves = showing.contains(.waves)
        let showsAvatar = showing.contains(.avatar)
        if showsWaves || showsAvatar {
            nodes.append(AvatarWavesNode(layout: layout, seed: seed, waves: waves, avatar: avatar,
                                         showsWaves: showsWaves, showsAvatar: showsAvatar))
        }
        var scene = Scene(size: layout.size, background: showing.contains(.background) ? background : nil, nodes: nodes)
        scene.dither = dither
        return scene
    }
}
