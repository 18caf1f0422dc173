import CallshadeCore
import CallshadeRender
import Foundation

extension ScenarioFrames {
    /// The frames of `scenario` at `size`, showing `layers`, with the call
    /// screen the choices give (its avatar, its point scale).
    public init(scenario: Scenario, size: FrameSize, layers: Set<SceneTag>, choices: SceneChoices, reuse: ReuseStore) throws {
        try self.init(scenario: scenario) { scenario in
            try choices.callScreen(size: size, scenario: scenario, showing: layers, reuse: reuse)
        }
    }

    /// Says on standard error, once each, the damaged video data met while drawing.
    public func sayVideoWarnings() {
        for warning in videos?.takeWarnings() ?? [] {
            FileHandle.standardError.write(Data(("Warning: " + warning + "\n").utf8))
        }
    }
}
