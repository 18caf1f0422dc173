import CallshadeCore
import CallshadeKinds
import CallshadePNG
import Foundation
import XCTest

/// `callshade render` to video files and streams, checked with ffprobe and
/// ffmpeg: as the built binary where the process is what is tested (a file
/// or stream as a user makes it, signals, standard streams, the terminal,
/// the environment), else in this process.
final class VideoOutputTests: XCTestCase {
    var example: String { TestPaths.packageRoot.appendingPathComponent("Examples/call.json").path }

    override func setUpWithError() throws {
        try XCTSkipUnless(Tools.hasFFmpeg, "ffmpeg is not installed (Scripts/bootstrap installs it)")
    }

    func testAShortMP4HasTheRightCodecSizeFramesRateAndColourTags() throws {
        let folder = try scratchFolder()
        let video = folder.appendingPathComponent("call.mp4").path
        let result = try runCallshade(["render", example, "--size", "130x282", "--fps", "30", "--from", "5", "--to", "6", "-o", video])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "", "no progress noise when stderr is not a terminal")
        let expected = ["codec_name": "h264", "width": "130", "height": "282", "r_frame_rate": "30/1", "nb_read_frames": "30",
                        "pix_fmt": "yuv420p", "color_space": "bt709", "color_primaries": "bt709", "color_transfer": "bt709", "color_range": "tv"]
        let probed = try Tools.probeStream(video, Array(expected.keys), countFrames: true)
        for (field, value) in expected { XCTAssertEqual(probed[field], value, field) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["call.mp4"])
    }

    func testDecodedFramesKeepThePNGColours() throws {
        let folder = try scratchFolder()
        let video = folder.appendingPathComponent("call.mp4").path
        // Two frames a second: the colours do not depend on the rate, and each
        // frame costs about half a second in a debug build.
        XCTAssertEqual(runInProcess(["render", example, "--size", "390x844", "--fps", "2", "--from", "6", "--to", "9", "-o", video]).status, 0)
        XCTAssertEqual(try Tools.probe(video, "stream=nb_read_frames", countFrames: true), "6")
        for (index, time) in [(0, "6"), (2, "7"), (5, "8.5")] {
            let png = folder.appendingPathComponent("t\(time).png").path
            XCTAssertEqual(runInProcess(["frame", "--scenario", example, "--time", time, "--size", "390x844", "-o", png]).status, 0)
            let reference = try PNGFile.read(path: png)
            let decoded = try Tools.decodedFrame(video, index: index, width: 390, height: 844)
            guard decoded.count == 390 * 844 * 3 else { continue }   // decodedFrame has failed the test
            for channel in 0..<3 {
                var sumReference = 0.0
                var sumDecoded = 0.0
                reference.pixels.withUnsafeBufferPointer { reference in
                    decoded.withUnsafeBufferPointer { decoded in
                        for pixel in 0..<(390 * 844) {
                            sumReference += Double(reference[pixel * 4 + channel])
                            sumDecoded += Double(decoded[pixel * 3 + channel])
                        }
                    }
                }
                let difference = abs(sumReference - sumDecoded) / Double(390 * 844)
                XCTAssertLessThan(difference, 1.5, "frame at \(time) s, channel \(channel): mean differs by \(difference)")
            }
        }
    }

    func testRawOutputIsFramesTimesFrameSize() throws {
        for (format, bytesPerFrame) in [("rgba", 64 * 48 * 4), ("yuv420p", 64 * 48 * 3 / 2)] {
            let result = try Tools.run(TestPaths.executable.path, ["render", example, "--size", "64x48", "--fps", "10", "--to", "2.5",
                                                                   "--pix-fmt", format, "-o", "-"])
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertEqual(result.standardOutput.count, 25 * bytesPerFrame, format)
        }
        let odd = try Tools.run(TestPaths.executable.path, ["render", example, "--size", "65x48", "--pix-fmt", "yuv420p", "-o", "-"])
        assertDiagnostic(Tools.commandResult(odd), "size.unsupported", status: 1)
        XCTAssertTrue(odd.standardOutput.isEmpty)
    }

    func testOtherCodecsAndContainers() throws {
        let folder = try scratchFolder()
        let cases = [("webm", [String](), "vp9"), ("mov", ["--codec", "prores"], "prores"), ("mkv", ["--codec", "ffv1"], "ffv1"),
                     ("mp4", ["--codec", "hevc", "--preset", "ultrafast"], "hevc")]
        for (container, arguments, codec) in cases {
            let video = folder.appendingPathComponent("v.\(container)").path
            let result = runInProcess(["render", example, "--size", "64x48", "--fps", "10", "--to", "1", "-o", video] + arguments)
            XCTAssertEqual(result.status, 0, "\(container): \(result.standardError)")
            let probed = try Tools.probeStream(video, ["codec_name", "nb_read_frames"], countFrames: true)
            XCTAssertEqual(probed["codec_name"], codec, container)
            XCTAssertEqual(probed["nb_read_frames"], "10", container)
        }
    }

    func testShardsJoinedEqualTheUnshardedRender() throws {
        try XCTSkipUnless(Tools.available("parallel"), "GNU parallel is not installed (Scripts/bootstrap installs it)")
        let folder = try scratchFolder()
        let whole = folder.appendingPathComponent("whole.mkv").path
        let joined = folder.appendingPathComponent("joined.mkv").path
        let options = ["--codec", "ffv1", "--size", "96x208", "--fps", "10", "--from", "9", "--to", "12"]
        XCTAssertEqual(runInProcess(["render", example, "-o", whole] + options).status, 0)
        let script = TestPaths.packageRoot.appendingPathComponent("Scripts/render-shards").path
        let result = try Tools.run(script, [example, joined, "4"] + options, environment: ["CALLSHADE": TestPaths.executable.path])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try Tools.probe(joined, "stream=nb_read_frames", countFrames: true), "30")
        let wholeFrames = try Tools.decodedFrames(whole)
        XCTAssertEqual(wholeFrames.count, 30 * 96 * 208 * 3)
        XCTAssertTrue(wholeFrames == (try Tools.decodedFrames(joined)), "the joined video's frames differ from the unsharded render's")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["joined.mkv", "whole.mkv"])
    }

    func testInterruptionsLeaveNothingBehindAndNoChildProcess() throws {
        for (signal, expected) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            let folder = try scratchFolder()
            let run = try RunningCallshade(["render", example, "--size", "390x844", "-o", folder.appendingPathComponent("call.mp4").path])
            XCTAssertTrue(run.wait(seconds: 20) { !run.children.isEmpty && ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).count == 1 })
            let children = run.children
            usleep(300_000)
            kill(run.process.processIdentifier, signal)
            let outcome = run.finish()
            XCTAssertEqual(outcome.status, expected, outcome.standardError)
            XCTAssertTrue(outcome.standardError.hasPrefix("Error [interrupted]: "), outcome.standardError)
            XCTAssertTrue(outcome.standardError.contains("nothing was written"), outcome.standardError)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "signal \(signal)")
            for child in children { XCTAssertNotEqual(kill(child, 0), 0, "child \(child) outlived the render") }
        }
    }

    func testAKilledFFmpegIsReportedAndLeavesNothing() throws {
        let folder = try scratchFolder()
        let run = try RunningCallshade(["render", example, "--size", "390x844", "-o", folder.appendingPathComponent("call.mp4").path])
        // The encoding ffmpeg runs once its temporary file exists (an earlier ffmpeg only lists encoders).
        XCTAssertTrue(run.wait(seconds: 20) { !run.children.isEmpty && ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).count == 1 })
        usleep(300_000)
        for child in run.children { kill(child, SIGKILL) }
        let outcome = run.finish()
        XCTAssertEqual(outcome.status, 3, outcome.standardError)
        XCTAssertTrue(outcome.standardError.hasPrefix("Error [ffmpeg.failed]: "), outcome.standardError)
        XCTAssertTrue(outcome.standardError.contains("ffmpeg was killed by signal 9"), outcome.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    func testAClosedStandardOutputEndsQuietly() throws {
        let pipeline = try Tools.run("bash", ["-c", "'\(TestPaths.executable.path)' render '\(example)' --size 390x844 -o - | head -c 100000 > /dev/null; echo \"${PIPESTATUS[0]}\""])
        XCTAssertEqual(pipeline.text.trimmingCharacters(in: .whitespacesAndNewlines), "141")
        XCTAssertEqual(pipeline.standardError, "")
    }

    func testProgressShowsOnlyOnATerminal() throws {
        try XCTSkipUnless(Tools.available("script"), "script(1) is needed to give callshade a terminal")
        let folder = try scratchFolder()
        let video = folder.appendingPathComponent("p.mp4").path
        let command = "'\(TestPaths.executable.path)' render '\(example)' --size 64x48 --fps 30 --to 1 -o '\(video)'"
        let onTerminal = try Tools.run("script", ["-qefc", command, "/dev/null"])
        XCTAssertEqual(onTerminal.status, 0, onTerminal.standardError)
        XCTAssertTrue(onTerminal.text.contains("frame 30/30 (100%)"), onTerminal.text)
        XCTAssertTrue(onTerminal.text.contains("fps"), onTerminal.text)
        let quiet = try Tools.run("script", ["-qefc", command + " --quiet", "/dev/null"])
        XCTAssertFalse(quiet.text.contains("frame "), quiet.text)
    }

    func testBadInputsGiveClearErrorsAndLeaveNothing() throws {
        let folder = try scratchFolder()
        let video = folder.appendingPathComponent("out.mp4").path
        // (arguments, the diagnostic, exit status: 64 for a malformed command line)
        let cases: [([String], String, Int32)] = [
            (["-o", folder.appendingPathComponent("out.avi").path], "output.kind", 1),
            (["-o", folder.appendingPathComponent("missing/out.mp4").path], "output.folder-missing", 1),
            (["-o", video, "--from", "9", "--to", "3"], "render.range", 1),
            (["-o", video, "--shard", "5/3"], "option.value", 64),
            (["-o", video, "--shard", "two"], "option.value", 64),
            (["-o", video, "--fps", "0"], "option.range", 64),
            (["-o", video, "--fps", "100000"], "option.range", 64),
            (["-o", video, "--size", "391x844"], "size.unsupported", 1),
            (["-o", video, "--codec", "prores"], "video.codec-container", 1),
            (["-o", video, "--codec", "mpeg2"], "usage", 64),
            (["-o", video, "--crf", "80"], "option.range", 64),
            (["-o", video, "--preset", "ludicrous"], "usage", 64),
            (["-o", video, "--pix-fmt", "rgba"], "option.combination", 64),
            (["-o", "-", "--format", "mp4"], "option.combination", 64),
            (["-o", video, "--format", "gif"], "usage", 64),
        ]
        for (arguments, id, status) in cases {
            let result = runInProcess(["render", example] + arguments)
            assertDiagnostic(result, id, status: status, "\(arguments)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "\(arguments)")
        }
    }

    func testMissingFFmpegSaysHowToInstallIt() throws {
        let folder = try scratchFolder()
        let result = try Tools.run(TestPaths.executable.path, ["render", example, "-o", folder.appendingPathComponent("a.mp4").path],
                                   environment: ["PATH": folder.path])
        assertDiagnostic(Tools.commandResult(result), "ffmpeg.missing", status: 1)
        XCTAssertTrue(result.standardError.contains("apt-get install ffmpeg"), result.standardError)
    }

    func testTheScenariosAudioIsMuxedAndTrimmed() throws {
        let folder = try scratchFolder()
        let tone = folder.appendingPathComponent("tone.wav").path
        XCTAssertEqual(try Tools.run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=10", tone]).status, 0)
        let scenario = folder.appendingPathComponent("s.json")
        try #"{"duration": 10, "audio": "tone.wav", "events": [{"at": 1, "state": "active"}]}"#.write(to: scenario, atomically: true, encoding: .utf8)
        for (container, codec) in [("mp4", "aac"), ("webm", "opus")] {
            let video = folder.appendingPathComponent("a.\(container)").path
            // Two frames a second: what is checked is the audio, three seconds of it.
            let result = runInProcess(["render", scenario.path, "--size", "64x48", "--fps", "2", "--from", "2", "--to", "5", "-o", video])
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertEqual(try Tools.probe(video, "stream=codec_name", stream: "a:0"), codec)
            let seconds = try XCTUnwrap(Double(try Tools.probe(video, "format=duration")))
            XCTAssertEqual(seconds, 3, accuracy: 0.1, container)
        }
        let silent = folder.appendingPathComponent("silent.mp4").path
        XCTAssertEqual(runInProcess(["render", scenario.path, "--size", "64x48", "--to", "1", "--no-audio", "-o", silent]).status, 0)
        XCTAssertEqual(try Tools.probe(silent, "stream=codec_name", stream: "a"), "")
    }
}
