import ArgumentParser
import CallshadeSystem

/// A command whose work a signal can stop: `run` arms the stop path
/// (`Interruption`: SIGINT and SIGTERM kill its children and remove what
/// it staged) and then does `perform`, which hands the stop's cleanup to
/// whatever it starts or stages. Tests call `perform` in their own process,
/// with a cleanup of their own and no signal handlers.
protocol StoppableCommand: ParsableCommand {
    func perform(cleanup: StopCleanup) throws
}

extension StoppableCommand {
    /// Arms the stop path, then performs the command; an error that a stop
    /// caused joins the stop (see `Interruption.joiningStop`).
    func performStoppably() throws {
        let interruption = try Interruption()
        try interruption.joiningStop { try perform(cleanup: interruption.cleanup) }
    }

    func run() throws {
        try performStoppably()
    }
}

/// A command that exits with a status of its own for any error (`compare`:
/// 2, as 1 says that some frames differ), not the diagnostic's.
protocol HasErrorStatus {
    static var errorStatus: Int32 { get }
}
