import CallshadeCore

/// The access screen: its kind's elements (`AccessKind.elements`) drawn at
/// an instant into a frame of a size. Its title and label come from a text
/// setter made for `AccessLayout`'s scale.
public struct AccessScreen: Sendable {
    public let layout: AccessLayout
    public let showing: Set<SceneTag>
    public let elements: AccessElements
    public let text: any TextSetting
    public var dither = false

    public init(size: FrameSize, text: any TextSetting, showing: Set<SceneTag>? = nil, elements: AccessElements = AccessKind.elements) {
        layout = AccessLayout(size: size)
        self.text = text
        self.elements = elements
        self.showing = showing ?? Set(elements.tags)
    }

    /// The scene at `time` seconds.
    public func scene(at time: Double) -> Scene {
        var scene = Scene(size: layout.size, background: nil)
        scene.dither = dither
        elements.add(to: &scene, at: AccessInstant(time: time, layout: layout, text: text), showing: showing)
        return scene
    }
}
