import CallshadeCore
import CallshadeJSON
import Foundation

/// Loading a scenario for a command, with its errors as one-line CLI errors.
enum ScenarioInput {
    static func load(_ path: String) throws -> Scenario {
        do {
            return try ScenarioFile.load(path: path)
        } catch let error as ScenarioError {
            throw CLIError(error.description)
        }
    }

    /// Parses a time in seconds given on the command line.
    static func seconds(_ text: String, option: String) throws -> Double {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw CLIError("\(option) '\(text)' is not a finite number of seconds")
        }
        return value
    }

    /// A time that must lie within the scenario.
    static func time(_ text: String, option: String, in scenario: Scenario) throws -> Double {
        let value = try seconds(text, option: option)
        guard value >= 0, value <= scenario.duration else {
            throw CLIError("\(option) \(text) is outside the scenario (0 to \(CallTimeline.number(scenario.duration)) s)")
        }
        return value
    }
}
