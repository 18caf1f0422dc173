import CallshadeCore
import CallshadeKinds
import CallshadeRender
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
package final class Studio: @unchecked Sendable {
    let file: String
    let exports: StudioExports
    /// The comparison with a recording (`--compare`), if any.
    let comparison: StudioComparison?
    private let rendering: StudioRendering
    private let drawing = StudioDrawingThread()
    /// Used on the drawing thread only.
    private let canvas: StudioCanvas
    private let lock = NSLock()
    private var scenario: StudioScenario
    private var generation = 1
    private var problem: String?
    private var stamps: FileStamps
    /// The animation editor's settings for a chat, when the page changed them (nil: the scenario's own).
    private var draft: ChatAnimationSettings?
    /// The scenario read with `draft` as its animation.
    private var edited: StudioScenario?
    /// Counts every change of what frames are drawn from (a reload, an edit of the settings), for the canvas's kept frames.
    private var version = 1
    /// Whether an edit of the settings is being applied (one at a time).
    private var editing = false

    /// Reads and checks `file` (an error is thrown as `validate` would report it);
    /// `rendering` gives the scene choices, the renderers and `--size`.
    package init(file: String, rendering: StudioRendering, exports: StudioExports, comparison: StudioComparison? = nil) throws {
        self.file = file
        self.rendering = rendering
        self.exports = exports
        self.comparison = comparison
        let scenario = try StudioScenario(file: file, rendering: rendering)
        self.scenario = scenario
        canvas = StudioCanvas(rendering: rendering, reuse: try rendering.makeReuse(), comparison: comparison)
        stamps = FileStamps(scenario.watchedFiles)
        comparison?.start(scenario)
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
        /// The comparison with the recording (absent without `--compare`).
        let compare: StudioComparison.State?
    }

    var status: Status {
        lock.lock()
        defer { lock.unlock() }
        return Status(generation: generation, error: problem, export: exports.state, compare: comparison?.state)
    }

    /// `POST /api/compare`: renders and compares the scenario as it is now again (409 while a comparison runs).
    func compareAgain() -> StudioReply {
        guard let comparison else { return .error("the studio was started without --compare", status: 404) }
        guard comparison.start(current.scenario) else { return .error("the comparison with the recording is running; one runs at a time", status: 409) }
        return .json(comparison.state, status: 202)
    }

    /// What frames are drawn from: the scenario, or the one with the editor's settings; and `version`.
    private var shown: (scenario: StudioScenario, version: Int) {
        lock.withLock { (edited ?? scenario, version) }
    }

    /// `GET /api/frame`: the PNG of the frame `query` asks for, drawn on the drawing thread.
    func frame(query: [String: String]) async -> StudioReply {
        let (scenario, version) = shown
        let request: StudioFrameRequest
        do {
            request = try StudioFrameRequest(query: query, scenario: scenario, describe: rendering.describe)
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
                    let drawn = try canvas.value.draw(request, of: box.value, version: version)
                    continuation.resume(returning: StudioReply(status: 200, contentType: "image/png", body: drawn.png, headers: drawn.headers))
                } catch let refused as StudioRequestError {
                    continuation.resume(returning: .error(refused.message, status: 400))
                } catch {
                    continuation.resume(returning: .error(self.rendering.describe(error), status: 500))
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
                    let fresh = try StudioScenario(file: file, rendering: rendering)
                    // The editor's settings stay over the new version, unless it now has them itself (a save).
                    var draft = lock.withLock { self.draft }
                    if draft != nil, (fresh.parsed as? any SettingsDrivenScenario)?.animationSettings == draft { draft = nil }
                    let edited = try draft.map { try StudioScenario(file: file, rendering: rendering, settings: $0) }
                    lock.lock()
                    scenario = fresh
                    self.draft = draft
                    self.edited = edited
                    generation += 1
                    version += 1
                    problem = nil
                    // The files the new version names are watched from now on.
                    stamps = FileStamps(fresh.watchedFiles)
                    let next = version
                    lock.unlock()
                    canvas.forget(before: next)
                } catch {
                    lock.lock()
                    problem = rendering.describe(error)
                    lock.unlock()
                }
                continuation.resume()
            } dropped: {
                continuation.resume()
            }
        }
    }

    /// `GET /api/settings`: the chat's animation settings as the editor shows them.
    func settings() -> StudioReply {
        settingsState.map { .json($0) } ?? noSettings
    }

    /// The editor's view of the settings; nil when the scenario is not a chat.
    private var settingsState: StudioSettingsState? {
        let (scenario, draft) = lock.withLock { (self.scenario, self.draft) }
        guard let driven = scenario.parsed as? any SettingsDrivenScenario, let source = scenario.animation else { return nil }
        return StudioSettingsState(source: source.name, file: source.file, saveTo: source.saveTarget(scenario: file), edited: draft != nil,
                                   json: ChatAnimationSettingsWriter.text(draft ?? driven.animationSettings ?? .defaults),
                                   notDrawn: ChatAnimationSettings.unrenderedBlocks)
    }

    private var noSettings: StudioReply {
        .error("a \(current.scenario.parsed.scene) scene has no animation settings (a chat's has)", status: 404)
    }

    /// `POST /api/settings`: the editor's settings (`body`, JSON), checked as
    /// `chat-settings check` checks a file; frames are drawn with them from
    /// now on (the scenario is read as if its `animation` held them). Nothing is written.
    func editSettings(body: [UInt8]) async -> StudioReply {
        guard current.scenario.parsed is any SettingsDrivenScenario else { return noSettings }
        let settings: ChatAnimationSettings
        do {
            settings = try StudioSettingsState.settings(from: body)
        } catch {
            return .error(rendering.describe(error), status: 400)
        }
        let started = lock.withLock {
            if editing { return false }
            editing = true
            return true
        }
        guard started else { return .error("the settings sent before are still being applied; send one change at a time", status: 503) }
        defer { lock.withLock { editing = false } }
        let failure: String? = await withCheckedContinuation { continuation in
            drawing.submit { [self] in
                do {
                    let own = (current.scenario.parsed as? any SettingsDrivenScenario)?.animationSettings
                    let edited = own == settings ? nil : try StudioScenario(file: file, rendering: rendering, settings: settings)
                    lock.lock()
                    draft = edited == nil ? nil : settings
                    self.edited = edited
                    version += 1
                    let next = version
                    lock.unlock()
                    canvas.forget(before: next)
                    continuation.resume(returning: nil)
                } catch {
                    continuation.resume(returning: rendering.describe(error))
                }
            } dropped: {
                continuation.resume(returning: "the studio is stopping")
            }
        }
        if let failure { return .error(failure, status: 400) }
        return self.settings()
    }

    /// `DELETE /api/settings`: frames follow the scenario's own settings again.
    func resetSettings() -> StudioReply {
        lock.withLock {
            if draft != nil {
                draft = nil
                edited = nil
                version += 1
            }
        }
        return settings()
    }

    /// `POST /api/settings/save`: writes the settings shown, as
    /// `chat-settings export` writes them, to the settings file the scenario
    /// names (which reloads it), else to `STEM.animation.json` beside it.
    /// The scenario file itself is never written.
    func saveSettings() -> StudioReply {
        guard var state = settingsState else { return noSettings }
        do {
            try AtomicFile.write(Array(state.json.utf8), to: state.saveTo)
        } catch {
            return .error(rendering.describe(error), status: 500)
        }
        state.saved = state.saveTo
        return .json(state)
    }

    /// `POST /api/export`: starts rendering the range `query` gives, unless an export is running.
    func export(query: [String: String]) -> StudioReply {
        let (scenario, _) = current
        do {
            let request = try StudioExportRequest(query: query, scenario: scenario)
            return exports.start(request, scenario: scenario)
        } catch let refused as StudioRequestError {
            return .error(refused.message, status: 400)
        } catch {
            return .error(rendering.describe(error), status: 500)
        }
    }
}

/// Carries a value that is not `Sendable` to the drawing thread, which alone uses it.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
