import CallshadeCore

/// The background (spec section 1): the instant's gradient, under everything.
public struct BackgroundElement: CallElement {
    public init() {}

    public var tags: [SceneTag] { [.background] }

    public func add(to scene: inout Scene, at instant: CallInstant, showing: Set<SceneTag>) {
        scene.background = instant.background
    }
}

extension SceneTag {
    public static let background = SceneTag("background", help: "The gradient; without it frames have an alpha channel.")
}
