@testable import CallshadeCore
@testable import CallshadeKinds
import XCTest

/// The voice bubble's layout against `chat-types.md` section 9's worked
/// example (390 x 844, the newest row: its frame's right edge 386 and bottom 758.67).
final class VoiceBubbleLayoutTests: XCTestCase {
    func testTheWorkedExample() {
        // D 8 s: the first term, 120 + 199 x 6 / 28 = 162.64, is wider than a short duration and status box with 62.
        let layout = VoiceBubbleLayout(duration: 8, durationWidth: 24, statusWidth: 40, right: 386, bottom: 758.67)
        XCTAssertEqual(layout.width, 162.64, accuracy: 0.005)
        XCTAssertEqual(layout.origin.x, 196.36, accuracy: 0.005)
        XCTAssertEqual(layout.origin.y, 690.67, accuracy: 1e-9)
        XCTAssertEqual(layout.discCentre.x, 230.36, accuracy: 0.005)
        XCTAssertEqual(layout.discCentre.y, 724.67, accuracy: 1e-9)
        let waveform = layout.waveform
        XCTAssertEqual(waveform.x, 262.36, accuracy: 0.005)
        XCTAssertEqual(waveform.x + waveform.width, 365, accuracy: 1e-9)
        XCTAssertEqual(waveform.baseline, 721.67, accuracy: 1e-9)
        XCTAssertEqual(waveform.bars, 34)
    }

    /// D clamps to 2...30 s; a wide duration and status box win over the length's term.
    func testItsWidthRule() {
        XCTAssertEqual(VoiceBubbleLayout(duration: 0.5, durationWidth: 20, statusWidth: 20, right: 0, bottom: 0).width, 120)
        XCTAssertEqual(VoiceBubbleLayout(duration: 600, durationWidth: 20, statusWidth: 20, right: 0, bottom: 0).width, 319)
        XCTAssertEqual(VoiceBubbleLayout(duration: 3, durationWidth: 60, statusWidth: 80, right: 0, bottom: 0).width, 202)
    }
}
