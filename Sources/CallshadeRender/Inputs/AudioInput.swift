import CallshadeAudio
import CallshadeCore
import CallshadeSystem
import Foundation

/// The recording of the remote voice a scenario names, opened once: its
/// levels are measured through this open file, and ffmpeg reads the same open
/// file (it inherits the descriptor) to mux it, so the path is opened a
/// single time and must be a regular file.
public final class Recording {
    public let file: InputFile

    public init(path: String) throws {
        do {
            file = try InputFile(path: path)
        } catch let failure as InputFile.Failure {
            throw AudioError.cannotOpen(path: path, reason: failure.reason)
        }
    }

    public var path: String { file.path }

    /// A meter of `kind` fed with the whole recording: libsndfile for what it
    /// reads, ffmpeg as the decoder for anything else (AAC, M4A, video files' sound).
    public func measured<Meter: SoundMeter>(by kind: Meter.Type) throws -> Meter {
        try measured(making: Meter.init)
    }

    /// The same, with the meter made by `make` from the sound's sample rate and channels.
    public func measured<Meter: SoundMeter>(making make: (_ sampleRate: Int, _ channels: Int) -> Meter) throws -> Meter {
        let sound: SoundFile
        do {
            sound = try SoundFile(file: file)
        } catch AudioError.cannotOpen(_, let reason) {
            return try decodeWithFFmpeg(make, libsndfileReason: reason)
        }
        var meter = make(sound.sampleRate, sound.channels)
        try sound.measure(into: &meter)
        return meter
    }

    /// Decodes to mono 32-bit float at 48 kHz with an ffmpeg child and meters that.
    private func decodeWithFFmpeg<Meter: SoundMeter>(_ make: (Int, Int) -> Meter, libsndfileReason: String) throws -> Meter {
        guard let ffmpeg = FFmpeg.locate() else {
            throw AudioError.cannotOpen(path: path, reason: "\(libsndfileReason) (and ffmpeg, which reads more formats, is not installed)")
        }
        let rate = 48_000
        var meter = make(rate, 1)
        var carry: [UInt8] = []
        let (child, exit): (ChildProcess, ChildExit)
        do {
            (child, exit) = try ChildProcess.run(
                executable: ffmpeg,
                arguments: ["-v", "error", "-nostdin", "-i", ChildProcess.inheritedPath, "-vn", "-ac", "1",
                            "-ar", "\(rate)", "-f", "f32le", "-"],
                inheriting: file.descriptor
            ) { chunk in
                carry += chunk
                let whole = carry.count / 4 * 4
                carry.prefix(whole).withUnsafeBytes { raw in
                    meter.add(interleaved: raw.bindMemory(to: Float.self))
                }
                carry.removeFirst(whole)
            }
        } catch let failure as SystemError {
            throw AudioError.cannotOpen(path: path, reason: "\(failure)")
        }
        guard exit.succeeded, meter.duration > 0 else {
            let said = child.errorTail.last.map { "; ffmpeg: \($0)" } ?? ""
            throw AudioError.cannotOpen(path: path, reason: "\(libsndfileReason)\(said)")
        }
        return meter
    }
}
