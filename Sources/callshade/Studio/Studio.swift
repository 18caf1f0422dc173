import CallshadeCore
import CallshadeSystem
import Foundation

/// An answer of the studio, before HTTP: a status, a content type, the body and extra headers.
struct StudioReply: Sendable {
    let status: Int
    let contentType: String
    let body: [UInt8]
    var headers: [String: String] = [:]

    static func json(_ value: some Encodable, status: Int = 200) -> StudioReply {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let body = (try? encoder.encode(value)).map { [UInt8]($0) } ?? Array("{}".utf8)
        return StudioReply(status: status, contentType: "application/json", body: body)
    }

    /// A refusal or failure: its message as JSON (`{"error": ...}`).
    static func error(_ message: String, status: Int) -> StudioReply {
        json(["error": message], status: status)
    }
}

/// The studio of one scenario file: the scenario as last validated, the
/// error of the file as it is now (the line `validate` prints; nil while it
/// validates), the files watched for changes, the drawing thread, and the
/// range exports. Shared by the server's tasks; its state is behind a lock.
final class Studio: @unchecked Sendable {
    let file: String
    let exports: StudioExports
    private let scene: SceneOptions
    private let size: FrameSize?
    private let drawing = StudioDrawingThread()
    /// Used on the drawing thread only.
    private let canvas: StudioCanvas
    private let lock = NSLock()
    private var scenario: StudioScenario
    private var generation = 1
    private var problem: String?
    private var stamps: FileStamps

    /// Reads and checks `file` (an error is thrown as `validate` would report it);
    /// `render` gives the renderer and `--size`, `exportArguments` the options every export's render gets.
    init(file: String, scene: SceneOptions, render: RenderOptions, exports: StudioExports) throws {
        self.file = file
        self.scene = scene
        size = render.size
        self.exports = exports
        let scenario = try StudioScenario(file: file, options: scene, size: render.size)
        self.scenario = scenario
        canvas = StudioCanvas(scene: scene, render: render)
        stamps = FileStamps(scenario.watchedFiles)
    }

    deinit {
        drawing.stop()
    }

    /// Ends the drawing thread (frames still waiting are answered 503).
    func stop() {
        drawing.stop()
    }

    /// The scenario as last validated, and its generation.
    var current: (scenario: StudioScenario, generation: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (scenario, generation)
    }

    /// `GET /api/summary`.
    func summary() -> StudioReply {
        let (scenario, generation) = current
        return .json(StudioSummary(scenario, generation: generation))
    }

    /// What the page polls (`GET /api/status`): the generation, the file's error now (nil when valid), the export.
    struct Status: Codable, Equatable {
        let generation: Int
        let error: String?
        let export: StudioExports.State
    }

    var status: Status {
        lock.lock()
        defer { lock.unlock() }
        return Status(generation: generation, error: problem, export: exports.state)
    }

    /// `GET /api/frame`: the PNG of the frame `query` asks for, drawn on the drawing thread.
    func frame(query: [String: String]) async -> StudioReply {
        let (scenario, generation) = current
        let request: StudioFrameRequest
        do {
            request = try StudioFrameRequest(query: query, scenario: scenario)
        } catch let refused as StudioRequestError {
            return .error(refused.message, status: 400)
        } catch {
            return .error("\(error)", status: 400)
        }
        let canvas = UncheckedBox(self.canvas)
        let box = UncheckedBox(scenario)
        return await withCheckedContinuation { continuation in
            drawing.submitFrame({
                do {
                    let drawn = try canvas.value.draw(request, of: box.value, generation: generation)
                    continuation.resume(returning: StudioReply(status: 200, contentType: "image/png", body: drawn.png, headers: drawn.headers))
                } catch {
                    continuation.resume(returning: .error(Callshade.ending(for: error).message, status: 500))
                }
            }, replaced: {
                continuation.resume(returning: .error("a newer frame was asked for before this one was drawn", status: 503))
            })
        }
    }

    /// Reads the watched files' stamps; when any changed, reads and checks
    /// the scenario again on the drawing thread: valid, it replaces the one
    /// shown (the generation goes up); invalid, the one shown stays and its
    /// error is kept for the page. Returns whether anything changed.
    @discardableResult
    func checkForChanges() async -> Bool {
        let before = lock.withLock { stamps }
        let now = FileStamps(Array(before.stamps.keys))
        guard now != before else { return false }
        lock.withLock { stamps = now }
        await reload()
        return true
    }

    /// Reads and checks the scenario again (see `checkForChanges`).
    func reload() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            drawing.submit { [self] in
                do {
                    let fresh = try StudioScenario(file: file, options: scene, size: size)
                    lock.lock()
                    scenario = fresh
                    generation += 1
                    problem = nil
                    // The files the new version names are watched from now on.
                    stamps = FileStamps(fresh.watchedFiles)
                    let next = generation
                    lock.unlock()
                    canvas.forget(before: next)
                } catch {
                    lock.lock()
                    problem = Callshade.ending(for: error).message
                    lock.unlock()
                }
                continuation.resume()
            } dropped: {
                continuation.resume()
            }
        }
    }

    /// `POST /api/export`: starts rendering the range `query` gives, unless an export is running.
    func export(query: [String: String]) -> StudioReply {
        let (scenario, _) = current
        do {
            let request = try StudioExportRequest(query: query, scenario: scenario)
            return try exports.start(request, scenario: scenario)
        } catch let refused as StudioRequestError {
            return .error(refused.message, status: 400)
        } catch {
            return .error(Callshade.ending(for: error).message, status: 500)
        }
    }
}

/// Carries a value that is not `Sendable` to the drawing thread, which alone uses it.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
