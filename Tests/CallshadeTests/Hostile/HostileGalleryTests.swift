import Foundation
import XCTest

/// Hostile input to the commands that draw a gallery scenario: media that
/// cannot be read, too many of them, pinches and taps the spec refuses;
/// each refusal one line with its identifier, the right status, and
/// nothing left at the output path.
final class HostileGalleryTests: XCTestCase {
    func testGalleryDrawingsRefuseBadInputWritingNothing() throws {
        let inputs = try HostileInputs("gallery")
        let dir = inputs.folder.path
        _ = try inputs.text("broken.png", "not a PNG at all")
        _ = try inputs.text("short.mp4", "\u{0}\u{0}\u{0}\u{18}ftypmp42 and then nothing")
        let crowded = inputs.folder.appendingPathComponent("crowded")
        try FileManager.default.createDirectory(at: crowded, withIntermediateDirectories: true)
        for index in 0...10_000 { FileManager.default.createFile(atPath: crowded.appendingPathComponent("\(index).jpg").path, contents: nil) }
        let broken = try inputs.text("broken.json", #"{"scene": "gallery", "duration": 1, "media": ["broken.png"]}"#)
        let short = try inputs.text("short.json", #"{"scene": "gallery", "duration": 1, "media": ["short.mp4"]}"#)
        let many = try inputs.text("many.json", #"{"scene": "gallery", "duration": 1, "media": "crowded"}"#)
        let pinch = try inputs.text("pinch.json", #"{"scene": "gallery", "duration": 1, "fill": {"count": 9}, "events": [{"at": 0, "pinch": {"samples": [[0, 1, 9, 9], [0.1, 0, 9, 9]]}}]}"#)
        let closes = try inputs.text("closes.json", #"{"scene": "gallery", "duration": 1, "fill": {"count": 9}, "events": [{"at": 0.2, "tap": {"x": 60, "y": 150}}, {"at": 0.4, "close": true}, {"at": 0.8, "close": true}]}"#)
        let small = ["--size", "130x282", "--backend", "cpu"]
        let frames = inputs.path("frames"), sheet = inputs.path("sheet.png"), still = inputs.path("still.png")

        func refused(_ name: String, _ arguments: [String], status: Int32, id: String, mentioning: String, absent: String) -> HostileCase {
            HostileCase(name: name, arguments: arguments + small, outcome: .refused(status: status, id: id, mentioning: mentioning),
                        absent: [absent], folders: [dir])
        }

        HostileHarness.hold("gallery", [
            refused("render a gallery of a file that is not a PNG", ["render", broken, "-o", frames], status: 1, id: "media.unreadable",
                    mentioning: "media[0]: \"broken.png\"", absent: frames),
            refused("sheet of a gallery of a truncated video", ["sheet", short, "-o", sheet], status: 1, id: "media.unreadable",
                    mentioning: "media[0]: \"short.mp4\"", absent: sheet),
            refused("frame of a gallery of 10,001 files", ["frame", "--scenario", many, "-o", still], status: 1, id: "scenario.invalid",
                    mentioning: "media: 10001 files; at most 10000", absent: still),
            refused("render a pinch to scale 0", ["render", pinch, "-o", frames], status: 1, id: "scenario.invalid",
                    mentioning: "events[0].pinch.samples[1][1]: must be above 0 (got 0)", absent: frames),
            refused("render a close with no viewer open", ["render", closes, "-o", frames], status: 1, id: "scenario.invalid",
                    mentioning: "events[2].close: no viewer is open at 0.8 s", absent: frames),
        ])
    }
}
