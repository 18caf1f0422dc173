@testable import CallshadeCore
import XCTest

/// A rectangle of frame pixels from one in points: the pixels it touches
/// (a node's bounds) and those wholly inside it (a clip: a flying send's
/// text inside its moving shape, chat section 3.3).
final class PixelRectTests: XCTestCase {

    func testCoveringTakesEveryPixelItTouchesAndInsideOnlyWholeOnes() throws {
        let frame = try FrameSize(width: 100, height: 50)
        XCTAssertEqual(PixelRect(covering: 10.2, 5.5, 20.7, 9.0, within: frame), PixelRect(x: 10, y: 5, width: 11, height: 4))
        XCTAssertEqual(PixelRect(inside: 10.2, 5.5, 20.7, 9.0, within: frame), PixelRect(x: 11, y: 6, width: 9, height: 3))
        // Whole-pixel edges are the same either way.
        XCTAssertEqual(PixelRect(inside: 10, 5, 20, 9, within: frame), PixelRect(covering: 10, 5, 20, 9, within: frame))
    }

    func testBothAreClippedToTheFrameAndNeverNegative() throws {
        let frame = try FrameSize(width: 100, height: 50)
        XCTAssertEqual(PixelRect(inside: -5, -5, 200, 70, within: frame), PixelRect(x: 0, y: 0, width: 100, height: 50))
        // Narrower than a pixel: nothing wholly inside.
        XCTAssertTrue(PixelRect(inside: 10.2, 5, 10.8, 9, within: frame).isEmpty)
        XCTAssertEqual(PixelRect(inside: 10.2, 5, 10.8, 9, within: frame).width, 0)
        XCTAssertTrue(PixelRect(inside: .nan, 5, 10.8, 9, within: frame).isEmpty)
        XCTAssertTrue(PixelRect(covering: 10, 5, .infinity, 9, within: frame).isEmpty)
    }
}
