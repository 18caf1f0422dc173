import CallshadeCore
import CallshadeRender

extension ScenarioInput {
    /// A time given with `option` that must lie within the scenario.
    static func time(_ value: Double, option: String, in scenario: some ParsedScenario) throws -> Double {
        guard value >= 0, value <= scenario.duration else {
            throw Diagnostic.timeOutsideScenario(option: option, time: value, duration: scenario.duration)
        }
        return value
    }
}
