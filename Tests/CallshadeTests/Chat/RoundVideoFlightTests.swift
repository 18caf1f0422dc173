@testable import CallshadeCore
@testable import CallshadeKinds
import XCTest

/// The round video's circle and send against `chat-types.md` section 9: (140, 517)-(380, 757) landed on the newest row at 390 x 844;
/// at s = 0.1 its centre at (228.77, 590.75), x on V and y on H.
final class RoundVideoFlightTests: XCTestCase {
    func testTheWorkedExample() {
        let flight = RoundVideoFlight(animation: .shipped, screen: (390, 844))
        XCTAssertEqual(flight.diameter, 240)
        XCTAssertEqual(flight.landedCentre(bottom: 757), Vec2(260, 637), "the circle (140, 517)-(380, 757)")
        let state = flight.state(0.1, bottom: 757)
        XCTAssertEqual(state.centre.x, 228.77, accuracy: 0.005)
        XCTAssertEqual(state.centre.y, 590.75, accuracy: 0.01)
        XCTAssertEqual(state.diameter, 240, "capture and landed circles alike at this size")
        XCTAssertEqual(state.pillsAlpha, 0, "the pills wait 0.18 s")
        XCTAssertEqual(flight.state(0.11, bottom: 757).coverAlpha, 0.5, accuracy: 1e-9)
        let landed = flight.state(0.4, bottom: 757)
        XCTAssertEqual(landed.centre, Vec2(260, 637))
        XCTAssertEqual(landed.captureAlpha, 0)
        XCTAssertEqual(landed.pillsAlpha, 1)
    }

    /// A small screen takes the 212 circle; the capture circle's centre stays at y 181 or lower.
    func testSmallScreens() {
        let small = RoundVideoFlight(animation: .shipped, screen: (320, 568))
        XCTAssertEqual(small.diameter, 212)
        XCTAssertEqual(small.captureCentre, Vec2(160, 181))
    }

    /// With the contest editor's defaults (30 frames at 60 fps), every track has landed by 0.5 s; x is on xPosition, not swapped.
    func testTheEditorsBlock() {
        let flight = RoundVideoFlight(animation: .contest, screen: (390, 844))
        let landed = flight.state(0.5, bottom: 757)
        XCTAssertEqual(landed.centre, Vec2(260, 637))
        XCTAssertEqual(landed.pillsAlpha, 1)
        let early = flight.state(0.1, bottom: 757)
        XCTAssertEqual(early.centre.x, 195 + 65 * ChatAnimationSettings.defaults.block("videoMessage").window("xPosition").progress(0.1), accuracy: 1e-9)
        XCTAssertEqual(VoiceSendFlight(animation: .contest).state(0.5, landed: Vec2(230, 700)).discCentre, Vec2(230, 700))
    }
}
