import CallshadeCore

/// The call screen: the call kind's elements (`CallKind.elements`) drawn on
/// a layout, with a seed, an avatar, a text setter and the tags shown.
/// Every command that draws (render, frame, compare, sheet, bench) asks it
/// for the scene of an instant.
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
    /// What it draws, bottom to top.
    public let elements: CallElements
    /// What keeps work between frames (the lines set).
    public let reuse: ReuseStore

    /// A screen of `elements` showing the tags `showing` (default: all of theirs).
    public init(layout: CallLayout, seed: Int64, avatar: AvatarImage?, text: (any TextSetting)? = nil,
                showing: Set<SceneTag>? = nil, elements: CallElements = CallKind.elements, reuse: ReuseStore = ReuseStore()) {
        self.layout = layout
        self.seed = seed
        self.avatar = avatar
        // Each text set once a render (the same lines as the setter's): a frame asks for the same ones again and again.
        self.reuse = reuse
        self.text = text.map { RememberedLines($0, reuse: reuse) }
        self.showing = showing ?? Set(elements.tags)
        self.elements = elements
    }

    /// The scene at a timeline's instant; `background`, when given, replaces
    /// the instant's own gradient (what `frame`'s options override);
    /// `assets` are what the elements' providers gave for the frame
    /// (`elements.assets(at:)`: the video call's pictures).
    public func scene(at state: FrameState, background: GradientParameters? = nil, assets: FrameAssets = FrameAssets()) -> Scene {
        let instant = CallInstant(state: state, background: background ?? state.gradient, layout: layout, seed: seed,
                                  avatar: avatar, text: text, assets: assets)
        var scene = Scene(size: layout.size, background: nil)
        elements.add(to: &scene, at: instant, showing: showing)
        // Over a full-screen video every glass shows its blurred copy (video-call, section 7).
        if let video = elements.elements.lazy.compactMap({ $0 as? VideoElement }).first, let copy = video.glassVideo(at: instant) {
            scene.update(GlassNode.self) { $0.video = copy }
        }
        scene.dither = dither
        return scene
    }
}
