import CallshadeRender
import CallshadeSystem
import Foundation

/// The bench's two cameras, made as `Scripts/make-example-videos` makes the
/// example's (ffmpeg's own generators, H.264 ultrafast, 4:2:0, no audio)
/// into a temporary folder of their own, so that the bench needs no file
/// the user lacks: the peer's `testsrc2`, portrait 720x1280, and yours, the
/// Mandelbrot set, portrait 480x640, both 30 fps. `discard` deletes them.
struct BenchCameras {
    let folder: String
    let peer: String
    let mine: String
    /// Seconds of each video: the call's source times go past it only in a long encode row, and then the videos loop.
    static let seconds = 10

    init() throws {
        folder = try FileSystem.makeTemporaryFolder(
            template: FileManager.default.temporaryDirectory.appendingPathComponent("callshade-bench-cameras-XXXXXX").path)
        peer = folder + "/peer.mp4"
        mine = folder + "/me.mp4"
        do {
            let ffmpeg = try FFmpeg.require()
            try Self.make(peer, from: "testsrc2=size=720x1280:rate=30", ffmpeg: ffmpeg)
            try Self.make(mine, from: "mandelbrot=size=480x640:rate=30", ffmpeg: ffmpeg)
        } catch {
            discard()
            throw error
        }
    }

    private static func make(_ path: String, from source: String, ffmpeg: String) throws {
        let child = try ChildProcess(executable: ffmpeg, arguments: [
            "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", source, "-t", "\(seconds)",
            "-c:v", "libx264", "-preset", "ultrafast", "-crf", "40", "-pix_fmt", "yuv420p", "-an", "-f", "mp4", path,
        ])
        let exit = try child.finish()
        guard exit.succeeded else { throw FFmpegFailure(exit: exit, lines: child.errorTail) }
    }

    /// Deletes the videos and their folder. What cannot be removed is left
    /// to the system's cleaning of the temporary folder: the bench's numbers stand either way.
    func discard() {
        try? FileSystem.remove(peer)
        try? FileSystem.remove(mine)
        try? FileSystem.removeFolder(folder)
    }
}
