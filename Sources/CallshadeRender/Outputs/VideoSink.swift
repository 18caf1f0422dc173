import CallshadeCore
import CallshadeSystem
import Foundation

/// Frames into a video file through an ffmpeg child process fed raw frames
/// on a pipe. ffmpeg writes a temporary file beside the target, which
/// takes the target's name only when ffmpeg has finished without error.
public final class VideoSink: FrameSink {
    private let staged: StagedFile
    private let child: ChildProcess
    private let settings: VideoSettings

    /// Starts ffmpeg on a staged file beside `path`; `recording`, when the
    /// settings take audio, is the open recording it muxes. With `cleanup`, a
    /// stop kills ffmpeg, then removes the staged file.
    public init(path: String, settings: VideoSettings, ffmpeg: String, recording: Recording?, cleanup: StopCleanup?) throws {
        staged = try AtomicFile(path: path).stage(cleanup: cleanup)
        self.settings = settings
        let audio = settings.audio == nil ? nil : recording
        child = try ChildProcess(executable: ffmpeg, arguments: settings.ffmpegArguments(output: staged.temporaryPath),
                                 inheriting: audio?.file.descriptor, cleanup: cleanup)
        // The encoder buffers frames ahead and takes up slack; the renderer's
        // bands of rows wait for their slowest. Where the two contend for
        // cores, the renderer goes first (measured: about a tenth off a
        // 1080x1920 MP4's wall time on two cores). Set before ffmpeg has
        // started its threads (it is still loading), which inherit it.
        child.yieldCPU(by: Self.encoderNiceness)
    }

    /// How much lower the encoder's CPU priority is than the renderer's.
    public static let encoderNiceness: Int32 = 10

    /// What ffmpeg reads: I420 for 4:2:0 codecs (it then only encodes), else RGBA.
    public var takes: PixelFormat { settings.pixelFormat }

    public func write(_ frame: RenderedFrame, index: Int) throws {
        do {
            switch frame {
            case .rgba(let image): try image.pixels.withUnsafeBytes { try child.write($0) }
            case .yuv420p(let planes): try planes.withUnsafeBytes { try child.write($0) }
            }
        } catch let error as SystemError where error.isReaderGone {
            // ffmpeg stopped reading: it failed or was killed; say why.
            throw failure(try child.finish())
        }
    }

    public func finish() throws {
        let exit = try child.finish()
        guard exit.succeeded else { throw failure(exit) }
        try staged.commit()
    }

    public func abandon() {
        child.kill()
        staged.discard()
    }

    private func failure(_ exit: ChildExit) -> Error {
        staged.discard()
        let tail = child.errorTail.suffix(2)   // with the first line, three in all
        return FFmpegFailure(exit: exit, lines: Array(tail))
    }
}

/// ffmpeg ended without producing the video.
public struct FFmpegFailure: Error, CustomStringConvertible {
    public let exit: ChildExit
    public let lines: [String]

    public init(exit: ChildExit, lines: [String]) {
        self.exit = exit
        self.lines = lines
    }

    public var description: String {
        let said = lines.isEmpty ? "" : "; it said:\n" + lines.map { "  " + $0 }.joined(separator: "\n")
        return "ffmpeg \(exit)\(said)"
    }
}
