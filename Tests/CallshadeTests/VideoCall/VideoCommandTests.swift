@testable import callshade
import CallshadePNG
import Foundation
import XCTest

/// A video call through the command line: the scenario's `remoteVideo` and
/// `localVideo` files (tiny ones made with ffmpeg's generators) opened and
/// drawn by `frame` and `render`, and a file that is not a video refused.
final class VideoCommandTests: XCTestCase {
    static let size = (width: 96, height: 208)
    static let frameBytes = size.width * size.height * 4

    /// A scenario in `folder` with a 2 s call: the peer's video from 0.2 s, yours from 0.5 s.
    func scenario(in folder: URL, remote: String = "peer.mp4", local: String = "me.mp4") throws -> String {
        let json = """
        {"duration": 2, "seed": 5, "remoteVideo": "\(remote)", "localVideo": "\(local)", "events": [
          {"at": 0, "state": "active"}, {"at": 0.2, "remoteVideo": true}, {"at": 0.5, "video": true}]}
        """
        let path = folder.appendingPathComponent("video-call.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Tiny H.264 videos in `folder` from ffmpeg's generators: the peer's 72x128, yours 48x64, 30 fps, 2 s.
    func makeVideos(in folder: URL) throws {
        guard Tools.hasFFmpeg else { throw XCTSkip("ffmpeg is not installed (Scripts/bootstrap installs it)") }
        for (name, source) in [("peer.mp4", "testsrc2=size=72x128:rate=30"), ("me.mp4", "mandelbrot=size=48x64:rate=30")] {
            let result = try Tools.run("ffmpeg", ["-nostdin", "-v", "error", "-f", "lavfi", "-i", source, "-t", "2", "-c:v", "libx264",
                                                  "-preset", "ultrafast", "-pix_fmt", "yuv420p", folder.appendingPathComponent(name).path])
            XCTAssertEqual(result.status, 0, result.standardError)
        }
    }

    func raw(_ scenario: String, _ extra: [String]) throws -> Data {
        try renderRawInProcess([scenario, "--size", "\(Self.size.width)x\(Self.size.height)", "--pix-fmt", "rgba", "--quiet"] + extra)
    }

    func frame(_ data: Data, _ index: Int) -> Data {
        data[index * Self.frameBytes..<(index + 1) * Self.frameBytes]
    }

    func testFrameAtATimeIsThatFrameOfTheRender() throws {
        let folder = try scratchFolder()
        try makeVideos(in: folder)
        let scenario = try scenario(in: folder)
        let frames = try raw(scenario, ["--from", "0", "--to", "1", "--fps", "30"])
        XCTAssertEqual(frames.count, 30 * Self.frameBytes)
        for index in [3, 10, 17, 29] {
            let png = folder.appendingPathComponent("frame-\(index).png").path
            let result = runInProcess(["frame", "--scenario", scenario, "--time", "\(Double(index) / 30)",
                                       "--size", "\(Self.size.width)x\(Self.size.height)", "-o", png])
            XCTAssertEqual(result.status, 0, result.standardError)
            let image = try PNGFile.read(path: png)
            XCTAssertTrue(Data(image.pixels) == frame(frames, index), "frame --time \(index)/30 differs from frame \(index) of the render")
        }
        // The videos do show and move: frames with the peer's video differ from one another and from the call before it.
        XCTAssertFalse(frame(frames, 0) == frame(frames, 10))
        XCTAssertFalse(frame(frames, 20) == frame(frames, 29))
    }

    func testFramesAt30FPSAreEverySecondFrameAt60() throws {
        let folder = try scratchFolder()
        try makeVideos(in: folder)
        let scenario = try scenario(in: folder)
        let at30 = try raw(scenario, ["--from", "0", "--to", "1.2", "--fps", "30"])
        let at60 = try raw(scenario, ["--from", "0", "--to", "1.2", "--fps", "60"])
        XCTAssertEqual(at30.count, 36 * Self.frameBytes)
        XCTAssertEqual(at60.count, 72 * Self.frameBytes)
        for index in 0..<36 {
            XCTAssertTrue(frame(at30, index) == frame(at60, 2 * index), "frame \(index) at 30 fps differs from frame \(2 * index) at 60 fps")
        }
    }

    func testAFileThatIsNotAVideoIsRefusedNamingIt() throws {
        let folder = try scratchFolder()
        try makeVideos(in: folder)
        let text = folder.appendingPathComponent("notes.mp4")
        try Data("not a video\n".utf8).write(to: text)
        let scenario = try scenario(in: folder, local: "notes.mp4")
        let commands = [
            "frame": ["frame", "--scenario", scenario, "--time", "1", "-o", folder.appendingPathComponent("out-frame.png").path],
            "sheet": ["sheet", scenario, "--size", "96x208", "--every", "1", "-o", folder.appendingPathComponent("out-sheet.png").path],
            "render": ["render", scenario, "--size", "96x208", "-o", folder.appendingPathComponent("out-render").path],
        ]
        for (command, arguments) in commands.sorted(by: { $0.key < $1.key }) {
            let result = runInProcess(arguments)
            assertDiagnostic(result, "video.unreadable", status: 1, command)
            XCTAssertTrue(result.standardError.contains(text.path), "names the file: \(result.standardError)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out-frame.png").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out-render").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out-sheet.png").path))
    }

    func testASheetOfAVideoCallIsMade() throws {
        let folder = try scratchFolder()
        try makeVideos(in: folder)
        let scenario = try scenario(in: folder)
        let sheet = folder.appendingPathComponent("sheet.png").path
        let result = runInProcess(["sheet", scenario, "--size", "96x208", "--every", "1", "-o", sheet])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertNotNil(try? PNGFile.read(path: sheet))
    }

    /// corrupt.mp4's packet 20 cannot be decoded: the render goes on, and says so once on stderr, naming the file.
    func testDamagedDataIsSaidOnceAsAWarning() throws {
        let folder = try scratchFolder()
        let corrupt = try VideoMedia.path("corrupt.mp4")
        let scenario = try scenario(in: folder, remote: corrupt, local: corrupt)
        let result = try runCallshade(["render", scenario, "--size", "96x208", "--fps", "30", "--from", "0", "--to", "1.5", "--quiet",
                                       "-o", folder.appendingPathComponent("frames").path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let warnings = result.standardError.split(separator: "\n").filter { $0.hasPrefix("Warning: ") }
        // Each camera's source says it once (the peer's and yours read the file apart).
        XCTAssertEqual(warnings.count, 2, result.standardError)
        XCTAssertTrue(warnings.allSatisfy { $0.contains(corrupt) }, result.standardError)
    }

    func testAMissingVideoIsRefusedNamingIt() throws {
        let folder = try scratchFolder()
        try makeVideos(in: folder)
        let scenario = try scenario(in: folder, remote: "gone.mp4")
        let out = folder.appendingPathComponent("out.png").path
        let result = runInProcess(["frame", "--scenario", scenario, "--time", "1", "-o", out])
        XCTAssertEqual(result.status, 1, result.standardError)
        XCTAssertTrue(result.standardError.contains("gone.mp4"), "names the file: \(result.standardError)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }
}
