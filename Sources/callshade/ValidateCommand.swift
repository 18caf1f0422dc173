import ArgumentParser
import CallshadeCore
import Foundation

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a scenario file and summarise its timeline.",
        discussion: """
        Prints the scenario's settings and its notable moments: call state changes, \
        palette changes and crossfades, idle pauses and resumes of the background, \
        and when the waves ease out, freeze or hide. A bad file gets one line that \
        names the event and the field, and a non-zero exit.
        """
    )

    @Argument(help: ArgumentHelp("The scenario file (JSON).", valueName: "SCENARIO"))
    var scenario: String

    @Option(help: ArgumentHelp("Show at most this many timeline lines.", valueName: "N"))
    var lines: Int = 40

    func run() throws {
        let scenario = try ScenarioInput.load(self.scenario)
        let timeline = CallTimeline(scenario)
        print(Self.header(scenario, file: self.scenario))
        let milestones = timeline.milestones
        print("  time (s)  what")
        let shown = milestones.count <= max(lines, 2) ? milestones
            : Array(milestones.prefix(max(lines, 2) / 2)) + Array(milestones.suffix(max(lines, 2) / 2))
        for (index, milestone) in shown.enumerated() {
            if shown.count < milestones.count, index == shown.count / 2 {
                print("       ...  \(milestones.count - shown.count) more")
            }
            let time = String(format: "%9.3f", milestone.time)
            print("\(time)  \(milestone.text)")
        }
    }

    static func header(_ scenario: Scenario, file: String) -> String {
        var parts = ["\(CallTimeline.number(scenario.duration)) s", "seed \(scenario.seed)",
                     "\(scenario.events.count) event\(scenario.events.count == 1 ? "" : "s")"]
        if let size = scenario.size { parts.append("size \(size)") }
        if let fps = scenario.fps { parts.append("\(fps) fps") }
        if let avatar = scenario.avatarPath { parts.append("avatar \(avatar)") }
        if let audio = scenario.audioPath { parts.append("audio \(audio)") }
        return "\(file): valid; " + parts.joined(separator: ", ")
    }
}
