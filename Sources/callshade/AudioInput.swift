import CallshadeAudio
import CallshadeCore
import Foundation

/// Reading a recording into voice levels: libsndfile for what it reads, and
/// ffmpeg as the decoder for anything else (AAC, M4A, video files' sound).
enum AudioInput {
    /// The meter fed with the whole recording.
    static func meter(path: String) throws -> VoiceLevelMeter {
        let file: SoundFile
        do {
            file = try SoundFile(path: path)
        } catch AudioError.cannotOpen(let path, let reason) where reason != "no such file" && reason != "it is a folder" {
            return try decodeWithFFmpeg(path: path, libsndfileReason: reason)
        } catch {
            throw CLIError("\(error)")
        }
        var meter = VoiceLevelMeter(sampleRate: file.sampleRate, channels: file.channels)
        do {
            try file.measure(into: &meter)
        } catch {
            throw CLIError("\(error)")
        }
        return meter
    }

    /// Decodes to mono 32-bit float at 48 kHz with an ffmpeg child and meters that.
    static func decodeWithFFmpeg(path: String, libsndfileReason: String) throws -> VoiceLevelMeter {
        guard let ffmpeg = FFmpeg.locate() else {
            throw CLIError("cannot read audio '\(path)': \(libsndfileReason) (and ffmpeg, which reads more formats, is not installed)")
        }
        let rate = 48_000
        let (outputRead, outputWrite) = try POSIXCalls.pipe()
        let child = try ChildProcess(executable: ffmpeg, arguments: ["-v", "error", "-nostdin", "-i", path, "-vn", "-ac", "1",
                                                                     "-ar", "\(rate)", "-f", "f32le", "-"],
                                     standardOutput: outputWrite)
        POSIXCalls.close(outputWrite)
        var meter = VoiceLevelMeter(sampleRate: rate, channels: 1)
        var carry: [UInt8] = []
        while true {
            let chunk = POSIXCalls.read(outputRead)
            if chunk.isEmpty { break }
            carry += chunk
            let whole = carry.count / 4 * 4
            carry.prefix(whole).withUnsafeBytes { raw in
                meter.add(interleaved: raw.bindMemory(to: Float.self))
            }
            carry.removeFirst(whole)
        }
        POSIXCalls.close(outputRead)
        let exit = child.finish()
        guard exit.succeeded, meter.duration > 0 else {
            let said = child.errorTail.last.map { "; ffmpeg: \($0)" } ?? ""
            throw CLIError("cannot read audio '\(path)': \(libsndfileReason)\(said)")
        }
        return meter
    }
}

extension ScenarioInput {
    /// The scenario's timeline, its voice level measured from its recording when it names one.
    static func timeline(_ scenario: Scenario) throws -> CallTimeline {
        guard let audio = scenario.audioPath else { return CallTimeline(scenario) }
        let meter = try AudioInput.meter(path: audio)
        let levels = meter.levels(tickCount: CallTimeline.levelTickCount(duration: scenario.duration))
        return CallTimeline(scenario, voiceLevels: levels)
    }
}
