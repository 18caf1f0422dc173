@testable import CallshadeCore
@testable import CallshadeKinds
import XCTest

/// A sticker's place and send against `chat-types.md` section 9: a 512 x 320 canvas on the newest row (bottom 758.67) at 390 x 844 has
/// its frame (176, 623.67)-(380, 758.67), box (186, 633.67)-(370, 748.67), pill right 376, bottom 754.67; at s = 0.1 from the default,
/// the box (183.11, 684.52)-(352.46, 790.37).
final class StickerFlightTests: XCTestCase {
    func testTheWorkedExample() {
        let flight = StickerFlight(animation: .shipped, canvas: (512, 320))
        func assert(_ box: Box, _ want: [Double], line: UInt = #line) {
            for (got, expected) in zip([box.x, box.y, box.right, box.bottom], want) {
                XCTAssertEqual(got, expected, accuracy: 0.006, "\(box)", line: line)
            }
        }
        assert(flight.frame(rowBottom: 758.67), [176, 623.67, 380, 758.67])
        assert(flight.box(rowBottom: 758.67), [186, 633.67, 370, 748.67])
        XCTAssertEqual(flight.pillCorner(rowBottom: 758.67).x, 376, accuracy: 1e-9)
        XCTAssertEqual(flight.pillCorner(rowBottom: 758.67).y, 754.67, accuracy: 1e-9)
        let state = flight.state(0.1, rowBottom: 758.67)
        assert(state.box, [183.11, 684.52, 352.46, 790.37])
        XCTAssertEqual(state.pillAlpha, 0, "the pill waits 0.16 s")
        assert(flight.state(0.3, rowBottom: 758.67).box, [186, 633.67, 370, 748.67])
        XCTAssertEqual(flight.state(0.31, rowBottom: 758.67).pillAlpha, 1)
    }

    /// A wide, short sticker still takes a row of 74; a square one the whole 184 box.
    func testRows() {
        XCTAssertEqual(StickerFlight(animation: .shipped, canvas: (512, 100)).rowHeight, 74)
        XCTAssertEqual(StickerFlight(animation: .shipped, canvas: (512, 512)).rowHeight, 204)
        XCTAssertEqual(StickerFlight(animation: .contest, canvas: (512, 512)).state(0.5, rowBottom: 700).box.width, 184, accuracy: 1e-9)
    }
}
