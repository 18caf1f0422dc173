@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeAudio
import CallshadeJSON
import Foundation
import XCTest

/// A voice message (chat-types section 3) read from a scenario, laid out,
/// recorded and sent, against the worked example of section 9: D 8 s gives
/// W 162.64 and the frame (196.36, 690.67)-(386, 758.67), the disc's centre
/// (230.36, 724.67), bars from x 262.36 to 365 standing on 721.67, n 34
/// (its flight at s = 0.1: `VoiceSendFlightTests`).
final class VoiceSendTests: XCTestCase {
    private static let examples = TestPaths.packageRoot.appendingPathComponent("Examples").path
    private static let goldenVoice = TestPaths.goldens.appendingPathComponent("inputs/chat/voice.wav").path

    private func parse(_ events: String, folder: String = VoiceSendTests.examples) throws -> ChatScenario {
        let json = #"{"scene": "chat", "duration": 12, "events": ["# + events + "]}"
        let parsed = try ScenarioFile.parseAny(Array(json.utf8), file: "c.json", folder: folder)
        return try XCTUnwrap(parsed as? ChatScenario)
    }

    private let width: (String, TextStyle) -> Double = { text, _ in Double(text.count) * 6 }
    private let clip = VoiceClip(duration: 8, waveform: VoiceWaveform(amplitudes: []))

    func testTheWorkedExample() throws {
        let voice = ChatMessage(side: .outgoing, text: ChatMedia.voiceQuote, time: "12:40", media: .voice(.init(path: "/v.wav")))
        let layout = ChatMessageLayout([voice], width: width, voice: { _ in self.clip })
        let frame = try XCTUnwrap(layout.placed.first).frame
        for (got, want) in zip([frame.x, frame.y, frame.right, frame.bottom], [196.36, 690.67, 386, 758.67]) {
            XCTAssertEqual(got, want, accuracy: 0.005)
        }
        let bubble = VoiceBubbleLayout(frame: frame)
        XCTAssertEqual(bubble.width, 162.64, accuracy: 0.005)
        XCTAssertEqual(bubble.discCentre.x, 230.36, accuracy: 0.005)
        XCTAssertEqual(bubble.discCentre.y, 724.67, accuracy: 0.005)
        XCTAssertEqual(bubble.waveform.x, 262.36, accuracy: 0.005)
        XCTAssertEqual(bubble.waveform.x + bubble.waveform.width, 365, accuracy: 0.005)
        XCTAssertEqual(bubble.waveform.baseline, 721.67, accuracy: 0.005)
        XCTAssertEqual(bubble.waveform.bars, 34)
        XCTAssertEqual(try XCTUnwrap(layout.placed.first).status.y, frame.y + 50, accuracy: 1e-9)
    }

    /// A voice message merges with a bubble of its side above it, as a text bubble does.
    func testItMergesAsABubble() {
        let voice = ChatMessage(side: .outgoing, text: ChatMedia.voiceQuote, time: "12:40", media: .voice(.init(path: "/v.wav")))
        let layout = ChatMessageLayout([ChatMessage(side: .outgoing, text: "Listen", time: "12:39"), voice], width: width, voice: { _ in self.clip })
        XCTAssertFalse(layout.placed[0].hasTail)
        XCTAssertEqual(layout.placed[1].frame.y - layout.placed[0].frame.bottom, ChatMessageLayout.mergedGap, accuracy: 1e-9)
    }

    /// Read from a send object; recorded during [max(at - D, the previous send, 0), at), its timer m:ss,cc; the dot and timer fade after.
    func testItIsRecordedThenSent() throws {
        let chat = try parse(#"{"at": 2, "send": "Hi"}, {"at": 9, "send": {"voice": "voice-note.wav"}, "time": "9:00"}"#)
        let path = Self.examples + "/voice-note.wav"
        XCTAssertEqual(chat.events.last?.change, .send(text: "Voice Message", kind: .voice, time: "9:00", media: .voice(.init(path: path))))
        let clip = try VoiceClip(path: path)
        XCTAssertEqual(clip.duration, 6.5)
        XCTAssertEqual(clip.shownDuration, "0:06")
        func motion(_ time: Double) -> ChatListMotion {
            ChatListMotion(ChatTimeline(chat), at: time, height: 844, width: width, voice: { $0 == path ? clip : nil })
        }
        XCTAssertNil(motion(2.49).recording, "recording starts at 9 - 6.5 = 2.5")
        XCTAssertEqual(try XCTUnwrap(motion(5).recording).elapsed, 2.5, accuracy: 1e-9, "t - at + D")
        XCTAssertEqual(try XCTUnwrap(motion(5).recording).shown, 1)
        XCTAssertNil(motion(5).draft, "no text draft while recording")
        let sent = try XCTUnwrap(motion(9.075).recording)
        XCTAssertTrue(sent.sent)
        XCTAssertEqual(sent.shown, 0.5, accuracy: 1e-9)
        XCTAssertNil(motion(9.15).recording)
        XCTAssertEqual(motion(9.1).flights.map(\.kind), [.voice])
        // The studio's band for it, beside the drafts.
        let band = try XCTUnwrap(ChatScenario.bands(ChatTimeline(chat), length: { _ in clip.duration }).first { $0.label.hasPrefix("recording") })
        XCTAssertEqual([band.label, "\(band.start)", "\(band.end)"], ["recording voice-note.wav", "2.5", "9.0"])
        XCTAssertEqual(VoiceClip.timer(4), "0:04,00")
        XCTAssertEqual(VoiceClip.timer(63.456), "1:03,45")
        XCTAssertEqual(VoiceClip.minutesAndSeconds(600), "10:00")
    }

    /// The bars grow from 0.08 s after the send over 0.8 s, the later ones later (rule 4).
    func testBarsGrow() {
        XCTAssertEqual(VoiceSendFlight.barGrowth(0.08, bar: 0, of: 34), 0)
        XCTAssertEqual(VoiceSendFlight.barGrowth(0.88, bar: 33, of: 34), 1)
        XCTAssertGreaterThan(VoiceSendFlight.barGrowth(0.3, bar: 0, of: 34), VoiceSendFlight.barGrowth(0.3, bar: 20, of: 34))
    }

    func testRefusals() throws {
        let cases: [(String, String)] = [
            (#"{"at": 1, "send": {"voice": "voice-note.wav", "from": [1, 2]}}"#, "events[0].send.from: only a sticker has from (this send is voice)"),
            (#"{"at": 1, "send": {"voice": "voice-note.wav"}, "kind": "small"}"#, "events[0].kind: only a text send has a kind (this send is a voice)"),
            (#"{"at": 1, "send": {"voice": "nothing.wav"}}"#, "events[0].send.voice: file 'nothing.wav' not found"),
        ]
        for (events, expected) in cases {
            XCTAssertThrowsError(try parse(events), events) { error in
                XCTAssertTrue("\(error)".hasPrefix("c.json: " + expected), "\(error)")
            }
        }
        // Decoded before the first frame: not audio, or under 0.5 s, is refused naming the field (audio.unreadable).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("callshade-voice-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not audio".utf8).write(to: folder.appendingPathComponent("junk.wav"))
        let short = try VoiceClip(path: Self.goldenVoice)
        XCTAssertEqual(short.duration, 8)
        for (name, expected) in [("junk.wav", "cannot read audio"), ("short.wav", "it lasts under 0.5 s (got 0.25 s)")] {
            if name == "short.wav" { try Self.wav(seconds: 0.25).write(to: folder.appendingPathComponent(name)) }
            let chat = try parse(#"{"at": 1, "send": {"voice": ""# + name + #""}}"#, folder: folder.path)
            XCTAssertThrowsError(try ChatVoices.load(chat)) { error in
                XCTAssertTrue("\(error)".hasPrefix("events[0].send.voice: "), "\(error)")
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
            }
        }
    }

    /// A silent 16-bit mono WAV at 8 kHz, `seconds` long.
    static func wav(seconds: Double) -> Data {
        let data = [UInt8](repeating: 0, count: Int(seconds * 8000) * 2)
        func le(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        return Data(Array("RIFF".utf8) + le(UInt32(36 + data.count)) + Array("WAVEfmt ".utf8) + le(16) + [1, 0, 1, 0] + le(8000) + le(16000)
                    + [2, 0, 16, 0] + Array("data".utf8) + le(UInt32(data.count)) + data)
    }
}
