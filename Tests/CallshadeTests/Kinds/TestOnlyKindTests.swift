@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadePNG
import CallshadeSystem
@testable import CallshadeStudio
@testable import callshade
import Foundation
import XCTest

/// A kind that callshade does not have, the tests' sketch, bound for the
/// test's scope (`SceneKinds.$registered`), goes through every command and
/// the studio by what it declares alone (its frames, layers, listing and
/// marks in `SketchKind+Commands.swift`): no command names a kind, so none
/// needs a change for it.
final class TestOnlyKindTests: XCTestCase {
    private let json = #"{"scene": "sketch", "duration": 1.5, "seed": 3, "ink": "red", "events": [{"at": 0.25, "stroke": 20}, {"at": 1, "stroke": 10}]}"#

    /// Runs `body` with the sketch among the kinds.
    private func withSketch<T>(_ body: () throws -> T) rethrows -> T {
        try SceneKinds.$registered.withValue(SceneKinds.builtIn + [SketchKind()], operation: body)
    }

    private func sketchFile() throws -> String {
        let path = try scratchFolder().appendingPathComponent("sketch.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// What `body` printed on standard output (file descriptor 1, redirected to a scratch file meanwhile).
    private func standardOutput(of body: () throws -> Void) throws -> String {
        let path = try scratchFolder().appendingPathComponent("stdout-\(UUID().uuidString)").path
        fflush(nil)
        let saved = dup(1)
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(file, 0)
        dup2(file, 1)
        close(file)
        defer {
            fflush(nil)
            dup2(saved, 1)
            close(saved)
        }
        try body()
        fflush(nil)
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    private func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let index = (y * image.width + x) * 4
        return Array(image.pixels[index..<index + 4])
    }

    func testValidateListsTheSketchAsItDeclares() throws {
        let file = try sketchFile()
        try withSketch {
            let listing = try standardOutput { XCTAssertEqual(runInProcess(["validate", file]).status, 0) }
            XCTAssertEqual(listing, """
                \(file): valid; 1.5 s, seed 3, 2 strokes
                scene: sketch
                ink: red
                  time (s)  what
                    0.250  stroke 20 % wide
                    1.000  stroke 10 % wide

                """)
            XCTAssertEqual(try standardOutput { XCTAssertEqual(runInProcess(["validate", file, "--print", "size"]).status, 0) }, "120x80\n")
        }
        // Without the binding the kind is unknown, as any kind callshade does not have.
        let unknown = runInProcess(["validate", file])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.standardError.contains("unknown scene kind 'sketch'"), unknown.standardError)
    }

    func testFrameRenderAndSheetDrawTheSketchWithItsOwnLayers() throws {
        let file = try sketchFile()
        let folder = try scratchFolder()
        try withSketch {
            // At 1.2 s both dots are drawn, in red, over the paper; its size is the kind's default (120x80).
            let out = folder.appendingPathComponent("frame.png").path
            XCTAssertEqual(runInProcess(["frame", "--scenario", file, "--time", "1.2", "--backend", "cpu", "-o", out]).status, 0)
            let frame = try PNGFile.read(path: out)
            XCTAssertEqual([frame.width, frame.height], [120, 80])
            XCTAssertEqual(pixel(frame, 40, 40), [255, 0, 0, 255])
            XCTAssertEqual(pixel(frame, 80, 40), [255, 0, 0, 255])
            XCTAssertNotEqual(pixel(frame, 60, 10), [255, 0, 0, 255])
            // --layers ink: the dots alone, on nothing; a layer of another kind is refused naming the sketch's.
            let inkOnly = folder.appendingPathComponent("ink.png").path
            XCTAssertEqual(runInProcess(["frame", "--scenario", file, "--time", "1.2", "--layers", "ink", "--backend", "cpu", "-o", inkOnly]).status, 0)
            let ink = try PNGFile.read(path: inkOnly)
            XCTAssertEqual(pixel(ink, 40, 40), [255, 0, 0, 255])
            XCTAssertEqual(pixel(ink, 60, 10)[3], 0)
            let refused = runInProcess(["frame", "--scenario", file, "--layers", "waves", "-o", folder.appendingPathComponent("no.png").path])
            XCTAssertEqual(refused.status, 64)
            XCTAssertTrue(refused.standardError.contains("a sketch scene does not have; its layers: paper, ink"), refused.standardError)
            // render: the same instant as frame draws it, on the GPU route; at 0.5 s only the first dot.
            let frames = folder.appendingPathComponent("frames").path
            XCTAssertEqual(runInProcess(["render", file, "--at", "1.2,0.5", "-o", frames]).status, 0)
            let rendered = try PNGFile.read(path: frames + "/frame_000000.png")
            XCTAssertEqual(pixel(rendered, 40, 40), [255, 0, 0, 255])
            let early = try PNGFile.read(path: frames + "/frame_000001.png")
            XCTAssertEqual(pixel(early, 40, 40), [255, 0, 0, 255])
            XCTAssertNotEqual(pixel(early, 80, 40), [255, 0, 0, 255])
            // sheet: a contact sheet of its instants (0, 0.5 and 1 s), the later two with red dots.
            let sheet = folder.appendingPathComponent("sheet.png").path
            XCTAssertEqual(runInProcess(["sheet", file, "--every", "0.5", "-o", sheet]).status, 0)
            let contact = try PNGFile.read(path: sheet)
            let red = stride(from: 0, to: contact.pixels.count, by: 4).filter { contact.pixels[$0] > 200 && contact.pixels[$0 + 1] < 40 && contact.pixels[$0 + 2] < 40 }
            XCTAssertGreaterThan(red.count, 8, "the sheet shows the sketch's dots")
            XCTAssertGreaterThanOrEqual(contact.width, 3 * SheetCommand.narrowestCell, "cells wide enough for their times")
        }
    }

    func testTheStudioOpensTheSketchAndServesFrameFrames() async throws {
        let file = try sketchFile()
        let out = try scratchFolder().appendingPathComponent("frame.png").path
        try await SceneKinds.$registered.withValue(SceneKinds.builtIn + [SketchKind()]) {
            let command = try XCTUnwrap(try Callshade.parseAsRoot(["studio", file, "--port", "0", "--backend", "cpu"]) as? StudioCommand)
            let studio = try command.makeStudio(cleanup: StopCleanup())
            defer { studio.stop() }
            let summary = try JSONDecoder().decode(StudioSummary.self, from: Data(studio.summary().body))
            XCTAssertEqual(summary.kind, "sketch")
            XCTAssertEqual(summary.layers, ["paper", "ink"])
            XCTAssertEqual(summary.marks, [StudioSummary.Mark(time: 0.25, label: "stroke"), StudioSummary.Mark(time: 1, label: "stroke")])
            // Frame 72 at 60 fps is 1.2 s: the studio's PNG is frame's, byte for byte.
            let served = await studio.frame(query: ["n": "72"])
            XCTAssertEqual(served.status, 200)
            XCTAssertEqual(runInProcess(["frame", "--scenario", file, "--time", "1.2", "--backend", "cpu", "-o", out]).status, 0)
            XCTAssertEqual(served.body, Array(try Data(contentsOf: URL(fileURLWithPath: out))))
            let ink = await studio.frame(query: ["n": "72", "layers": "ink"])
            XCTAssertEqual(ink.status, 200)
            XCTAssertNotEqual(ink.body, served.body)
        }
    }
}
