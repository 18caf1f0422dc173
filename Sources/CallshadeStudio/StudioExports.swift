import CallshadeCore
import CallshadeRender
import CallshadeSystem
import Foundation

/// The studio's range exports: one at a time, each a `RenderJob` as
/// `render` runs it, on a thread of its own, its progress kept for the page
/// to poll. A signal that stops the studio stops the export too: its ffmpeg
/// is killed and what it staged removed.
package final class StudioExports: @unchecked Sendable {
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
    /// What every export renders with: the studio's renderer and scene choices.
    private let rendering: StudioRendering
    /// The studio's stop: it stops a running export.
    private let stop: StopCleanup
    private let lock = NSLock()
    private var current = State()

    package init(folder: String, rendering: StudioRendering, stop: StopCleanup) {
        self.folder = folder
        self.rendering = rendering
        self.stop = stop
    }

    var state: State {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Where the export of `request` of `scenario` goes: a video, or a folder of PNG frames.
    func target(_ request: StudioExportRequest, scenario: StudioScenario) -> OutputTarget {
        let stem = URL(fileURLWithPath: scenario.file).deletingPathExtension().lastPathComponent
        let name = "\(stem)-\(ShownNumber.text(request.from))-\(ShownNumber.text(request.to))s"
        let path = (folder as NSString).appendingPathComponent(request.format == "mp4" ? name + ".mp4" : name)
        return request.format == "mp4" ? .video(path, .mp4) : .frames(path)
    }

    /// Starts the export (202 with its state), or says why not: 409 while another runs.
    func start(_ request: StudioExportRequest, scenario: StudioScenario) -> StudioReply {
        let target = target(request, scenario: scenario)
        lock.lock()
        guard current.phase != .running else {
            lock.unlock()
            return .error("an export is running (\(current.done) of \(current.total) frames); one runs at a time", status: 409)
        }
        current = State(phase: .running, done: 0, total: 0, output: target.path, error: nil)
        let started = current
        lock.unlock()
        let box = UncheckedBox((request, scenario, target))
        let thread = Thread { [self] in run(box.value.0, of: box.value.1, into: box.value.2) }
        thread.name = "callshade.studio.export"
        thread.start()
        return .json(started, status: 202)
    }

    private func run(_ request: StudioExportRequest, of scenario: StudioScenario, into target: OutputTarget) {
        let own = StopCleanup()
        let key = stop.register(.children) { _ = own.stop() }
        defer { stop.unregister(key) }
        do {
            try rendering.render(scenario, from: request.from, to: request.to, size: request.full ? scenario.fullSize : scenario.previewSize,
                                 into: target, cleanup: own) { done, total in
                lock.lock()
                current.done = done
                current.total = total
                lock.unlock()
            }
            lock.lock()
            current.phase = .done
            lock.unlock()
        } catch {
            let message = rendering.describe(error)
            lock.lock()
            current.phase = .failed
            current.error = message
            lock.unlock()
        }
    }
}
