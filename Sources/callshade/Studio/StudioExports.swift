import CallshadeCore
import CallshadeSystem
import Foundation

/// The studio's range exports: one at a time, each a `render` command line
/// (parsed and checked as the command line is, then rendered by the same
/// code) on a thread of its own, its progress kept for the page to poll. A
/// signal that stops the studio stops the export too: its ffmpeg is killed
/// and what it staged removed.
final class StudioExports: @unchecked Sendable {
    /// Where an export stands.
    struct State: Codable, Equatable, Sendable {
        enum Phase: String, Codable, Sendable {
            case idle, running, done, failed
        }

        var phase: Phase = .idle
        var done = 0
        var total = 0
        /// The video file or PNG frames' folder it writes.
        var output: String?
        /// Why it failed: the line `render` would print.
        var error: String?
    }

    /// The folder exports are written to (`--exports`).
    let folder: String
    /// The options every export's render gets: the studio's renderer and scene options.
    private let options: [String]
    /// The studio's stop: it stops a running export.
    private let stop: StopCleanup
    private let lock = NSLock()
    private var current = State()

    init(folder: String, options: [String], stop: StopCleanup) {
        self.folder = folder
        self.options = options
        self.stop = stop
    }

    var state: State {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// The `render` command line that exports `request` of `scenario`.
    func arguments(_ request: StudioExportRequest, scenario: StudioScenario) -> [String] {
        let stem = URL(fileURLWithPath: scenario.file).deletingPathExtension().lastPathComponent
        let name = "\(stem)-\(ShownNumber.text(request.from))-\(ShownNumber.text(request.to))s"
        let output = (folder as NSString).appendingPathComponent(request.format == "mp4" ? name + ".mp4" : name)
        return ["render", scenario.file, "-o", output, "--from", "\(request.from)", "--to", "\(request.to)",
                "--size", (request.full ? scenario.fullSize : scenario.previewSize).description, "--format", request.format, "--quiet"] + options
    }

    /// Starts the export (202 with its state), or says why not: 409 while another runs, 400 for a command line `render` refuses.
    func start(_ request: StudioExportRequest, scenario: StudioScenario) throws -> StudioReply {
        let arguments = arguments(request, scenario: scenario)
        let command: RenderCommand
        do {
            guard let parsed = try Callshade.parseAsRoot(arguments) as? RenderCommand else {
                throw Diagnostic.internalError("an export's command line is not a render")
            }
            command = parsed
        } catch {
            return .error(Callshade.ending(for: error, command: RenderCommand.self).message, status: 400)
        }
        lock.lock()
        guard current.phase != .running else {
            lock.unlock()
            return .error("an export is running (\(current.done) of \(current.total) frames); one runs at a time", status: 409)
        }
        current = State(phase: .running, done: 0, total: 0, output: arguments[3], error: nil)
        let started = current
        lock.unlock()
        let box = UncheckedBox(command)
        let thread = Thread { [self] in run(box.value) }
        thread.name = "callshade.studio.export"
        thread.start()
        return .json(started, status: 202)
    }

    private func run(_ command: RenderCommand) {
        let own = StopCleanup()
        let key = stop.register(.children) { _ = own.stop() }
        defer { stop.unregister(key) }
        do {
            try command.render(cleanup: own, rawOutput: .standardOutput) { done, total in
                lock.lock()
                current.done = done
                current.total = total
                lock.unlock()
            }
            lock.lock()
            current.phase = .done
            lock.unlock()
        } catch {
            let message = Callshade.ending(for: error, command: RenderCommand.self).message
            lock.lock()
            current.phase = .failed
            current.error = message
            lock.unlock()
        }
    }
}
