import CallshadeCore
import CallshadeRender
import Foundation

extension ScenarioFrames {
    /// The frames of `scenario` at `size`, showing `layers`, with the call
    /// screen the scene options give (its avatar, its point scale).
    init(scenario: Scenario, size: FrameSize, layers: Set<SceneTag>, scene: SceneOptions, reuse: ReuseStore) throws {
        try self.init(scenario: scenario) { scenario in
            try scene.callScreen(size: size, scenario: scenario, showing: layers, reuse: reuse)
        }
    }

    /// Says on standard error, once each, the damaged video data met while drawing.
    func sayVideoWarnings() {
        for warning in videos?.takeWarnings() ?? [] {
            FileHandle.standardError.write(Data(("Warning: " + warning + "\n").utf8))
        }
    }
}
