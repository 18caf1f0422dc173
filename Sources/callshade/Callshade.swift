import ArgumentParser
import CallshadeCore
import CallshadeSystem
import Foundation

@main
struct Callshade: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "callshade",
        abstract: "Render the motion graphics of a messenger's screens, offline and headless.",
        discussion: """
        callshade draws a voice call's screen: the animated four-point gradient \
        background (blue-violet while the call is set up, blue-green once it is \
        established, orange-red on weak signal), and the profile picture with waves \
        that follow the remote voice. A call scenario (a JSON timeline of call \
        states, signal, voice level or a recording, taps, proximity) decides every \
        frame. Frames come from GLSL ES 3.0 shaders through EGL (a GPU when there is \
        one, Mesa's llvmpipe when there is not) or from an independent CPU reference.

        Start with:
          callshade info                          the GPU or software renderer used
          callshade frame -o frame.png            one frame, 1170x2532
          callshade validate Examples/call.json   the timeline of a call scenario
          callshade render Examples/call.json -o call.mp4
          callshade sheet Examples/call.json -o sheet.png
          callshade compare Examples/call.json -o report
        """,
        subcommands: [FrameCommand.self, RenderCommand.self, ValidateCommand.self, LevelsCommand.self, CompareCommand.self, SheetCommand.self, InfoCommand.self, BenchCommand.self,
                      StudioCommand.self, ChatSettingsCommand.self, CurvesCommand.self]
    )

    /// Standard descriptors closed at start are put on /dev/null before
    /// anything is opened, and a command asked to write to a standard output
    /// that was closed is refused before it starts; errors are reported in at
    /// most three lines.
    static func main() {
        var parsed: ParsableCommand.Type?
        do {
            let closedAtStart = try ThisProcess.reopenClosedStandardStreams()
            var command = try parseAsRoot()
            parsed = type(of: command)
            if closedAtStart.contains(.standardOutput), (command as? WritesToStandardOutput)?.outputIsStandardOutput == true {
                throw Diagnostic.standardOutputClosed
            }
            try command.run()
        } catch {
            exitReporting(error, command: parsed)
        }
    }

    /// What ends the process when `error` ends a command (of type `command`,
    /// once its command line parsed): help in full on standard output with
    /// status 0, or one line "Error [ID]: TEXT" from the catalogue (none for
    /// a diagnostic without text) and the diagnostic's exit status (64 for a
    /// malformed command line), or the command's own status for errors.
    struct Ending: Equatable {
        let status: Int32
        /// Help, for standard output.
        var help = ""
        /// The diagnostic's line, for standard error (empty: none).
        var message = ""
    }

    static func ending(for error: Error, command: ParsableCommand.Type? = nil) -> Ending {
        let code = exitCode(for: error)
        if code == .success { return Ending(status: 0, help: fullMessage(for: error)) }
        if let exit = error as? ExitCode { return Ending(status: exit.rawValue) }
        let diagnostic = Diagnostic.thrown(in: error) ?? .usage(message(for: error).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " "))
        let status = (command as? HasErrorStatus.Type)?.errorStatus ?? diagnostic.exitCode
        return Ending(status: status, message: diagnostic.message)
    }

    /// Reports `error` as `ending(for:command:)` says, and exits.
    static func exitReporting(_ error: Error, command: ParsableCommand.Type? = nil) -> Never {
        let ending = ending(for: error, command: command)
        if !ending.help.isEmpty { print(ending.help) }
        if !ending.message.isEmpty { FileHandle.standardError.write(Data((ending.message + "\n").utf8)) }
        ThisProcess.exit(ending.status)
    }
}
