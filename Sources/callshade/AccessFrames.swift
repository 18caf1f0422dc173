import CallshadeCore
import CallshadeRender
import CallshadeText

/// The access screen's frames as the commands draw them: its title and
/// label set once at the frame's scale, then the scene at any instant,
/// showing `--layers`' tags (the access screen's).
struct AccessFrames: FrameScenes {
    let screen: AccessScreen

    init(size: FrameSize, dither: Bool = false, showing: Set<SceneTag>? = nil, reuse: ReuseStore) throws {
        let layout = AccessLayout(size: size)
        let text = try TextSetter(scale: layout.scale, texts: AccessKind.elements.texts(for: AccessScenario(settings: ScenarioSettings(duration: 1))))
        // Its title and label set once while kept (every frame asks for them).
        var screen = AccessScreen(size: size, text: RememberedLines(text, reuse: reuse), showing: showing)
        screen.dither = dither
        self.screen = screen
    }

    func scene(at time: Double) throws -> Scene { screen.scene(at: time) }
}

/// `validate` for the access screen: its settings and the sparkle's loop.
struct AccessValidation {
    let scenario: AccessScenario
    let file: String

    /// Prints the summary, or with `print` one value ("size", "fps", "duration", "seed"; nothing else the screen has).
    func run(print field: String?) {
        if let field {
            switch field {
            case "size": Swift.print(scenario.size ?? .phone)
            case "fps": Swift.print(scenario.fps ?? 60)
            case "duration": Swift.print(ShownNumber.text(scenario.duration))
            case "seed": Swift.print(scenario.seed)
            default: Swift.print("")
            }
            return
        }
        var parts = ["\(ShownNumber.text(scenario.duration)) s"]
        if let size = scenario.size { parts.append("size \(size)") }
        if let fps = scenario.fps { parts.append("\(fps) fps") }
        Swift.print("\(file): valid; " + parts.joined(separator: ", "))
        Swift.print("scene: access")
        let loops = scenario.duration / AccessSparkle.period
        Swift.print("sparkle: a \(ShownNumber.text(AccessSparkle.period)) s loop, \(String(format: "%.2f", loops)) loops")
    }
}
