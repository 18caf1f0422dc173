import ArgumentParser
import CallshadeCore
import CallshadeJSON
import CallshadeKinds
import CallshadeRender
import CallshadeText
import Foundation

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a scenario file and summarise its timeline.",
        discussion: """
        Prints the scenario's settings, its scene kind, and what its kind lists: a call's \
        state changes, palette changes and crossfades, idle pauses of the background and \
        the waves easing out, freezing or hiding; a chat's wallpaper, drafts and sends; a \
        drawing's canvas, strokes and entities; the access screen's sparkle. A bad file \
        gets one line that names the event and the field, and a non-zero exit.
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

    typealias Field = PrintedField

    func run() throws {
        let parsed = try ScenarioFile.loadAny(path: self.scenario)
        guard let listed = parsed as? any ListedScenario else {
            throw Diagnostic.internalError("validate cannot list a scenario of kind \(parsed.scene)")
        }
        if let field = self.print {
            Swift.print(listed.printed[field] ?? "")
            return
        }
        try listed.listing(file: self.scenario).print(file: self.scenario, lines: lines)
    }
}

extension PrintedField: ExpressibleByArgument {}
