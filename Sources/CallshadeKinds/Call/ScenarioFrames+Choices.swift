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

    /// The damaged video data met while drawing since the last call, each once.
    public func videoWarnings() -> [String] { videos?.takeWarnings() ?? [] }
}
