import CallshadeAudio
@testable import CallshadeKinds
import Foundation
import XCTest

/// A voice message's waveform (`chat-types.md` section 3): 100 bins of peak
/// magnitude, levels against P = max(2500, 1.8 x their mean), and its bars.
final class VoiceWaveformTests: XCTestCase {
    func testBinsLevelsAndTheQuietestPeak() {
        // 200 frames: bin k holds frames 2k and 2k + 1; its peak is the larger.
        let amplitudes = (0..<200).map { index -> Double in index / 2 < 50 ? (index % 2 == 0 ? 1000 : 3000) : 9000 }
        let waveform = VoiceWaveform(amplitudes: amplitudes)
        // Mean of the bins (50 at 3000, 50 at 9000) is 6000: P = 10800; levels floor(31 x 3000 / 10800) = 8 and floor(31 x 9000 / 10800) = 25.
        XCTAssertEqual(waveform.levels, Array(repeating: 8, count: 50) + Array(repeating: 25, count: 50))
        // Quiet: the peak is at least 2500, so a whisper stays low.
        XCTAssertEqual(VoiceWaveform(amplitudes: Array(repeating: 100, count: 1000)).levels, Array(repeating: 1, count: 100))
        // Loud and even: P = 1.8 x the mean, so an even sound sits at floor(31 / 1.8) = 17.
        XCTAssertEqual(VoiceWaveform(amplitudes: Array(repeating: 20000, count: 999)).levels, Array(repeating: 17, count: 100))
        XCTAssertEqual(VoiceWaveform(amplitudes: []).levels, Array(repeating: 0, count: 100))
    }

    /// n bars: bar j the largest level of the bins k with floor(k n / 100) = j; heights 12 v / max v.
    func testBars() {
        let waveform = VoiceWaveform(amplitudes: (0..<100).map { Double($0) * 200 })
        let bars = waveform.bars(34)
        XCTAssertEqual(bars.count, 34, "the worked example's 34 bars (8 s: W - 60 = 102.64 pt, 3 pt apart)")
        for j in 0..<34 {
            let bins = (0..<100).filter { $0 * 34 / 100 == j }
            XCTAssertEqual(bars[j], bins.map { waveform.levels[$0] }.max() ?? 0)
        }
        let heights = waveform.barHeights(34)
        XCTAssertEqual(heights.max(), 12)
        XCTAssertEqual(heights[0], 0)
        XCTAssertEqual(VoiceWaveform(amplitudes: []).barHeights(5), [0, 0, 0, 0, 0], "no sound: flat, no division by 0")
    }

    /// Read from a file through libsndfile: a square wave of +-8000 in 16-bit units gives every bin 8000, so every level floor(31 / 1.8) = 17.
    func testItReadsAFile() throws {
        let data = (0..<4000).flatMap { index -> [UInt8] in
            let value: Int16 = (index / 20) % 2 == 0 ? 8000 : -8000
            return [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
        }
        func le(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let wav = Array("RIFF".utf8) + le(UInt32(36 + data.count)) + Array("WAVEfmt ".utf8) + le(16) + [1, 0, 1, 0] + le(8000) + le(16000)
            + [2, 0, 16, 0] + Array("data".utf8) + le(UInt32(data.count)) + data
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voice-waveform-\(getpid()).wav").path
        try Data(wav).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clip = try VoiceClip(path: path)
        XCTAssertEqual(clip.waveform.levels, Array(repeating: 17, count: 100))
        XCTAssertEqual(clip.duration, 0.5)
    }
}
