@testable import CallshadeAudio
import CallshadeCore
import CallshadeKinds
import Foundation
import XCTest

/// Recordings into voice levels (libsndfile, ffmpeg as a fallback decoder),
/// with fixtures made at test time by ffmpeg and espeak-ng.
final class AudioLevelTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(Tools.hasFFmpeg, "ffmpeg is not installed (Scripts/bootstrap installs it)")
        folder = try scratchFolder(name)
    }

    /// Makes an audio file with an ffmpeg lavfi source expression.
    func make(_ name: String, _ source: String, _ extra: [String] = []) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let result = try Tools.run("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", source] + extra + [path])
        XCTAssertEqual(result.status, 0, result.standardError)
        return path
    }

    func meter(_ path: String) throws -> VoiceLevelMeter {
        let file = try SoundFile(path: path)
        var meter = VoiceLevelMeter(sampleRate: file.sampleRate, channels: file.channels)
        try file.measure(into: &meter)
        return meter
    }

    /// The documented level of a sine peaking at -6 dBFS: RMS -9.03 dBFS, 10^((-9.03 + 20) / 20).
    let toneLevel = pow(10, (20 * log10(0.5 / 2.0.squareRoot()) + 20) / 20)

    func testSilenceReadsZero() throws {
        let levels = try meter(try make("silence.wav", "anullsrc=r=48000:cl=mono", ["-t", "2"])).levels(tickCount: 130)
        XCTAssertTrue(levels.allSatisfy { $0 == 0 })
    }

    func testAToneAtMinusSixDBFSReadsItsDocumentedLevel() throws {
        XCTAssertEqual(toneLevel, 3.536, accuracy: 0.001)
        for rate in [8000, 44100, 48000] {
            let tone = try make("tone\(rate).wav", "aevalsrc=0.5*sin(2*PI*1000*t):s=\(rate):d=2")
            let meter = try meter(tone)
            XCTAssertEqual(meter.duration, 2, accuracy: 0.001)
            let levels = meter.levels(tickCount: 120)
            for tick in 2..<120 { XCTAssertEqual(levels[tick], toneLevel, accuracy: 0.02, "tick \(tick) at \(rate) Hz") }
            XCTAssertEqual(meter.dbfs(atTick: 60), -9.03, accuracy: 0.02)
            XCTAssertEqual(meter.levels(tickCount: 200)[150], 0)   // past the end: silence
        }
    }

    func testChannelsArePooledByPower() throws {
        // The tone in one channel of two: half the power, -3 dB, the level over the square root of 2.
        let stereo = try make("stereo.wav", "aevalsrc=0.5*sin(2*PI*1000*t)|0:s=48000:d=1")
        let file = try SoundFile(path: stereo)
        XCTAssertEqual(file.channels, 2)
        let levels = try meter(stereo).levels(tickCount: 50)
        XCTAssertEqual(levels[30], toneLevel / 2.0.squareRoot(), accuracy: 0.02)
    }

    func testSpeechReadsInTheSpeechRange() throws {
        try XCTSkipUnless(Tools.available("espeak-ng"), "espeak-ng is not installed (Scripts/bootstrap installs it)")
        let speech = folder.appendingPathComponent("speech.wav").path
        XCTAssertEqual(try Tools.run("espeak-ng", ["-w", speech, "Can you hear me now? The waves should follow my voice."]).status, 0)
        let levels = try meter(speech).levels(tickCount: 400).filter { $0 > 0 }
        XCTAssertGreaterThan(levels.count, 60)
        let mean = levels.reduce(0, +) / Double(levels.count)
        XCTAssertGreaterThan(mean, 0.3)
        XCTAssertLessThan(mean, 3)
        XCTAssertLessThanOrEqual(levels.max() ?? 0, 5)
    }

    func testAGapFallsToZeroAndTheWavesRestInside() throws {
        // Tone for 1 s, silence for 1 s, tone for 1 s.
        let gap = try make("gap.wav", "aevalsrc=0.5*sin(2*PI*1000*t)*(lt(t\\,1)+gte(t\\,2)):s=48000:d=3")
        let levels = try meter(gap).levels(tickCount: 190)
        for tick in 62...120 { XCTAssertEqual(levels[tick], 0, "tick \(tick) is inside the gap") }
        XCTAssertGreaterThan(levels[50], 3)
        XCTAssertGreaterThan(levels[130], 3)
        // Through a timeline: the smoothed level reaches 0 inside the gap, so the waves are at rest size there.
        let timeline = CallTimeline(Scenario(duration: 3, [(0.2, .state(.active))]), voiceLevels: levels)
        XCTAssertEqual(timeline.state(at: 1.9).waves.level, 0)
        let layout = try CallLayout(size: try FrameSize(parsing: "390x844"))
        let rest = WaveGeometry.layer(seed: 1, motionTime: 0, level: 0, visibility: 1, layout: layout).shapes[0].side
        let inGap = WaveGeometry.layer(seed: 1, motionTime: 0, level: timeline.state(at: 1.9).waves.level, visibility: 1, layout: layout)
        XCTAssertEqual(inGap.shapes[0].side, rest)
        XCTAssertGreaterThan(timeline.state(at: 0.9).waves.level, 3)
    }

    func testOtherFormatsGoThroughFFmpeg() throws {
        let tone = try make("tone.m4a", "aevalsrc=0.5*sin(2*PI*1000*t):s=48000:d=2", ["-c:a", "aac", "-b:a", "192k"])
        XCTAssertThrowsError(try SoundFile(path: tone))   // libsndfile does not read AAC
        let result = try runCallshade(["levels", tone, "--csv"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let rows = result.standardOutput.split(separator: "\n").dropFirst()
        let level = try XCTUnwrap(Double(rows[60].split(separator: ",")[2]))
        XCTAssertEqual(level, toneLevel, accuracy: 0.05)
    }

    func testLevelsCommandPrintsATickTrack() throws {
        let tone = try make("tone.flac", "aevalsrc=0.5*sin(2*PI*1000*t):s=16000:d=1.5")
        let result = try runCallshade(["levels", tone, "--csv"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = result.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.first, "time,dbfs,level,smoothed")
        XCTAssertEqual(lines.count, 1 + 90)
        let fields = lines[61].split(separator: ",")
        XCTAssertEqual(fields.first, "1.0000")
        XCTAssertEqual(try XCTUnwrap(Double(fields[1])), -9.03, accuracy: 0.02)
        XCTAssertEqual(try XCTUnwrap(Double(fields[2])), toneLevel, accuracy: 0.02)
        let table = try runCallshade(["levels", tone])
        XCTAssertTrue(table.standardOutput.hasPrefix("  time (s)"), table.standardOutput)
    }

    func testBadAudioGivesClearErrors() throws {
        let text = folder.appendingPathComponent("notes.wav")
        try Data("these are not samples".utf8).write(to: text)
        // A WAV whose header claims 100 samples a second: absurd for a voice.
        var header = Data("RIFF".utf8) + le32(36 + 200) + Data("WAVEfmt ".utf8) + le32(16) + le16(1) + le16(1)
        header += le32(100) + le32(200) + le16(2) + le16(16) + Data("data".utf8) + le32(200) + Data(count: 200)
        let slow = folder.appendingPathComponent("slow.wav")
        try header.write(to: slow)
        let cases: [(String, String)] = [
            (text.path, "cannot read audio"),
            (slow.path, "sample rate of 100 Hz"),
            (folder.appendingPathComponent("none.wav").path, "no such file"),
            (folder.path, "it is a folder"),
        ]
        for (path, expected) in cases {
            let result = runInProcess(["levels", path])
            assertDiagnostic(result, "audio.unreadable", status: 1, path)
            XCTAssertTrue(result.standardError.contains(expected), "\(path): \(result.standardError)")
        }
    }

    func testValidateSaysWhatTheRecordingDoes() throws {
        _ = try make("short.wav", "aevalsrc=0.5*sin(2*PI*1000*t):s=16000:d=3")
        _ = try make("long.wav", "aevalsrc=0.5*sin(2*PI*1000*t):s=16000:d=12")
        let scenario = folder.appendingPathComponent("s.json")
        try #"{"duration": 5, "audio": "short.wav", "events": [{"at": 1, "level": 2}, {"at": 2, "level": 0}]}"#
            .write(to: scenario, atomically: true, encoding: .utf8)
        let shorter = try runCallshade(["validate", scenario.path])
        XCTAssertTrue(shorter.standardOutput.contains("shorter than the scenario: silence (level 0) after 3 s"), shorter.standardOutput)
        XCTAssertTrue(shorter.standardOutput.contains("the audio wins: 2 level events are ignored"), shorter.standardOutput)
        try #"{"duration": 5, "audio": "long.wav"}"#.write(to: scenario, atomically: true, encoding: .utf8)
        let longer = try runCallshade(["validate", scenario.path])
        XCTAssertTrue(longer.standardOutput.contains("longer than the scenario: trimmed at 5 s"), longer.standardOutput)
    }

    func testTheWavesFollowAnOnsetWithinTwoFrames() throws {
        // Silence until 2 s, then a tone. The same scenario with silence throughout moves the waves
        // identically at level 0, so frame by frame, any difference in the waves' area is the voice.
        // In the rendered videos (waves only, lossless), the first frame that differs comes within
        // two frames of the onset.
        _ = try make("onset.wav", "aevalsrc=0.5*sin(2*PI*1000*t)*gte(t\\,2):s=48000:d=4")
        _ = try make("quiet.wav", "anullsrc=r=48000:cl=mono", ["-t", "4"])
        func areas(_ audio: String) throws -> [Int] {
            let scenario = folder.appendingPathComponent("\(audio).json")
            try #"{"duration": 3, "audio": "AUDIO", "events": [{"at": 0.5, "state": "active"}]}"#
                .replacingOccurrences(of: "AUDIO", with: audio).write(to: scenario, atomically: true, encoding: .utf8)
            let video = folder.appendingPathComponent("\(audio).mkv").path
            let result = runInProcess(["render", scenario.path, "--layers", "waves", "--codec", "ffv1", "--size", "130x282",
                                       "--fps", "60", "--from", "1.75", "--to", "2.25", "-o", video])
            XCTAssertEqual(result.status, 0, result.standardError)
            let frames = try Tools.decodedFrames(video)
            let frameBytes = 130 * 282 * 3
            return stride(from: 0, to: frames.count, by: frameBytes).map { start in
                frames[start..<start + frameBytes].reduce(0) { $0 + ($1 > 0 ? 1 : 0) }
            }
        }
        let voiced = try areas("onset.wav")
        let silent = try areas("quiet.wav")
        XCTAssertEqual(voiced.count, 30)
        XCTAssertEqual(silent.count, 30)
        let firstGrowth = try XCTUnwrap(voiced.indices.first { voiced[$0] > silent[$0] }, "the waves never grow: \(voiced) vs \(silent)")
        let onsetFrame = 15   // 2.0 s is frame 15 of a render starting at 1.75 s, at 60 fps
        XCTAssertTrue(zip(voiced, silent).prefix(onsetFrame).allSatisfy { $0.0 == $0.1 }, "the waves move before the sound")
        XCTAssertLessThanOrEqual(firstGrowth - onsetFrame, 2, "waves grow at frame \(firstGrowth), the sound starts at \(onsetFrame)")
        XCTAssertGreaterThanOrEqual(firstGrowth, onsetFrame)
        print("onset lag: \(firstGrowth - onsetFrame) frame(s) at 60 fps")
    }

    func le32(_ value: UInt32) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
    func le16(_ value: UInt16) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
}
