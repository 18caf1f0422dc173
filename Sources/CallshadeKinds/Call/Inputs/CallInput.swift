import CallshadeText
import CallshadeCore
import CallshadeJSON
import CallshadeRender
import Foundation

/// A call scenario's inputs: its file read and checked, its texts checked
/// against the installed fonts (errors: `ScenarioError`, `TextFailure`), its
/// recording opened and measured, its timeline, its videos.
public enum CallInput {
    public static func load(_ path: String) throws -> Scenario {
        let scenario = try ScenarioFile.load(path: path)
        try checkFonts(scenario, file: path)
        return scenario
    }

    /// Every character of the name must be in a font installed for the
    /// screen's text (Inter, or a face fontconfig offers for what it
    /// lacks), and every emoji of the key in the emoji font: a scenario that
    /// would draw a missing-glyph box is refused, naming the field and the
    /// character. A font the check needs that is missing is an error too,
    /// naming its package: the check is never skipped.
    public static func checkFonts(_ scenario: Scenario, file: String, fonts: FontBook = .debian) throws {
        let checks: [(field: String, text: String, fonts: [TextFont], what: String)] = [
            ("name", scenario.name, [.regular, .semibold], "no installed font has"),
            ("key", scenario.key.joined(), [.emoji], "the emoji font (Noto Color Emoji) has no"),
        ]
        for check in checks where !check.text.isEmpty {
            for font in check.fonts {
                let uncovered = try TextSetter.uncoveredCharacters(in: check.text, font: font, fonts: fonts)
                guard let first = uncovered.first else { continue }
                let codes = first.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
                let more = uncovered.count > 1 ? " (and \(uncovered.count - 1) more)" : ""
                throw ScenarioError(file: file, location: check.field,
                                    "\(check.what) \"\(UserText.shown(String(first)))\" (\(codes))\(more); "
                                    + (check.field == "key" ? "pick emoji it has" : "install a font that has it, or change the name"))
            }
        }
    }
}

extension CallInput {
    /// The scenario's recording, opened, when it names one.
    public static func recording(_ scenario: Scenario) throws -> Recording? {
        try scenario.audioPath.map(Recording.init(path:))
    }

    /// The scenario's timeline, its voice level measured by `meter` (the
    /// scenario's recording's) when there is one.
    public static func timeline(_ scenario: Scenario, meter: VoiceLevelMeter?) -> CallTimeline {
        guard let meter else { return CallTimeline(scenario) }
        let levels = meter.levels(tickCount: CallTimeline.levelTickCount(duration: scenario.duration))
        return CallTimeline(scenario, voiceLevels: levels)
    }

    /// The scenario's timeline, its recording opened and measured once.
    public static func timeline(_ scenario: Scenario) throws -> CallTimeline {
        timeline(scenario, meter: try recording(scenario)?.meter())
    }
}
