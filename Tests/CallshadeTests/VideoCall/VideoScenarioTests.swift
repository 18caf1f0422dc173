import CallshadeCore
import CallshadeKinds
import CallshadeJSON
import Foundation
import XCTest

/// The video call's keys and events (video-call, section 0): read, and
/// refused with one line naming the event and the field.
final class VideoScenarioTests: XCTestCase {
    /// Scenarios beside the fixtures, whose PNGs stand in for the videos (the parser only checks that a file is there).
    func parse(_ json: String) throws -> Scenario {
        try ScenarioFile.parse(Array(json.utf8), file: "s.json", folder: ForegroundFixtures.folder.path)
    }

    func assertRefused(_ json: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try parse(json), file: file, line: line) { error in
            XCTAssertEqual("\(error)", "s.json: " + message, file: file, line: line)
        }
    }

    func testTheVideoKeysAndEventsAreRead() throws {
        let scenario = try parse("""
        {"duration": 9, "remoteVideo": "avatar.png", "localVideo": "rgba.png", "events": [
          {"at": 1, "remoteVideo": true}, {"at": 2, "video": true}, {"at": 3, "camera": "back"}, {"at": 4, "tap": "pip"},
          {"at": 5, "pip": "top-left"}, {"at": 6, "tap": "screen"}, {"at": 7, "camera": "front"}, {"at": 8, "remoteVideo": false}
        ]}
        """)
        XCTAssertEqual(scenario.remoteVideoPath, ForegroundFixtures.folder.appendingPathComponent("avatar.png").path)
        XCTAssertEqual(scenario.localVideoPath, ForegroundFixtures.folder.appendingPathComponent("rgba.png").path)
        XCTAssertEqual(scenario.events.map(\.change), [
            .remoteVideo(true), .video(true), .camera(.back), .tap(.pip), .pip(.topLeft), .tap(.screen), .camera(.front), .remoteVideo(false),
        ])
        // Without the keys, no paths; an absolute path is kept as given.
        let plain = try parse(#"{"duration": 2, "remoteVideo": "\#(ForegroundFixtures.avatarPath)"}"#)
        XCTAssertEqual(plain.remoteVideoPath, ForegroundFixtures.avatarPath)
        XCTAssertNil(plain.localVideoPath)
    }

    func testBadValuesAreRefusedNamingTheField() {
        assertRefused(#"{"duration": 2, "remoteVideo": "missing.mp4"}"#,
                      "remoteVideo: file 'missing.mp4' not found (looked for \(ForegroundFixtures.folder.appendingPathComponent("missing.mp4").path))")
        assertRefused(#"{"duration": 2, "localVideo": 3}"#, "localVideo: must be a string, not a number")
        assertRefused(#"{"duration": 2, "localVideo": "."}"#, "localVideo: '.': it is a folder")
        assertRefused(#"{"duration": 2, "events": [{"at": 1, "remoteVideo": "yes"}]}"#, "events[0].remoteVideo: must be true or false, not a string")
        assertRefused(#"{"duration": 2, "localVideo": "avatar.png", "events": [{"at": 1, "camera": "side"}]}"#,
                      "events[0].camera: unknown camera 'side'; valid cameras: front, back")
        assertRefused(#"{"duration": 2, "events": [{"at": 1, "pip": "middle"}]}"#,
                      "events[0].pip: unknown corner 'middle'; valid corners: top-left, top-right, bottom-left, bottom-right")
        assertRefused(#"{"duration": 2, "events": [{"at": 1, "pip": true}]}"#, "events[0].pip: must be a string, not a boolean")
    }

    /// A camera turned on or flipped needs its file, a drag of the picture
    /// in picture both; turning a camera off needs none (it is off).
    func testAVideoEventWithoutItsFileIsRefusedNamingTheKey() throws {
        assertRefused(#"{"duration": 2, "events": [{"at": 1, "video": true}]}"#,
                      "events[0].video: turns your camera on, but the scenario has no \"localVideo\" file; add it, a video or a PNG still")
        assertRefused(#"{"duration": 2, "localVideo": "avatar.png", "events": [{"at": 0.5, "video": true}, {"at": 1, "remoteVideo": true}]}"#,
                      "events[1].remoteVideo: turns the peer's camera on, but the scenario has no \"remoteVideo\" file; add it, a video or a PNG still")
        assertRefused(#"{"duration": 2, "remoteVideo": "avatar.png", "events": [{"at": 1, "camera": "back"}]}"#,
                      "events[0].camera: flips your camera, but the scenario has no \"localVideo\" file; add it, a video or a PNG still")
        assertRefused(#"{"duration": 2, "remoteVideo": "avatar.png", "events": [{"at": 1, "pip": "top-left"}]}"#,
                      "events[0].pip: moves the picture in picture, which needs both videos, but the scenario has no \"localVideo\" file; add it, a video or a PNG still")
        XCTAssertEqual(try parse(#"{"duration": 2, "events": [{"at": 1, "video": false}, {"at": 1, "remoteVideo": false}]}"#).events.count, 2)
    }

    /// A tap on the picture in picture needs one on screen: both videos on.
    func testATapOnThePictureInPictureNeedsOneOnScreen() throws {
        let both = #""remoteVideo": "avatar.png", "localVideo": "rgba.png""#
        assertRefused(#"{"duration": 5, \#(both), "events": [{"at": 1, "remoteVideo": true}, {"at": 2, "tap": "pip"}]}"#,
                      "events[1].tap: the picture in picture is not on screen at 2 s (it shows while both videos are on)")
        assertRefused(#"{"duration": 5, \#(both), "events": [{"at": 1, "remoteVideo": true}, {"at": 1, "video": true}, {"at": 2, "state": "ended"}, {"at": 3, "tap": "pip"}]}"#,
                      "events[3].tap: the picture in picture is not on screen at 3 s (it shows while both videos are on)")
        XCTAssertNoThrow(try parse(#"{"duration": 5, \#(both), "events": [{"at": 1, "remoteVideo": true}, {"at": 1, "video": true}, {"at": 2, "tap": "pip"}]}"#))
    }
}
