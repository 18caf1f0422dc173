@testable import CallshadeStudio
@testable import callshade
import CallshadeCore
import CallshadeKinds
import CallshadeJSON
import CallshadePNG
import CallshadeReport
import CallshadeSystem
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// `callshade studio` in this process: the server started on a free port of
/// 127.0.0.1 and asked over HTTP, its frames held byte for byte to the
/// `frame` command's PNGs, its refusals, its reload, and an export.
final class StudioTests: XCTestCase {
    private var servers: [StudioServer] = []

    override func tearDown() async throws {
        for server in servers { await server.stop() }
        servers = []
    }

    private var examples: URL { TestPaths.packageRoot.appendingPathComponent("Examples") }

    /// The studio of `file`, listening on a free port; the port.
    private func start(_ file: String, _ options: [String] = [], exports: String? = nil) async throws -> (Studio, Int) {
        var arguments = ["studio", file, "--port", "0"] + options
        if let exports { arguments += ["--exports", exports] }
        let command = try XCTUnwrap(try Callshade.parseAsRoot(arguments) as? StudioCommand)
        let server = StudioServer(studio: try command.makeStudio(cleanup: StopCleanup()), port: 0)
        servers.append(server)
        let port = try await server.start()
        XCTAssertGreaterThan(port, 0)
        return (server.studio, Int(port))
    }

    private struct Answer {
        let status: Int
        let body: Data
        let headers: [AnyHashable: Any]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    private func ask(_ port: Int, _ path: String, method: String = "GET", headers: [String: String] = [:], body: Data? = nil) async throws -> Answer {
        var request = URLRequest(url: try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)\(path)")))
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (body, response) = try await URLSession.shared.data(for: request)
        let http = try XCTUnwrap(response as? HTTPURLResponse)
        return Answer(status: http.statusCode, body: body, headers: http.allHeaderFields)
    }

    /// The PNG `callshade frame` writes for these options.
    private func framePNG(_ arguments: [String]) throws -> Data {
        let output = try scratchFolder().appendingPathComponent("frame-\(arguments.joined().hashValue).png").path
        let result = runInProcess(["frame"] + arguments + ["-o", output])
        XCTAssertEqual(result.status, 0, result.standardError)
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    func testSummaryGivesTheDrawingsStrokesAsMarksAndBands() async throws {
        let (_, port) = try await start(examples.appendingPathComponent("drawing-canvas.json").path)
        let answer = try await ask(port, "/api/summary")
        XCTAssertEqual(answer.status, 200)
        let summary = try JSONDecoder().decode(StudioSummary.self, from: answer.body)
        XCTAssertEqual(summary.kind, "drawing")
        XCTAssertEqual(summary.fps, 30)
        XCTAssertEqual(summary.duration, 19)
        XCTAssertEqual(summary.lastFrame, 570)
        XCTAssertEqual(summary.size, "1080x1920")
        XCTAssertEqual(summary.previewSize, "390x693")
        XCTAssertEqual(summary.layers, ["canvas", "strokes", "entities", "lasso", "chrome"], "the drawing kind's layers, as --layers has them")
        XCTAssertEqual(summary.marks.count, 25, "22 strokes, a hold, a removal and a selection")
        XCTAssertEqual(summary.bands.filter { $0.row == "fates" }.map(\.label), ["20 into a circle", "7 removed", "22 selection"])
        XCTAssertEqual(summary.marks.first, StudioSummary.Mark(time: 0.3, label: "stroke 1 (pen)"))
        XCTAssertEqual(summary.bands.first, StudioSummary.Band(row: "strokes", label: "1 pen", start: 0.3, end: 0.75))
        let page = try await ask(port, "/")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("<title>callshade studio</title>"))
        // The same session in the editor's screen: its layers gain chrome, its marks the editor's events, its drags their bands.
        let (_, editorPort) = try await start(examples.appendingPathComponent("drawing.json").path)
        let editor = try JSONDecoder().decode(StudioSummary.self, from: try await ask(editorPort, "/api/summary").body)
        XCTAssertEqual(editor.size, "1170x2532")
        XCTAssertEqual(editor.layers, ["canvas", "strokes", "entities", "lasso", "chrome"])
        XCTAssertEqual(editor.marks.filter { $0.label.hasPrefix("editor ") }.count, 18)
        XCTAssertEqual(editor.bands.filter { $0.row == "editor" }.map(\.label), ["2 size", "12 lasso", "15 zoom"])
    }

    /// Every example scenario opens in the studio, and its frame halfway is `frame`'s PNG, byte for byte, with the page's script and style served.
    func testEveryExampleOpensAndItsFrameIsTheFrameCommands() async throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".json") }.sorted()
        var opened: [String] = []
        for name in names {
            let file = examples.appendingPathComponent(name).path
            // The settings file beside the chats is not a scenario.
            guard (try? ScenarioFile.loadAny(path: file)) != nil else { continue }
            let (_, port) = try await start(file)
            let summary = try JSONDecoder().decode(StudioSummary.self, from: try await ask(port, "/api/summary").body)
            let n = summary.lastFrame / 2
            let served = try await ask(port, "/api/frame?n=\(n)")
            XCTAssertEqual(served.status, 200, "\(name): \(served.text)")
            let time = "\(Double(n) / Double(summary.fps))"
            XCTAssertEqual(served.body, try framePNG(["--scenario", file, "--time", time, "--size", summary.previewSize]), name)
            opened.append(summary.kind)
        }
        XCTAssertEqual(Set(opened), ["call", "chat", "drawing", "access", "gallery"], "every kind has an example")
        let (_, port) = try await start(examples.appendingPathComponent("access.json").path)
        for (path, type) in [("/studio.js", "text/javascript; charset=utf-8"), ("/studio.css", "text/css; charset=utf-8")] {
            let file = try await ask(port, path)
            XCTAssertEqual(file.status, 200, path)
            XCTAssertEqual(file.headers["Content-Type"] as? String, type, path)
        }
        let script = try await ask(port, "/studio.js")
        XCTAssertTrue(script.text.contains("function seconds(n)"))
        let outside = try await ask(port, "/../Package.swift")
        XCTAssertEqual(outside.status, 404)
    }

    func testTheCallsBandsFollowItsStates() async throws {
        let (_, port) = try await start(examples.appendingPathComponent("call.json").path)
        let summary = try JSONDecoder().decode(StudioSummary.self, from: try await ask(port, "/api/summary").body)
        XCTAssertEqual(summary.kind, "call")
        let states = summary.bands.filter { $0.row == "state" }
        XCTAssertEqual(states.first?.start, 0)
        XCTAssertEqual(states.last?.end, summary.duration)
        // Each state band starts where the one before ends, and each begins at a "call STATE" mark.
        for (before, after) in zip(states, states.dropFirst()) { XCTAssertEqual(before.end, after.start) }
        for band in states.dropFirst() {
            XCTAssertTrue(summary.marks.contains { $0.label == "call \(band.label)" && abs($0.time - band.start) <= 1.0 / Double(summary.fps) },
                          "\(band)")
        }
        XCTAssertTrue(summary.bands.contains { $0.row == "rating" })
    }

    func testAFrameIsTheFrameCommandsPNG() async throws {
        let drawing = examples.appendingPathComponent("drawing-canvas.json").path
        let (_, port) = try await start(drawing)
        let shown = try await ask(port, "/api/frame?n=90")
        XCTAssertEqual(shown.status, 200)
        XCTAssertEqual(shown.body, try framePNG(["--scenario", drawing, "--time", "3", "--size", "390x693"]))

        // A call's frame: the studio draws its timeline's scene, frame its own state (with its overrides); the same bytes.
        let call = examples.appendingPathComponent("call.json").path
        let (_, callPort) = try await start(call)
        let callSummary = try JSONDecoder().decode(StudioSummary.self, from: try await ask(callPort, "/api/summary").body)
        let callFrame = try await ask(callPort, "/api/frame?n=\(callSummary.fps * 12 + 1)")
        XCTAssertEqual(callFrame.status, 200)
        XCTAssertEqual(callFrame.body, try framePNG(["--scenario", call, "--time", "\(Double(callSummary.fps * 12 + 1) / Double(callSummary.fps))",
                                                     "--size", "390x844"]))

        let chat = examples.appendingPathComponent("chat.json").path
        let (_, chatPort) = try await start(chat)
        let reference = try await ask(chatPort, "/api/frame?n=45&view=reference&layers=wallpaper,messages")
        XCTAssertEqual(reference.status, 200)
        XCTAssertEqual(reference.body, try framePNG(["--scenario", chat, "--time", "0.75", "--size", "390x844", "--layers", "wallpaper,messages",
                                                      "--backend", "cpu"]))
        // 7 / 60 s is not a whole number of milliseconds: the frame number decides the instant, as render's frame 7 does.
        let seventh = try await ask(chatPort, "/api/frame?n=67")
        XCTAssertEqual(seventh.body, try framePNG(["--scenario", chat, "--time", "\(67.0 / 60)", "--size", "390x844"]))

        // The access screen (it once met an internal error) and each kind's own layers: the drawing's strokes, the access screen's sparkle.
        let access = examples.appendingPathComponent("access.json").path
        let (_, accessPort) = try await start(access)
        let sparkle = try await ask(accessPort, "/api/frame?n=27&layers=sparkle")
        XCTAssertEqual(sparkle.status, 200, sparkle.text)
        XCTAssertEqual(sparkle.body, try framePNG(["--scenario", access, "--time", "0.9", "--size", "390x845", "--layers", "sparkle"]))
        let whole = try await ask(accessPort, "/api/frame?n=27")
        XCTAssertEqual(whole.body, try framePNG(["--scenario", access, "--time", "0.9", "--size", "390x845"]))
        XCTAssertNotEqual(whole.body, sparkle.body, "the sparkle alone is not the whole screen")
        let strokes = try await ask(port, "/api/frame?n=90&layers=strokes")
        XCTAssertEqual(strokes.body, try framePNG(["--scenario", drawing, "--time", "3", "--size", "390x693", "--layers", "strokes"]))
        XCTAssertNotEqual(strokes.body, shown.body, "the strokes alone are not the whole drawing")
        let refused = try await ask(accessPort, "/api/frame?n=27&layers=strokes")
        XCTAssertEqual(refused.status, 400)
        XCTAssertTrue(refused.text.contains("names layers an access scene does not have; its layers: screen, sparkle"), refused.text)
    }

    func testRequestsOutOfRangeAreRefusedWithAMessage() async throws {
        let (_, port) = try await start(examples.appendingPathComponent("chat.json").path)
        let refused: [(String, String)] = [
            ("/api/frame", "n (the frame number) is missing"),
            ("/api/frame?n=871", "n must be between 0 and 870 (got 871)"),
            ("/api/frame?n=-1", "n must be between 0 and 870 (got -1)"),
            ("/api/frame?n=1e3", "n '1e3' is not a whole number"),
            ("/api/frame?n=99999999999999999999999", "is not a whole number"),
            ("/api/frame?n=1&size=20000x20000", "must be preview or full"),
            ("/api/frame?n=1&view=gpu", "view 'gpu' must be one of render, reference, difference"),
            ("/api/frame?n=1&layers=waves", "--layers 'waves' names layers a chat scene does not have"),
            ("/api/frame?n=1&layers=", "has an empty entry"),
            ("/api/frame?n=1&seed=3", "unknown parameter 'seed'"),
            ("/api/frame?n=1&n=2", "parameter 'n' is given twice"),
            ("/api/export?from=0&to=99", "to 99 is outside the scenario (0 to 14.5 s)"),
            ("/api/export?from=2&to=1", "must come after from"),
            ("/api/export?from=0&to=1&format=gif", "format 'gif' must be mp4 or png"),
        ]
        for (path, message) in refused {
            let answer = try await ask(port, path, method: path.hasPrefix("/api/export") ? "POST" : "GET")
            XCTAssertEqual(answer.status, 400, path)
            XCTAssertTrue(answer.text.contains(message), "\(path): \(answer.text)")
        }
        let traversal = try await ask(port, "/%2e%2e/%2e%2e/etc/passwd")
        XCTAssertEqual(traversal.status, 404)
        let deleted = try await ask(port, "/api/frame?n=1", method: "DELETE")
        XCTAssertEqual(deleted.status, 405)
        let foreign = try await ask(port, "/api/export?from=0&to=1", method: "POST", headers: ["Origin": "http://example.com"])
        XCTAssertEqual(foreign.status, 403)
        XCTAssertEqual(StudioAddresses.loopback.port(ofHost: "127.0.0.1:8036"), "8036")
        XCTAssertEqual(StudioAddresses.loopback.port(ofHost: "localhost:80"), "80")
        XCTAssertEqual(StudioAddresses.loopback.port(ofHost: "[::1]:80"), "80")
        XCTAssertNil(StudioAddresses.loopback.port(ofHost: "rebound.example.com:8036"))
        XCTAssertNil(StudioAddresses.loopback.port(ofHost: "127.0.0.1.example.com:8036"))
        let status = try await ask(port, "/api/status")
        XCTAssertEqual(status.status, 200, "the server still answers")
    }

    func testAnEditReloadsAndABrokenFileShowsValidatesError() async throws {
        let folder = try scratchFolder()
        let file = folder.appendingPathComponent("drawing-canvas.json")
        let original = try String(contentsOf: examples.appendingPathComponent("drawing-canvas.json"), encoding: .utf8)
        try original.write(to: file, atomically: true, encoding: .utf8)
        let (studio, port) = try await start(file.path)
        let before = try await ask(port, "/api/frame?n=30")
        let unchanged = await studio.checkForChanges()
        XCTAssertFalse(unchanged)

        let shorter = original.replacingOccurrences(of: "\"duration\": 19", with: "\"duration\": 15")
        XCTAssertNotEqual(shorter, original, "the example's duration is where this test looks for it")
        try shorter.write(to: file, atomically: true, encoding: .utf8)
        // Noticed here, or by the server's own poll (twice a second) if it comes first.
        var summary = try JSONDecoder().decode(StudioSummary.self, from: try await ask(port, "/api/summary").body)
        for _ in 0..<100 where summary.generation == 1 {
            await studio.checkForChanges()
            try await Task.sleep(for: .milliseconds(20))
            summary = try JSONDecoder().decode(StudioSummary.self, from: try await ask(port, "/api/summary").body)
        }
        XCTAssertEqual(summary.generation, 2)
        XCTAssertEqual(summary.lastFrame, 450)

        try Data("{\"scene\": \"drawing\", \"duration\": -1}".utf8).write(to: file)
        var status = try JSONDecoder().decode(Studio.Status.self, from: try await ask(port, "/api/status").body)
        for _ in 0..<100 where status.error == nil {
            await studio.checkForChanges()
            try await Task.sleep(for: .milliseconds(20))
            status = try JSONDecoder().decode(Studio.Status.self, from: try await ask(port, "/api/status").body)
        }
        let validate = runInProcess(["validate", file.path])
        XCTAssertEqual(validate.status, 1)
        XCTAssertEqual(status.error.map { $0 + "\n" }, validate.standardError)
        XCTAssertEqual(status.generation, 2, "the last good version stays")
        let still = try await ask(port, "/api/frame?n=30")
        XCTAssertEqual(still.status, 200)
        XCTAssertEqual(still.body, before.body, "the last good frame is still drawn")
    }

    func testAnExportRendersTheRangeAsRenderDoes() async throws {
        let folder = try scratchFolder()
        let drawing = examples.appendingPathComponent("drawing-canvas.json").path
        let (studio, port) = try await start(drawing, ["--backend", "cpu"], exports: folder.path)
        let started = try await ask(port, "/api/export?from=1&to=1.1&format=png&size=preview", method: "POST")
        XCTAssertEqual(started.status, 202, started.text)
        var state = studio.exports.state
        for _ in 0..<600 where state.phase == .running {
            try await Task.sleep(for: .milliseconds(50))
            state = studio.exports.state
        }
        XCTAssertEqual(state.phase, .done, state.error ?? "")
        XCTAssertEqual(state.done, 3)
        let output = try XCTUnwrap(state.output)
        XCTAssertEqual(output, folder.appendingPathComponent("drawing-canvas-1-1.1s").path)
        let rendered = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        XCTAssertEqual(rendered, ["frame_000000.png", "frame_000001.png", "frame_000002.png"])
        let first = try Data(contentsOf: URL(fileURLWithPath: output).appendingPathComponent("frame_000000.png"))
        XCTAssertEqual(first, try framePNG(["--scenario", drawing, "--time", "1", "--size", "390x693", "--backend", "cpu"]))
    }

    func testAPortInUseIsAClearError() async throws {
        let (studio, port) = try await start(examples.appendingPathComponent("drawing-canvas.json").path)
        let second = StudioServer(studio: studio, port: UInt16(port))
        do {
            _ = try await second.start()
            XCTFail("a second server listened on the same port")
        } catch {
            let diagnostic = Diagnostic(error)
            XCTAssertEqual(diagnostic.id, "studio.address")
            XCTAssertTrue(diagnostic.text.contains("the port is in use"), diagnostic.text)
        }
        let missing = runInProcess(["studio", "no-such-scenario.json", "--port", "0"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.standardError, "Error [scenario.invalid]: no-such-scenario.json: no such file\n")
    }

    /// A copy of the example chat (and its pattern, stickers, voice and round video) in a scratch folder, with `animation` set to `animation` when given.
    private func chatCopy(_ folder: URL, animation: String? = nil) throws -> URL {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("media"), withIntermediateDirectories: true)
        for name in ["chat.json", "chat-pattern.svg", "sticker.tgs", "emoji.tgs", "voice-note.wav", "media/round.mp4"] {
            try FileManager.default.copyItem(at: examples.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let file = folder.appendingPathComponent("chat.json")
        if let animation {
            var top = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            top["animation"] = animation
            try JSONSerialization.data(withJSONObject: top).write(to: file)
        }
        return file
    }

    private func settingsState(_ answer: Answer) throws -> StudioSettingsState {
        XCTAssertEqual(answer.status, 200, answer.text)
        return try JSONDecoder().decode(StudioSettingsState.self, from: answer.body)
    }

    func testTheEditorsSettingsDrawFramesAsTheScenarioNamingThemWould() async throws {
        let folder = try scratchFolder()
        let file = try chatCopy(folder)
        let (_, port) = try await start(file.path)
        // The shipped curves have no settings: the editor starts from the defaults, export's bytes.
        let exported = folder.appendingPathComponent("exported.json")
        XCTAssertEqual(runInProcess(["chat-settings", "export", "-o", exported.path]).status, 0)
        let first = try settingsState(try await ask(port, "/api/settings"))
        XCTAssertEqual(first.source, "shipped")
        XCTAssertFalse(first.edited)
        XCTAssertEqual(first.json, try String(contentsOf: exported, encoding: .utf8))
        XCTAssertEqual(first.saveTo, folder.appendingPathComponent("chat.animation.json").path)
        let plain = try await ask(port, "/api/frame?n=63")

        // The page sends its settings as JSON of its own making: answered with the bytes check prints, frames drawn with them.
        let sent = #"{"format": "callshade-chat-animation", "version": 1, "smallMessage": {"yPosition": {"x1": 0.6}, "xPosition": {"end": 11}}}"#
        let edited = try settingsState(try await ask(port, "/api/settings", method: "POST", body: Data(sent.utf8)))
        XCTAssertTrue(edited.edited)
        let sentFile = folder.appendingPathComponent("sent.json")
        try Data(sent.utf8).write(to: sentFile)
        let checked = try runCallshade(["chat-settings", "check", sentFile.path])
        XCTAssertEqual(checked.status, 0, checked.standardError)
        XCTAssertEqual(edited.json, checked.standardOutput)
        let named = try scratchFolder(#function + "-named")
        let namedScenario = try chatCopy(named, animation: "mine.json")
        try Data(edited.json.utf8).write(to: named.appendingPathComponent("mine.json"))
        let drawn = try await ask(port, "/api/frame?n=63")
        XCTAssertEqual(drawn.status, 200)
        XCTAssertNotEqual(drawn.body, plain.body, "the settings change the frame 3 frames into the first send")
        XCTAssertEqual(drawn.body, try framePNG(["--scenario", namedScenario.path, "--time", "\(63.0 / 60)", "--size", "390x844"]))
        let full = try await ask(port, "/api/frame?n=63&size=full&layers=wallpaper,messages")
        XCTAssertEqual(full.body, try framePNG(["--scenario", namedScenario.path, "--time", "\(63.0 / 60)", "--layers", "wallpaper,messages"]))

        // Bad settings: check's error, under the page's name; the frames keep the last good ones.
        let bad = #"{"format": "callshade-chat-animation", "version": 1, "bigMessage": {"duration": 30}}"#
        let refused = try await ask(port, "/api/settings", method: "POST", body: Data(bad.utf8))
        XCTAssertEqual(refused.status, 400)
        let badFile = folder.appendingPathComponent("bad.json")
        try Data(bad.utf8).write(to: badFile)
        let checkError = runInProcess(["chat-settings", "check", badFile.path]).standardError
        XCTAssertTrue(checkError.hasPrefix("Error [settings.invalid]: "), checkError)
        let message = try XCTUnwrap(try JSONSerialization.jsonObject(with: refused.body) as? [String: String])["error"]
        XCTAssertEqual(message.map { $0 + "\n" }, checkError.replacingOccurrences(of: badFile.path, with: StudioSettingsState.pageName))
        let malformed = try await ask(port, "/api/settings", method: "POST", body: Data("{\"format\": ".utf8))
        XCTAssertEqual(malformed.status, 400)
        XCTAssertTrue(malformed.text.contains("settings.invalid"), malformed.text)
        let huge = try await ask(port, "/api/settings", method: "POST", body: Data(repeating: 32, count: (1 << 20) + 1))
        XCTAssertEqual(huge.status, 413)
        let foreign = try await ask(port, "/api/settings", method: "POST", headers: ["Origin": "http://example.com"], body: Data(sent.utf8))
        XCTAssertEqual(foreign.status, 403)
        let kept = try await ask(port, "/api/frame?n=63")
        XCTAssertEqual(kept.body, drawn.body)

        // Nothing was written; save writes the settings beside the scenario, which stays as it was.
        let before = try Data(contentsOf: file)
        XCTAssertFalse(FileManager.default.fileExists(atPath: first.saveTo))
        let saved = try settingsState(try await ask(port, "/api/settings/save", method: "POST"))
        XCTAssertEqual(saved.saved, first.saveTo)
        XCTAssertEqual(try String(contentsOf: URL(fileURLWithPath: first.saveTo), encoding: .utf8), edited.json)
        XCTAssertEqual(try Data(contentsOf: file), before)

        // Back to the scenario's own: its frame again.
        let reset = try settingsState(try await ask(port, "/api/settings", method: "DELETE"))
        XCTAssertFalse(reset.edited)
        XCTAssertEqual(reset.json, first.json)
        let back = try await ask(port, "/api/frame?n=63")
        XCTAssertEqual(back.body, plain.body)

        let (_, drawingPort) = try await start(examples.appendingPathComponent("drawing-canvas.json").path)
        let none = try await ask(drawingPort, "/api/settings")
        XCTAssertEqual(none.status, 404)
    }

    func testSavingASettingsFileTheScenarioNamesReloadsIt() async throws {
        let folder = try scratchFolder()
        let settingsFile = folder.appendingPathComponent("motion.json")
        XCTAssertEqual(runInProcess(["chat-settings", "export", "-o", settingsFile.path]).status, 0)
        let file = try chatCopy(folder, animation: "motion.json")
        let (studio, port) = try await start(file.path)
        let first = try settingsState(try await ask(port, "/api/settings"))
        XCTAssertEqual(first.source, "file")
        XCTAssertEqual(first.file, settingsFile.path)
        XCTAssertEqual(first.saveTo, settingsFile.path)
        // The same settings as the file's: nothing to follow.
        let same = try settingsState(try await ask(port, "/api/settings", method: "POST", body: Data(first.json.utf8)))
        XCTAssertFalse(same.edited)

        let sent = first.json.replacingOccurrences(of: #""yPosition": {"start": 0, "end": 30, "x1": 0.33"#, with: #""yPosition": {"start": 0, "end": 30, "x1": 0.8"#)
        XCTAssertNotEqual(sent, first.json)
        let edited = try settingsState(try await ask(port, "/api/settings", method: "POST", body: Data(sent.utf8)))
        XCTAssertTrue(edited.edited)
        XCTAssertEqual(edited.json, sent)
        let drawn = try await ask(port, "/api/frame?n=63")
        _ = try settingsState(try await ask(port, "/api/settings/save", method: "POST"))
        XCTAssertEqual(try String(contentsOf: settingsFile, encoding: .utf8), sent)
        // The settings file is watched: the save reloads the scenario (here, or on the server's own poll), which now has them itself.
        var after = try settingsState(try await ask(port, "/api/settings"))
        for _ in 0..<100 where after.edited {
            await studio.checkForChanges()
            try await Task.sleep(for: .milliseconds(50))
            after = try settingsState(try await ask(port, "/api/settings"))
        }
        XCTAssertEqual(studio.current.generation, 2, "reloaded once")
        XCTAssertFalse(after.edited)
        XCTAssertEqual(after.json, sent)
        let again = try await ask(port, "/api/frame?n=63")
        XCTAssertEqual(again.body, drawn.body)
    }

    func testCompareWithARecordingFindsItsOffsetAndChangedRangeExactly() async throws {
        // The recording: the example drawing with its third stroke's colour changed, from 0.5 s to 3.5 s (the studio's frame k + 15 is its k).
        let folder = try scratchFolder()
        let original = examples.appendingPathComponent("drawing-canvas.json").path
        var drawing = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: original))) as? [String: Any])
        var strokes = try XCTUnwrap(drawing["strokes"] as? [[String: Any]])
        strokes[2]["color"] = "#E8C000"
        drawing["strokes"] = strokes
        let changed = folder.appendingPathComponent("changed.json").path
        try JSONSerialization.data(withJSONObject: drawing).write(to: URL(fileURLWithPath: changed))
        let recording = folder.appendingPathComponent("recording.mkv").path
        let small = ["--size", "108x192", "--backend", "cpu"]
        XCTAssertEqual(runInProcess(["render", changed, "--from", "0.5", "--to", "3.5", "--codec", "ffv1", "-o", recording] + small).status, 0)
        // The oracle: the frames whose PNGs differ between the two scenarios, over the recording's span.
        for (scenario, name) in [(original, "frames-a"), (changed, "frames-b")] {
            XCTAssertEqual(runInProcess(["render", scenario, "--to", "3.5", "-o", folder.appendingPathComponent(name).path] + small).status, 0)
        }
        let differing = try (15..<105).filter { frame in
            let name = String(format: "frame_%06d.png", frame)
            return try Data(contentsOf: folder.appendingPathComponent("frames-a/" + name)) != Data(contentsOf: folder.appendingPathComponent("frames-b/" + name))
        }
        let first = try XCTUnwrap(differing.first), last = try XCTUnwrap(differing.last)
        XCTAssertEqual(differing, Array(first...last))

        let (studio, port) = try await start(original, small + ["--compare", recording])
        let comparison = try XCTUnwrap(studio.comparison)
        var state = comparison.state
        for _ in 0..<1200 where state.phase == .rendering || state.phase == .comparing {
            try await Task.sleep(for: .milliseconds(100))
            state = comparison.state
        }
        XCTAssertEqual(state.phase, .done, state.error ?? "")
        XCTAssertEqual(state.total, 570, "render draws the frames before 19 s")
        XCTAssertEqual(state.offset, 15)
        XCTAssertEqual(state.changed, [[first, last]])
        XCTAssertFalse(state.worst.isEmpty)
        XCTAssertTrue(state.worst.allSatisfy { (first...last).contains($0.a) && $0.b == $0.a - 15 }, "\(state.worst)")
        let status = try JSONDecoder().decode(Studio.Status.self, from: try await ask(port, "/api/status").body)
        XCTAssertEqual(status.compare, state)
        let plot = try await ask(port, "/api/compare/plot")
        XCTAssertEqual(plot.status, 200)
        XCTAssertEqual(plot.headers["Content-Type"] as? String, "image/svg+xml")
        XCTAssertTrue(plot.text.contains("data-from=\"\(first)\" data-to=\"\(last)\""), plot.text.prefix(400).description)
        // The recording's frame paired with the studio's frame 60 (its 45, in the changed range): nearer the changed scenario's PNG than the original's.
        let paired = try await ask(port, "/api/frame?n=60&view=recording")
        XCTAssertEqual(paired.status, 200, paired.text)
        XCTAssertEqual(paired.headers["X-Callshade-Recording-Frame"] as? String, "45")
        let pairedFile = folder.appendingPathComponent("paired.png")
        try paired.body.write(to: pairedFile)
        let shown = try PNGFile.read(path: pairedFile.path)
        let mean = { (other: String) in
            try ImageMetrics(shown, try PNGFile.read(path: folder.appendingPathComponent(other + "/frame_000060.png").path), tolerance: 1)
                .meanDifference.prefix(3).reduce(0, +)
        }
        XCTAssertLessThan(try mean("frames-b"), try mean("frames-a"))
        let against = try await ask(port, "/api/frame?n=60&view=recording-difference")
        XCTAssertEqual(against.status, 200, against.text)
        XCTAssertNotEqual(against.headers["X-Callshade-Largest-Difference"] as? String, "0")
        let unpaired = try await ask(port, "/api/frame?n=300&view=recording")
        XCTAssertEqual(unpaired.status, 400)
        XCTAssertTrue(unpaired.text.contains("no frame paired with frame 300"), unpaired.text)

        // Again, on the page's asking; one at a time.
        let again = try await ask(port, "/api/compare", method: "POST")
        XCTAssertEqual(again.status, 202, again.text)
        let twice = try await ask(port, "/api/compare", method: "POST")
        XCTAssertEqual(twice.status, 409, twice.text)

        let (_, plainPort) = try await start(original)
        let none = try await ask(plainPort, "/api/compare")
        XCTAssertEqual(none.status, 404)
        let missing = runInProcess(["studio", original, "--port", "0", "--compare", folder.appendingPathComponent("none.mp4").path])
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.standardError.contains("none.mp4"), missing.standardError)
    }
}
