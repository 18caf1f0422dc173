import ArgumentParser
@testable import callshade
import CallshadeSystem
import Foundation

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

/// The raw frames `render ... -o -` writes, rendered in this process into a
/// pipe (a failure to parse or render fails with its diagnostic's line).
func renderRawInProcess(_ arguments: [String]) throws -> Data {
    guard let command = try Callshade.parseAsRoot(["render"] + arguments + ["-o", "-"]) as? RenderCommand else {
        throw RawRenderFailure(message: "not a render command line")
    }
    let pipe = try FileDescriptor.pipe()
    let reader = StreamCollector(pipe.readEnd)
    do {
        try command.render(cleanup: StopCleanup(), rawOutput: pipe.writeEnd)
        try pipe.writeEnd.close()
    } catch {
        try? pipe.writeEnd.close()
        _ = try? reader.finish()
        throw RawRenderFailure(message: Callshade.ending(for: error, command: RenderCommand.self).message)
    }
    return Data(try reader.finish())
}

struct RawRenderFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Reads a descriptor to its end on a thread of its own, keeping every byte, and closes it.
final class StreamCollector: @unchecked Sendable {
    private var bytes: [UInt8] = []
    private var failure: Error?
    private let done = DispatchSemaphore(value: 0)

    init(_ descriptor: FileDescriptor) {
        Thread.detachNewThread { [self] in
            do {
                while true {
                    let chunk = try descriptor.read()
                    if chunk.isEmpty { break }
                    bytes += chunk
                }
                try descriptor.close()
            } catch {
                failure = error
            }
            done.signal()
        }
    }

    /// Everything read, once the writer's end has closed.
    func finish() throws -> [UInt8] {
        done.wait()
        if let failure { throw failure }
        return bytes
    }
}
