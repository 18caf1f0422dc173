@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeJSON
import XCTest

/// Scene kinds: "scene" picks a scenario's kind ("call" by default), each
/// kind reads its own keys and events with the shared rules, and a key of
/// another kind, or an unknown kind, is refused listing the valid ones.
final class SceneKindTests: XCTestCase {
    /// The registered kinds and the test's sketch.
    let kinds: [any SceneKind] = [CallKind(), SketchKind()]
    let callKeys = "audio, avatar, duration, events, fps, key, localVideo, name, remoteVideo, scene, seed, size, tooltipSeen"

    func parse(_ json: String, kinds: [any SceneKind] = SceneKinds.all) throws -> any ParsedScenario {
        try ScenarioParser.parse(JSONReader.read(Array(json.utf8), limits: ScenarioFile.limits), file: "s.json", folder: "/tmp", namedFile: ScenarioFile.namedFile, kinds: kinds)
    }

    func assertRefused(_ json: String, kinds: [any SceneKind] = SceneKinds.all, _ expected: String,
                       file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try parse(json, kinds: kinds), file: file, line: line) { error in
            XCTAssertEqual("\(error)", "s.json: " + expected, file: file, line: line)
        }
    }

    func testTheCallIsTheDefaultKindBeforeTheChat() throws {
        XCTAssertEqual(SceneKinds.all.map(\.name), ["call", "chat", "drawing", "access", "gallery"])
        XCTAssertEqual(try parse(#"{"scene": "gallery", "duration": 2, "fill": {"count": 9}}"#).scene, "gallery")
        XCTAssertEqual(try parse(#"{"duration": 2}"#) as? Scenario, try parse(#"{"scene": "call", "duration": 2}"#) as? Scenario)
        XCTAssertEqual(try parse(#"{"duration": 2}"#).scene, "call")
        XCTAssertEqual(try parse(#"{"scene": "chat", "duration": 2}"#).scene, "chat")
        XCTAssertEqual(try parse(#"{"scene": "drawing", "duration": 2}"#).scene, "drawing")
        XCTAssertEqual(try parse(#"{"scene": "access", "duration": 2}"#).scene, "access")
        assertRefused(#"{"scene": "editor", "duration": 2}"#, "scene: unknown scene kind 'editor'; valid kinds: call, chat, drawing, access, gallery")
        assertRefused(#"{"scene": 3, "duration": 2}"#, "scene: must be a string, not a number")
        assertRefused(#"{"duration": 2, "colour": "red"}"#, "colour: unknown key; valid keys: \(callKeys)")
    }

    func testEachKindReadsItsOwnKeysAndEventsByTheSharedRules() throws {
        let sketch = try XCTUnwrap(try parse(#"{"scene": "sketch", "duration": 2, "seed": 4, "ink": "red", "events": [{"at": 1.5, "stroke": 3}]}"#,
                                             kinds: kinds) as? SketchKind.Sketch)
        XCTAssertEqual(sketch.ink, "red")
        XCTAssertEqual(sketch.seed, 4)
        XCTAssertEqual(sketch.strokes, [.init(at: 1.5, width: 3)])
        XCTAssertNotNil(try parse(#"{"duration": 2, "events": [{"at": 1, "tap": true}]}"#, kinds: kinds) as? Scenario)
        // The shared rules hold for every kind.
        assertRefused(#"{"scene": "sketch", "events": []}"#, kinds: kinds, "duration: missing; give the scenario's length in seconds")
        assertRefused(#"{"scene": "sketch", "duration": 2, "events": [{"at": 5, "stroke": 1}]}"#, kinds: kinds,
                      "events[0].at: 5 is past the scenario's duration of 2 seconds")
        assertRefused(#"{"scene": "sketch", "duration": 2, "events": [{"stroke": 1}]}"#, kinds: kinds,
                      "events[0].at: missing; give the event's time in seconds")
        assertRefused(#"{"scene": "sketch", "duration": 2, "events": [{"at": 1, "strok": 1}]}"#, kinds: kinds,
                      "events[0].strok: unknown key; an event has \"at\" and one of: stroke")
        assertRefused(#"{"scene": "paint", "duration": 2}"#, kinds: kinds, "scene: unknown scene kind 'paint'; valid kinds: call, sketch")
    }

    func testAKeyOfAnotherKindIsRefusedNamingIt() {
        assertRefused(#"{"duration": 2, "ink": "red"}"#, kinds: kinds,
                      "ink: a key of \"sketch\" scenarios, not of \"call\" ones; valid keys: \(callKeys)")
        assertRefused(#"{"scene": "sketch", "duration": 2, "name": "Emma"}"#, kinds: kinds,
                      "name: a key of \"call\" scenarios, not of \"sketch\" ones; valid keys: duration, events, fps, ink, scene, seed, size")
        assertRefused(#"{"duration": 2, "events": [{"at": 1, "stroke": 2}]}"#, kinds: kinds,
                      "events[0].stroke: an event of \"sketch\" scenarios, not of \"call\" ones; an event has \"at\" and one of: "
                        + CallKind().eventKinds.joined(separator: ", "))
        assertRefused(#"{"scene": "sketch", "duration": 2, "events": [{"at": 1, "stroke": 2, "reason": "busy"}]}"#, kinds: kinds,
                      "events[0].reason: an event of \"call\" scenarios, not of \"sketch\" ones; an event has \"at\" and one of: stroke")
        // Without the sketch registered, its key is just unknown.
        assertRefused(#"{"duration": 2, "ink": "red"}"#, "ink: unknown key; valid keys: \(callKeys)")
    }

    func testNoKindsKeyIsSharedOrAnothersKey() {
        for kind in kinds {
            XCTAssertTrue(Set(kind.keys).isDisjoint(with: ScenarioParser.sharedKeys), kind.name)
            for other in kinds where other.name != kind.name {
                XCTAssertTrue(Set(kind.keys).isDisjoint(with: other.keys), "\(kind.name), \(other.name)")
                XCTAssertTrue(Set(kind.eventKinds).isDisjoint(with: other.eventKinds), "\(kind.name), \(other.name)")
            }
        }
    }

    /// Every event kind the call lists has its own parse; one it does not
    /// list is refused naming the field and listing the valid ones (it used
    /// to be read as energy saving).
    func testEveryCallEventKindParsesAndAnUnknownOneIsRefused() throws {
        let fields = ScenarioFields(file: "s.json", location: "events[0]")
        let payloads: [String: JSONValue] = ["state": .string("active"), "level": .number(1), "signal": .number(0.5), "tap": .bool(true),
                                             "proximity": .string("near"), "rating": .string("requested"), "rate": .number(3),
                                             "camera": .string("back"), "pip": .string("top-left")]
        for kind in CallKind().eventKinds {
            XCTAssertNoThrow(try CallScenarioParser.change(kind, payloads[kind] ?? .bool(true), reason: nil, fields: fields), kind)
        }
        XCTAssertEqual(try CallScenarioParser.change("energySaving", .bool(true), reason: nil, fields: fields), .energySaving(true))
        XCTAssertThrowsError(try CallScenarioParser.change("sparkle", .bool(true), reason: nil, fields: fields)) { error in
            XCTAssertEqual("\(error)", "s.json: events[0].sparkle: unknown event kind; valid event kinds: "
                           + CallKind().eventKinds.joined(separator: ", "))
        }
    }

    /// One number format in every kind's listing (`ShownNumber`): `validate`
    /// writes a 1.5 s scenario of each kind as "1.5 s", never "1.500 s", and
    /// `--print duration` as "1.5".
    func testValidateWritesOneAndAHalfSecondsAlikeForEveryKind() throws {
        let folder = try scratchFolder()
        let scenarios = [#"{"duration": 1.5}"#, #"{"scene": "chat", "duration": 1.5}"#,
                         #"{"scene": "drawing", "duration": 1.5, "canvas": {"size": "90x160"}}"#, #"{"scene": "access", "duration": 1.5}"#]
        for (index, json) in scenarios.enumerated() {
            let path = folder.appendingPathComponent("kind-\(index).json").path
            try json.write(toFile: path, atomically: true, encoding: .utf8)
            let listed = try runCallshade(["validate", path])
            XCTAssertEqual(listed.status, 0, listed.standardError)
            XCTAssertTrue(listed.standardOutput.hasPrefix("\(path): valid; 1.5 s"), listed.standardOutput)
            XCTAssertEqual(try runCallshade(["validate", path, "--print", "duration"]).standardOutput, "1.5\n", json)
        }
        XCTAssertEqual([0.35, 2.3, 7.5, 1e-4, 2.0001, -1e-4, 12.0, -0.25].map(ShownNumber.text), ["0.35", "2.3", "7.5", "0", "2", "0", "12", "-0.25"])
    }

    /// `--layers` takes the scenario's own kind's tags in `frame`, `render`
    /// and `sheet`: the drawing's strokes alone and the access screen's
    /// sparkle alone draw less than every layer, and `render` draws what
    /// `frame` does; a layer of another kind is refused naming the kind's.
    func testEachKindsOwnLayersChangeWhatEveryCommandDraws() throws {
        let folder = try scratchFolder()
        let examples = TestPaths.packageRoot.appendingPathComponent("Examples")
        for (example, layer, time) in [("drawing", "strokes", "3"), ("access", "sparkle", "0.9"), ("gallery", "labels", "3.5")] {
            let scenario = examples.appendingPathComponent("\(example).json").path
            func png(_ command: [String], _ name: String) throws -> Data {
                let result = runInProcess(command)
                XCTAssertEqual(result.status, 0, "\(command): \(result.standardError)")
                return try Data(contentsOf: folder.appendingPathComponent(name))
            }
            let size = ["--size", "180x320"]
            let whole = try png(["frame", "--scenario", scenario, "--time", time, "-o", folder.appendingPathComponent("\(example)-whole.png").path] + size,
                                "\(example)-whole.png")
            let alone = try png(["frame", "--scenario", scenario, "--time", time, "--layers", layer,
                                 "-o", folder.appendingPathComponent("\(example)-alone.png").path] + size, "\(example)-alone.png")
            XCTAssertNotEqual(whole, alone, "\(example): --layers \(layer) draws less")
            let rendered = try png(["render", scenario, "--at", time, "--layers", layer, "-o", folder.appendingPathComponent("\(example)-render").path] + size,
                                   "\(example)-render/frame_000000.png")
            XCTAssertEqual(rendered, alone, "\(example): render draws what frame does")
            let sheets = try ["", layer].map { layers in
                try png(["sheet", scenario, "--from", time, "--to", "\(Double(time)! + 0.5)", "--every", "1", "-o", folder.appendingPathComponent("\(example)-sheet-\(layers).png").path]
                        + (layers.isEmpty ? [] : ["--layers", layers]) + size, "\(example)-sheet-\(layers).png")
            }
            XCTAssertNotEqual(sheets[0], sheets[1], "\(example): the sheet's --layers draws less")
            let refused = runInProcess(["frame", "--scenario", scenario, "--layers", "waves", "-o", folder.appendingPathComponent("no.png").path])
            XCTAssertEqual(refused.status, 64)
            XCTAssertTrue(refused.standardError.contains("names layers \(SceneKinds.withArticle(example)) scene does not have; its layers: "
                                                         + SceneKinds.named(example)!.tags.map(\.name).joined(separator: ", ")), refused.standardError)
        }
    }
}
