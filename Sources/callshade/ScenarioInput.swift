import CallshadeText
import CallshadeCore
import CallshadeJSON
import Foundation

/// Loading a scenario for a command, with its errors as one-line CLI errors.
enum ScenarioInput {
    static func load(_ path: String) throws -> Scenario {
        let scenario: Scenario
        do {
            scenario = try ScenarioFile.load(path: path)
        } catch let error as ScenarioError {
            throw Diagnostic.scenario(error)
        }
        // The key's emoji must be in the emoji font. (Without the font, drawing text reports it; a render without text needs none.)
        if let missing = try? TextSetter.characters(in: scenario.key.joined(), missingFrom: .emoji), let first = missing.first {
            let codes = first.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
            throw Diagnostic.scenario(ScenarioError(file: path, location: "key",
                                                    "the emoji font (Noto Color Emoji) has no \"\(first)\" (\(codes)); pick emoji it has"))
        }
        return scenario
    }

    /// A time given with `option` that must lie within the scenario.
    static func time(_ value: Double, option: String, in scenario: Scenario) throws -> Double {
        guard value >= 0, value <= scenario.duration else {
            throw Diagnostic.timeOutsideScenario(option: option, time: value, duration: scenario.duration)
        }
        return value
    }
}
