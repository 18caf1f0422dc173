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
    /// Sets the words; nil draws none (the picture alone).
    public let text: (any TextSetting)?

    public init(layout: CallLayout, seed: Int64, avatar: AvatarImage?, text: (any TextSetting)? = nil,
                showing: Set<SceneTag> = Set(SceneTag.allCases)) {
        self.layout = layout
        self.seed = seed
        self.avatar = avatar
        self.text = text
        self.showing = showing
    }

    /// Every text a call with the peer `name` and the emoji `key` can show,
    /// by style: what a text setter for its renders must hold.
    public static func texts(name: String, key: [String] = []) -> [TextStyle: [String]] {
        [CallKey.texts(key: key), CallTooltip.texts(), CallPanel.texts(name: name, key: key), CallButtons.texts(),
         CallNotices.texts(name: name), CallRating.texts()]
            .reduce(CallWords.texts(name: name)) { $0.merging($1, uniquingKeysWith: +) }
    }

    /// How much of its size the avatar loses as the expanded key opens (mine: the spec says "shrink away").
    static let avatarShrink = 0.5
    /// How long the buttons take to shrink away once a rating is asked for.
    static let buttonsShrinkSeconds = 0.2

    /// The style of the key's emoji.
    public static let keyStyle = CallKey.emoji

    /// The scene at a timeline's instant; `background` and `waves`, when
    /// given, replace the instant's own (what `frame`'s options override).
    public func scene(at state: FrameState, background: GradientParameters? = nil, waves: WaveState? = nil) -> Scene {
        scene(background: background ?? state.gradient, waves: waves ?? state.waves, words: state.words, key: state.key,
              buttons: state.buttons, notices: state.notices, tooltip: state.tooltip, panel: state.panel, rating: state.rating)
    }

    /// The scene with this background, these waves and these words (what
    /// `frame` builds when its options override the timeline's).
    public func scene(background: GradientParameters, waves: WaveState, words: WordsState? = nil, key: KeyState? = nil,
                      buttons: ButtonsState? = nil, notices: [ShownNotice] = [], tooltip: ShownOverlay? = nil,
                      panel: ShownOverlay? = nil, rating: RatingState? = nil) -> Scene {
        var nodes: [any SceneNode] = []
        let showsWaves = showing.contains(.waves)
        let showsAvatar = showing.contains(.avatar)
        if showsWaves || showsAvatar {
            // While the expanded key is open the avatar and the waves fade and shrink away.
            let away = min(max(panel?.scale ?? 0, 0), 1)
            let shown = away == 0 ? waves : WaveState(level: waves.level, shown: waves.shown, visibility: waves.visibility * (1 - away),
                                                      idleStopped: waves.idleStopped, frozen: waves.frozen, motionTime: waves.motionTime)
            var node = AvatarWavesNode(layout: layout, seed: seed, waves: shown, avatar: avatar, showsWaves: showsWaves, showsAvatar: showsAvatar)
            if away > 0, var layer = node.avatar {
                layer.diameter *= 1 - Self.avatarShrink * away
                layer.opacity = 1 - away
                node.avatar = layer
            }
            nodes.append(node)
        }
        if let text, let words {
            let call = CallWords(layout: layout, text: text)
            if showing.contains(.title) { nodes.append(call.titleNode(words)) }
            if showing.contains(.status) { nodes.append(call.statusNode(words)) }
            if showing.contains(.pill) { nodes += call.pillNodes(words, backdrop: background) }
            if showing.contains(.back) { nodes.append(call.backNode()) }
        }
        if let text, let key, let panel, showing.contains(.panel), panel.alpha > 0 {
            nodes += CallPanel(layout: layout, setter: text, name: key.peer).panelNodes(panel, backdrop: background)
        }
        if let text, let key, showing.contains(.key), key.alpha > 0 {
            let call = CallKey(layout: layout, text: text)
            if let panel, panel.scale > 0, let place = call.placement(key) {
                nodes.append(CallPanel(layout: layout, setter: text, name: key.peer).emojiNode(key, progress: panel.scale, from: place))
            } else {
                nodes.append(call.keyNode(key))
            }
        }
        if let text, let key, let tooltip, showing.contains(.tooltip), tooltip.alpha > 0,
           let place = CallKey(layout: layout, text: text).placement(key) {
            nodes += CallTooltip(layout: layout, setter: text).nodes(tooltip, key: place, backdrop: background)
        }
        if let text, let buttons, showing.contains(.buttons) {
            // Once a rating is asked for, the buttons shrink away (to 0.001 over 0.2 s).
            let shrink = rating.map { 1 - 0.999 * fadeProgress($0.sinceRequest, over: Self.buttonsShrinkSeconds) } ?? 1
            if shrink > 0.001 { nodes += CallButtons(layout: layout, text: text).nodes(buttons, backdrop: background, shrink: shrink) }
        }
        if let text, showing.contains(.notices), !notices.isEmpty {
            nodes += CallNotices(layout: layout, setter: text).nodes(notices, backdrop: background)
        }
        if let text, let rating {
            let call = CallRating(layout: layout, setter: text)
            if showing.contains(.rating) { nodes += call.nodes(rating, backdrop: background) }
            if showing.contains(.celebration), let effect = call.celebrationNode(rating) { nodes.append(effect) }
        }
        var scene = Scene(size: layout.size, background: showing.contains(.background) ? background : nil, nodes: nodes)
        scene.dither = dither
        return scene
    }
}
