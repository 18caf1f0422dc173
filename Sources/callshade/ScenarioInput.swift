import CallshadeCore
import CallshadeJSON
import Foundation

/// Loading a scenario for a command, with its errors as one-line CLI errors.
enum ScenarioInput {
    static func load(_ path: String) throws -> Scenario {
        do {
            return try ScenarioFile.load(path: path)
        } catch let error as ScenarioError {
            throw Diagnostic.scenario(error)
        }
    }

    /// A time given with `option` that must lie within the scenario.
    static func time(_ value: Double, option: String, in scenario: Scenario) throws -> Double {
        guard value >= 0, value <= scenario.duration else {
            throw Diagnostic.timeOutsideScenario(option: option, time: value, duration: scenario.duration)
        }
        return value
    }
}
