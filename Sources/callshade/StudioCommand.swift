import ArgumentParser
import CallshadeCore
import CallshadeReport
import CallshadeStudio
import CallshadeSystem
import Foundation

struct StudioCommand: StoppableCommand {
    static let configuration = CommandConfiguration(
        commandName: "studio",
        abstract: "Review a scenario in the browser, frame by frame: a local web page with its timeline.",
        discussion: """
        Serves a page on 127.0.0.1 and ::1 (it prints the address and opens nothing; \
        `--host` listens elsewhere, with a warning): \
        the frame at the current instant, drawn as `frame --time` draws it, a \
        timeline with the scenario's marks and phases, play and pause at its \
        fps, frame-exact stepping, the layers, the CPU reference and the heat \
        map of the GPU against it, and exports (a PNG of the frame, a render \
        of a range). When the scenario file or a file it names changes, the \
        page reloads it; a scenario that no longer validates shows the error \
        `validate` prints next to the last good frame. Ctrl-C stops it.

        Examples:
          callshade studio Examples/call.json
          callshade studio Examples/chat.json --port 9000
          callshade studio Examples/drawing.json --port 0     (any free port)
          callshade studio Examples/chat.json --compare recording.mp4
        """
    )

    @Argument(help: ArgumentHelp("The scenario file (JSON).", valueName: "SCENARIO"))
    var scenario: String

    @Option(help: ArgumentHelp("The port to listen on, on 127.0.0.1 and ::1 (0: any free port).", valueName: "N"))
    var port: Int = StudioCommand.defaultPort

    @Option(help: ArgumentHelp("Listen on this numeric address instead of the loopbacks (0.0.0.0: every IPv4 address); "
                               + "anyone who can reach it sees the scenario's frames and can start exports.", valueName: "ADDR"))
    var host: String?

    @Option(help: ArgumentHelp("The folder range exports are written to.", valueName: "DIR"))
    var exports: String = "."

    @Option(help: ArgumentHelp("A screen recording to compare the scenario with: the studio renders the scenario (at its fps and size, "
                               + "or --size) and compares the two videos as compare does; the page plots it on the timeline.", valueName: "VIDEO"))
    var compare: String?

    @OptionGroup var sceneOptions: SceneOptions
    @OptionGroup var renderOptions: RenderOptions

    static let defaultPort = 8036

    func validate() throws {
        guard (0...65535).contains(port) else { throw Diagnostic.optionRange(option: "--port", range: 0...65535, got: port) }
        _ = try StudioAddresses(host: host)
    }

    /// What the studio draws and renders with, as this command line chose.
    var rendering: StudioRendering {
        let options = renderOptions
        return StudioRendering(choices: sceneOptions.choices, size: options.size, backend: options.backend == .cpu ? .cpu : .gpu,
                               makeRenderer: { backend, reuse in try options.makeRenderer(backend: backend == .cpu ? .cpu : .gpu, reuse: reuse) },
                               makeReuse: { try ReuseSwitch.store() }, describe: { Callshade.ending(for: $0).message }, warn: Warnings.say)
    }

    /// The studio of this command line's scenario (a scenario that does not validate is refused here).
    func makeStudio(cleanup: StopCleanup) throws -> Studio {
        if let compare { _ = try VideoComparison.open(compare) }
        let rendering = self.rendering
        return try Studio(file: scenario, rendering: rendering, exports: StudioExports(folder: exports, rendering: rendering, stop: cleanup),
                          comparison: compare.map { StudioComparison(recording: $0, rendering: rendering, stop: cleanup) })
    }

    func run() throws {
        // A write to an export's ffmpeg that a stop killed, or to a browser that went away, fails with EPIPE instead of ending the process.
        try ThisProcess.ignore(signal: SIGPIPE)
        try performStoppably()
    }

    /// What `--host` risks, said before listening (nil on the loopbacks).
    static func hostWarning(_ addresses: StudioAddresses) -> String? {
        guard addresses.explicit, let address = addresses.listen.first else { return nil }
        return "the studio listens on \(StudioAddresses.urlHost(address)) (--host), which other machines may reach: "
            + "anyone who can reach that address sees the scenario's frames and can start exports; it has no password"
    }

    /// Serves until a signal stops the process.
    func perform(cleanup: StopCleanup) throws {
        let addresses = try StudioAddresses(host: host)
        if let warning = Self.hostWarning(addresses) { FileHandle.standardError.write(Data(("Warning: " + warning + "\n").utf8)) }
        let server = StudioServer(studio: try makeStudio(cleanup: cleanup), port: UInt16(port), addresses: addresses)
        let started = BlockingResult<UInt16>()
        Task {
            do { started.finish(.success(try await server.start())) } catch { started.finish(.failure(error)) }
        }
        let listening = try started.wait()
        let line = "callshade studio: \(scenario) at \(addresses.urls(port: listening).joined(separator: " and ")) (Ctrl-C stops it)\n"
        FileHandle.standardOutput.write(Data(line.utf8))
        // Serves on the server's tasks; this thread waits for the signal that ends the process.
        let forever = DispatchSemaphore(value: 0)
        forever.wait()
    }
}

/// A result handed from a task to a thread that waits for it.
final class BlockingResult<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<Value, Error>?

    func finish(_ outcome: Result<Value, Error>) {
        result = outcome
        done.signal()
    }

    func wait() throws -> Value {
        done.wait()
        guard let result else { throw Diagnostic.internalError("no result") }
        return try result.get()
    }
}
