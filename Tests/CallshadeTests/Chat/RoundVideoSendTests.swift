@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeJSON
import Foundation
import XCTest

/// A round video message (chat-types section 4) read from a scenario, laid
/// out, captured and sent: on the newest row at 390 x 844 its circle is
/// (140, 517)-(380, 757) (section 9); its insets are 4 pt both sides.
final class RoundVideoSendTests: XCTestCase {
    private static let goldens = TestPaths.goldens.path

    private func parse(_ events: String, folder: String = RoundVideoSendTests.goldens) throws -> ChatScenario {
        let json = #"{"scene": "chat", "duration": 12, "events": ["# + events + "]}"
        let parsed = try ScenarioFile.parseAny(Array(json.utf8), file: "c.json", folder: folder)
        return try XCTUnwrap(parsed as? ChatScenario)
    }

    private let width: (String, TextStyle) -> Double = { text, _ in Double(text.count) * 6 }

    func testItsRow() throws {
        let video = ChatMessage(side: .outgoing, text: ChatMedia.videoQuote, time: "12:40", media: .roundVideo(.init(path: "/r.mp4")))
        let layout = ChatMessageLayout([ChatMessage(side: .outgoing, text: "Look", time: "12:39"), video], width: width)
        let frame = layout.placed[1].frame
        XCTAssertEqual([frame.x, frame.y, frame.right, frame.bottom], [140, 517, 380, 757])
        XCTAssertEqual(frame.y - layout.placed[0].frame.bottom, 4 + 1, accuracy: 1e-9, "its 4 pt and the bubble's 1 toward it")
        XCTAssertTrue(layout.placed[0].hasTail, "a round video merges with no bubble")
        let pill = try XCTUnwrap(layout.placed[1].pill)
        XCTAssertEqual(pill.bottom, 757, accuracy: 1e-9)
        XCTAssertEqual(pill.x, min(260 + 55, 380 - 4 - pill.width), accuracy: 1e-9)
        // A row below of the other side: the circle's 4 pt and its 7/3.
        let below = ChatMessageLayout([video, ChatMessage(side: .incoming, text: "Nice", time: "12:41")], width: width)
        XCTAssertEqual(below.placed[1].frame.y - below.placed[0].frame.bottom, 4 + 7.0 / 3, accuracy: 1e-9)
        XCTAssertEqual(RoundVideoParts.durationPill(circle: frame, textWidth: 20).right, 260 - 55, accuracy: 1e-9)
    }

    /// Captured during [max(at - D, the previous send, 0), at): its picture at t - at + D; once sent at s mod D, and the capture's
    /// last picture while it flies.
    func testItIsCapturedThenSent() throws {
        let chat = try parse(#"{"at": 4, "send": {"video": "inputs/chat/round.mp4"}, "time": "9:00"}"#)
        let path = Self.goldens + "/inputs/chat/round.mp4"
        XCTAssertEqual(chat.events.first?.change, .send(text: "Video Message", kind: .roundVideo, time: "9:00", media: .roundVideo(.init(path: path))))
        let file = try RoundVideoFile(path: path)
        XCTAssertEqual(file.duration, 1.2, accuracy: 1e-9)
        func motion(_ time: Double) -> ChatListMotion {
            ChatListMotion(ChatTimeline(chat), at: time, height: 844, width: width, videoDuration: { $0 == path ? file.duration : nil })
        }
        XCTAssertNil(motion(2.79).recording)
        let captured = try XCTUnwrap(motion(3.5).recording)
        XCTAssertEqual(captured.video, path)
        XCTAssertEqual(captured.elapsed, 0.7, accuracy: 1e-9)
        XCTAssertEqual(RoundVideoPictures.wanted(motion(3.5), at: 3.5, videos: [path: file]).map(\.sourceTime), [captured.elapsed])
        let flying = RoundVideoPictures.wanted(motion(4.1), at: 4.1, videos: [path: file]).map(\.sourceTime)
        XCTAssertEqual(flying.count, 2)
        XCTAssertEqual(flying[0], 0.1, accuracy: 1e-9)
        XCTAssertEqual(flying[1], 1.2 - 1e-6, accuracy: 1e-12)
        XCTAssertEqual(RoundVideoPictures.wanted(motion(5.55), at: 5.55, videos: [path: file]).map(\.sourceTime).first ?? 0, 0.35, accuracy: 1e-9,
                       "1.55 s after the send: s mod D")
    }

    func testRefusals() throws {
        for (events, expected) in [(#"{"at": 1, "send": {"video": "inputs/chat/round.mp4", "from": [1, 2]}}"#,
                                    "events[0].send.from: only a sticker has from (this send is video)"),
                                   (#"{"at": 1, "send": {"video": "inputs/chat/round.mp4"}, "kind": "large"}"#,
                                    "events[0].kind: only a text send has a kind (this send is a video)")] {
            XCTAssertThrowsError(try parse(events), events) { error in
                XCTAssertTrue("\(error)".hasPrefix("c.json: " + expected), "\(error)")
            }
        }
        // Opened before the first frame: a still picture or what FFmpeg cannot read is refused naming the field (video.unreadable).
        for (name, expected) in [("inputs/chat/sticker.tgs", "is not a video"), ("inputs/peer-9x16.png", "a still picture")] {
            let chat = try parse(#"{"at": 1, "send": {"video": ""# + name + #""}}"#)
            XCTAssertThrowsError(try ChatVideos.load(chat)) { error in
                XCTAssertTrue("\(error)".hasPrefix("events[0].send.video: "), "\(error)")
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
            }
        }
    }
}
