import ArgumentParser
@testable import callshade
import CallshadeSystem

/// Runs a command line in this process as `main` does, to the same exit
/// status and diagnostic line: parsed and validated, then performed with a
/// stop cleanup of its own (no signal handler is armed, nothing exits the
/// process). For commands whose output is files or an error: standard
/// output is not collected (help aside), so commands that print, and
/// `render -o -`, are run as the built binary (`runCallshade`).
func runInProcess(_ arguments: [String]) -> CommandResult {
    var parsed: ParsableCommand.Type?
    do {
        var command = try Callshade.parseAsRoot(arguments)
        parsed = type(of: command)
        precondition((command as? WritesToStandardOutput)?.outputIsStandardOutput != true, "run -o - as the built binary")
        if let stoppable = command as? StoppableCommand {
            try stoppable.perform(cleanup: StopCleanup())
        } else {
            try command.run()
        }
        return CommandResult(status: 0, standardOutput: "", standardError: "")
    } catch {
        let ending = Callshade.ending(for: error, command: parsed)
        return CommandResult(status: ending.status, standardOutput: ending.help,
                             standardError: ending.message.isEmpty ? "" : ending.message + "\n")
    }
}
