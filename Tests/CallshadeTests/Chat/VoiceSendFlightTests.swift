@testable import CallshadeCore
@testable import CallshadeKinds
import XCTest

/// The voice send's flight against section 9: at s = 0.1 (H 0.8769, V 0.5196) the disc's centre (247.42, 754.85), diameter 50.89;
/// the recording disc 55.98 at alpha 0.123; the bubble at alpha 0.50.
final class VoiceSendFlightTests: XCTestCase {
    func testTheWorkedExample() {
        let flight = VoiceSendFlight(animation: .shipped)
        let progress = SendMotion(kind: .voice, animation: .shipped).progress(0.1)
        XCTAssertEqual(progress.x, 0.8769, accuracy: 0.00005)
        XCTAssertEqual(progress.y, 0.5196, accuracy: 0.00005)
        let layout = VoiceBubbleLayout(duration: 8, durationWidth: 24, statusWidth: 40, right: 386, bottom: 758.67)
        let state = flight.state(0.1, landed: layout.discCentre)
        XCTAssertEqual(state.discCentre.x, 247.42, accuracy: 0.005)
        XCTAssertEqual(state.discCentre.y, 754.85, accuracy: 0.005)
        XCTAssertEqual(state.discDiameter, 50.89, accuracy: 0.005)
        XCTAssertEqual(state.recordingDiameter, 55.98, accuracy: 0.005)
        XCTAssertEqual(state.recordingAlpha, 0.123, accuracy: 0.0005)
        XCTAssertEqual(state.bubbleAlpha, 0.5, accuracy: 1e-9)
        let landed = flight.state(0.3, landed: layout.discCentre)
        XCTAssertEqual(landed.discCentre, layout.discCentre)
        XCTAssertEqual(landed.discDiameter, 44)
        XCTAssertEqual(landed.recordingAlpha, 0)
    }
}
