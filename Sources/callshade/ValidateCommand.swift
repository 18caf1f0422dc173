import ArgumentParser
import CallshadeCore
import CallshadeJSON
import CallshadeRender
import CallshadeText
import Foundation

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a scenario file and summarise its timeline.",
        discussion: """
        Prints the scenario's settings, its scene kind and its notable moments: call state changes, \
        palette changes and crossfades, idle pauses and resumes of the background, \
        and when the waves ease out, freeze or hide. A bad file gets one line that \
        names the event and the field, and a non-zero exit.
        """
    )

    @Argument(help: ArgumentHelp("The scenario file (JSON).", valueName: "SCENARIO"))
    var scenario: String

    @Option(help: ArgumentHelp("Show at most this many timeline lines.", valueName: "N"))
    var lines: Int = 40

    @Option(help: ArgumentHelp("""
        Print one value for scripts instead of the summary: size (the scenario's, else 1170x2532), \
        fps (else 60), duration, seed, audio or avatar (absolute path, or nothing).
        """, valueName: "FIELD"))
    var print: Field?

    /// What `--print` can print.
    enum Field: String, CaseIterable, ExpressibleByArgument {
        case size, fps, duration, seed, audio, avatar
    }

    func run() throws {
        let parsed = try ScenarioFile.loadAny(path: self.scenario)
        if let chat = parsed as? ChatScenario {
            try ChatValidation(scenario: chat, file: self.scenario, lines: lines).run(print: self.print.map(\.rawValue))
            return
        }
        if let access = parsed as? AccessScenario {
            AccessValidation(scenario: access, file: self.scenario).run(print: self.print.map(\.rawValue))
            return
        }
        if let drawn = parsed as? DrawingScenario {
            try DrawingValidation(scenario: drawn, file: self.scenario, lines: lines).run(print: self.print.map(\.rawValue))
            return
        }
        let scenario = try ScenarioInput.load(self.scenario)
        if let field = self.print {
            switch field {
            case .size: Swift.print(scenario.size ?? .phone)
            case .fps: Swift.print(scenario.fps ?? 60)
            case .duration: Swift.print(ShownNumber.text(scenario.duration))
            case .seed: Swift.print(scenario.seed)
            case .audio: Swift.print(scenario.audioPath ?? "")
            case .avatar: Swift.print(scenario.avatarPath ?? "")
            }
            return
        }
        let meter = try ScenarioInput.recording(scenario)?.meter()
        let timeline = ScenarioInput.timeline(scenario, meter: meter)
        Swift.print(Self.header(scenario, file: self.scenario))
        Swift.print("scene: \(scenario.scene)")
        if let warning = Self.fontWarning(scenario) { FileHandle.standardError.write(Data(("Warning: " + warning + "\n").utf8)) }
        if let meter {
            Swift.print(Self.audioSummary(length: meter.duration, scenario: scenario))
        }
        let milestones = timeline.milestones
        Swift.print("  time (s)  what")
        let shown = milestones.count <= max(lines, 2) ? milestones
            : Array(milestones.prefix(max(lines, 2) / 2)) + Array(milestones.suffix(max(lines, 2) / 2))
        for (index, milestone) in shown.enumerated() {
            if shown.count < milestones.count, index == shown.count / 2 {
                Swift.print("       ...  \(milestones.count - shown.count) more")
            }
            let time = String(format: "%9.3f", milestone.time)
            Swift.print("\(time)  \(milestone.text)")
        }
    }

    /// Why the screen's text cannot be set for this scenario's name and key (the
    /// glyphs do not fit the atlas, a font file is unreadable); nil when all
    /// is well. Characters no font has were refused when the scenario was read.
    static func fontWarning(_ scenario: Scenario) -> String? {
        do {
            _ = try TextSetter(scale: 1, texts: CallKind.elements.texts(for: scenario))
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// How the recording relates to the scenario: its length, and what wins.
    static func audioSummary(length: Double, scenario: Scenario) -> String {
        var lines = ["audio: \(ShownNumber.text(length)) s; it drives the waves"]
        if length < scenario.duration - 1e-9 {
            lines.append("  shorter than the scenario: silence (level 0) after \(ShownNumber.text(length)) s")
        } else if length > scenario.duration + 1e-9 {
            lines.append("  longer than the scenario: trimmed at \(ShownNumber.text(scenario.duration)) s")
        }
        let levelEvents = scenario.events.filter { if case .level = $0.change { return true } else { return false } }.count
        if levelEvents > 0 {
            lines.append("  the audio wins: \(levelEvents) level event\(levelEvents == 1 ? " is" : "s are") ignored")
        }
        return lines.joined(separator: "\n")
    }

    static func header(_ scenario: Scenario, file: String) -> String {
        var parts = ["\(ShownNumber.text(scenario.duration)) s", "seed \(scenario.seed)",
                     "\(scenario.events.count) event\(scenario.events.count == 1 ? "" : "s")"]
        if let size = scenario.size { parts.append("size \(size)") }
        if let fps = scenario.fps { parts.append("\(fps) fps") }
        if let avatar = scenario.avatarPath { parts.append("avatar \(avatar)") }
        if let audio = scenario.audioPath { parts.append("audio \(audio)") }
        return "\(file): valid; " + parts.joined(separator: ", ")
    }
}
