import CallshadeCore

/// An element of the call screen: it draws from a `CallInstant`, and its
/// texts depend on the call's `Scenario`. The call kind's elements, in
/// order: `CallKind.elements`.
public protocol CallElement: SceneElement where Source == Scenario, Instant == CallInstant {}

/// The call kind's list of elements.
public typealias CallElements = SceneElements<Scenario, CallInstant>

/// What the call's elements draw from at one instant: the timeline's state,
/// the gradient behind them (the state's own, or what `frame`'s options put
/// in its place: glass blurs it), the screen they are drawn on, and the
/// frame's assets (the video call's pictures).
public struct CallInstant: Sendable {
    public let state: FrameState
    public let background: GradientParameters
    public let layout: CallLayout
    /// The seed of the waves' shapes.
    public let seed: Int64
    /// The avatar's picture; nil draws the placeholder.
    public let avatar: AvatarImage?
    /// Sets the words; nil draws none (the picture alone).
    public let text: (any TextSetting)?
    /// What the elements' providers gave for this frame (`SceneElements.assets(at:)`).
    public let assets: FrameAssets

    public init(state: FrameState, background: GradientParameters, layout: CallLayout, seed: Int64,
                avatar: AvatarImage?, text: (any TextSetting)?, assets: FrameAssets = FrameAssets()) {
        self.state = state
        self.background = background
        self.layout = layout
        self.seed = seed
        self.avatar = avatar
        self.text = text
        self.assets = assets
    }
}
