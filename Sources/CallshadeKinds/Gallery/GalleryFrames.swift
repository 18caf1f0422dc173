import CallshadeCore
import CallshadeRender
import CallshadeText

/// The gallery's frames as the commands draw them: its title set once at
/// the frame's scale, then the scene at any instant, showing `--layers`'
/// tags (the gallery's). Every level's tile must be at least 8 pixels at
/// the frame's size (`gallery.md` section 7).
public struct GalleryFrames: FrameScenes {
    /// The smallest tile side a level may have, pixels.
    public static let minimumSide = 8

    public let screen: GalleryScreen

    public init(_ scenario: GalleryScenario, file: String, size: FrameSize, dither: Bool = false, showing: Set<SceneTag>? = nil,
                reuse: ReuseStore) throws {
        for level in scenario.levels {
            let side = scenario.layout(size: size, columns: level).side
            guard side >= Self.minimumSide else {
                throw ScenarioError(file: file, location: "levels",
                                    "\(level) columns make \(side) px tiles at \(size), under the \(Self.minimumSide) px a tile must have")
            }
        }
        let text = try TextSetter(scale: scenario.layout(size: size).scale, texts: GalleryKind.elements.texts(for: scenario))
        // Its title set once while kept (every frame asks for it).
        var screen = try GalleryScreen(scenario, size: size, text: RememberedLines(text, reuse: reuse), showing: showing, reuse: reuse,
                                       file: file)
        screen.dither = dither
        self.screen = screen
    }

    public func scene(at time: Double) throws -> Scene { screen.scene(at: time) }
}
