import Foundation
import XCTest

/// The issue's bad video inputs through the built binary, each as a
/// scenario's `remoteVideo` rendered to an MP4: refused before the first
/// frame with a one-line error naming the file and the reason, exit 1,
/// nothing at OUT, no trap, no hang; and a corrupt packet mid-file rendered
/// through. (`VideoRefusalTests` hold the same files to `VideoSource`'s
/// errors in-process; `VideoCommandTests` the warning said once.)
final class HostileVideoTests: XCTestCase {
    func testBadVideoInputsAreRefusedBeforeTheFirstFrame() throws {
        let inputs = try HostileInputs("video-inputs")
        let dir = inputs.folder.path
        let out = inputs.path("out.mp4")
        var cases: [HostileCase?] = []

        /// A render of a call whose peer's camera is `video`, from 0.1 s.
        func render(_ video: String, scenario name: String) throws -> [String] {
            let json = HostileInputs.scenario(duration: 0.5, events: #"[{"at": 0, "state": "active"}, {"at": 0.1, "remoteVideo": true}]"#,
                                              extra: "\"remoteVideo\": \"\(video)\"")
            return ["render", try inputs.text(name, json), "-o", out, "--size", "64x64", "--fps", "10", "--backend", "cpu", "--quiet"]
        }
        func refused(_ name: String, _ video: String, id: String, mentioning message: String) throws -> HostileCase {
            HostileCase(name: name, arguments: try render(video, scenario: "\(cases.count).json"),
                        outcome: .refused(status: 1, id: id, mentioning: message), absent: [out], folders: [dir], timeoutSeconds: 30)
        }

        // Not a regular file: the scenario names the field, the file and why (checked before anything opens it).
        _ = try inputs.folder("folder.mp4")
        _ = try inputs.fifo("fifo.mp4")
        cases.append(try refused("video is missing", "gone.mp4", id: "scenario.invalid", mentioning: "remoteVideo: file 'gone.mp4' not found"))
        cases.append(try refused("video is a folder", "folder.mp4", id: "scenario.invalid", mentioning: "remoteVideo: 'folder.mp4': it is a folder"))
        cases.append(try refused("video is a FIFO", "fifo.mp4", id: "scenario.invalid", mentioning: "remoteVideo: 'fifo.mp4': it is a FIFO"))
        cases.append(try refused("video is a device", "/dev/zero", id: "scenario.invalid",
                                 mentioning: "remoteVideo: '/dev/zero': it is a character device, not a regular file"))

        // Not a video, or not a whole one: refused when opened, before the first frame, naming the file and why.
        let media = try ["text.txt", "audio.m4a", "truncated.mp4", "zero-frames.mp4", "huge.mp4", "backwards.ts", "corrupt.mp4"]
            .reduce(into: [String: String]()) { $0[$1] = try VideoMedia.path($1) }
        let empty = try inputs.file("empty.mp4", [])
        let wideStill = try inputs.file("wide.png", try HostileInputs.png(width: 8193, height: 1, scratch: inputs.path("scratch.png")))
        let unreadable: [(String, String, String)] = [
            ("video is a text file", media["text.txt"]!, "'\(media["text.txt"]!)' is not a video: FFmpeg finds no format"),
            ("video is audio only", media["audio.m4a"]!, "'\(media["audio.m4a"]!)' is not a video: it has no video stream, only audio"),
            ("video is empty", empty, "'\(empty)' is not a video: it is empty"),
            ("video is truncated", media["truncated.mp4"]!, "video '\(media["truncated.mp4"]!)' is truncated"),
            ("video has no frames", media["zero-frames.mp4"]!, "video '\(media["zero-frames.mp4"]!)' has no frames"),
            ("video of 8200x16 pixels", media["huge.mp4"]!, "video '\(media["huge.mp4"]!)' is 8200x16 pixels, more than the 8192 a side accepted"),
            ("still of 8193x1 pixels", wideStill, "video '\(wideStill)' is 8193x1 pixels, more than the 8192 a side accepted"),
            ("variable-frame-rate video whose timestamps go backwards", media["backwards.ts"]!,
             "video '\(media["backwards.ts"]!)': its timestamps go backwards"),
        ]
        for (name, path, message) in unreadable {
            cases.append(try refused(name, path, id: "video.unreadable", mentioning: message))
        }

        // Damage mid-file is skipped (said once on stderr, held by VideoCommandTests): the render ends well.
        cases.append(HostileCase(name: "video with a corrupt packet mid-file", arguments: try render(media["corrupt.mp4"]!, scenario: "corrupt.json"),
                                 outcome: .succeeds, folders: [dir], timeoutSeconds: 30))
        HostileHarness.hold("video input", cases)
    }
}
