import CallshadeCore
import CallshadeRender
import CallshadeText

/// The access screen's frames as the commands draw them: its title and
/// label set once at the frame's scale, then the scene at any instant,
/// showing `--layers`' tags (the access screen's).
public struct AccessFrames: FrameScenes {
    public let screen: AccessScreen

    public init(size: FrameSize, dither: Bool = false, showing: Set<SceneTag>? = nil, reuse: ReuseStore) throws {
        let layout = AccessLayout(size: size)
        let text = try TextSetter(scale: layout.scale, texts: AccessKind.elements.texts(for: AccessScenario(settings: ScenarioSettings(duration: 1))))
        // Its title and label set once while kept (every frame asks for them).
        var screen = AccessScreen(size: size, text: RememberedLines(text, reuse: reuse), showing: showing)
        screen.dither = dither
        self.screen = screen
    }

    public func scene(at time: Double) throws -> Scene { screen.scene(at: time) }
}
