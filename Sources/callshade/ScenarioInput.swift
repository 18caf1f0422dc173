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
        try checkFonts(scenario, file: path)
        return scenario
    }

    /// Every character of the name must be in a font installed for the
    /// screen's text (Inter, or a face fontconfig offers for what it
    /// lacks), and every emoji of the key in the emoji font: a scenario that
    /// would draw a missing-glyph box is refused, naming the field and the
    /// character. A font the check needs that is missing is an error too,
    /// naming its package: the check is never skipped.
    static func checkFonts(_ scenario: Scenario, file: String, fonts: FontBook = .debian) throws {
        let checks: [(field: String, text: String, fonts: [TextFont], what: String)] = [
            ("name", scenario.name, [.regular, .semibold], "no installed font has"),
            ("key", scenario.key.joined(), [.emoji], "the emoji font (Noto Color Emoji) has no"),
        ]
        for check in checks where !check.text.isEmpty {
            for font in check.fonts {
                let uncovered: [Character]
                do {
                    uncovered = try TextSetter.uncoveredCharacters(in: check.text, font: font, fonts: fonts)
                } catch {
                    throw Diagnostic.fonts("\(error)")
                }
                guard let first = uncovered.first else { continue }
                let codes = first.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
                let more = uncovered.count > 1 ? " (and \(uncovered.count - 1) more)" : ""
                throw Diagnostic.scenario(ScenarioError(file: file, location: check.field,
                                                        "\(check.what) \"\(UserText.shown(String(first)))\" (\(codes))\(more); "
                                                        + (check.field == "key" ? "pick emoji it has" : "install a font that has it, or change the name")))
            }
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
