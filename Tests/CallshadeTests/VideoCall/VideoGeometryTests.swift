@testable import CallshadeCore
@testable import CallshadeKinds
import XCTest

/// Where the video call's pictures go on the 390 x 844 pt example screen
/// (video-call, sections 2 and 5), against the spec's numbers.
final class VideoGeometryTests: XCTestCase {
    func geometry(hidden: Double = 0, position: Vec2 = Vec2(1, 1), notices: [ShownNotice] = []) throws -> VideoGeometry {
        VideoGeometry(layout: try CallLayout(size: FrameSize(parsing: "390x844")), inputs: VideoInputs(), controlsHidden: hidden,
                      pipPosition: position, notices: notices)
    }

    func assertRect(_ rect: RoundedRectangle, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
                    file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(rect.x, x, accuracy: 1e-9, "x", file: file, line: line)
        XCTAssertEqual(rect.y, y, accuracy: 1e-9, "y", file: file, line: line)
        XCTAssertEqual(rect.width, width, accuracy: 1e-9, "width", file: file, line: line)
        XCTAssertEqual(rect.height, height, accuracy: 1e-9, "height", file: file, line: line)
    }

    /// 9:16 fills (474.75 x 844, 42.4 pt cropped each side); 3:4 fits
    /// (390 x 520, centred); 16:9 fits (390 x 219.4); a turned 16:9 is 9:16.
    func testFillOrFitByTheSpecsRule() throws {
        let screen = try geometry()
        assertRect(screen.fullScreenContent(aspect: 9.0 / 16), -42.375, 0, 474.75, 844)
        assertRect(screen.fullScreenContent(aspect: 3.0 / 4), 0, 162, 390, 520)
        assertRect(screen.fullScreenContent(aspect: 16.0 / 9), 0, 312.3125, 390, 219.375)
        XCTAssertEqual(VideoInput(width: 1920, height: 1080, rotation: .clockwise90).aspect, 9.0 / 16)
        XCTAssertEqual(screen.screen.cornerRadius, 47.333, accuracy: 1e-12)
        XCTAssertEqual(try CallLayout(size: FrameSize(parsing: "1170x2532")).scale, 3)
    }

    /// 9:16, no notices: (243, 450, 135 x 240) shown, (299.25, 654, 78.75 x 140) hidden; corners 18 pt.
    func testThePictureInPictureBoxAtTheSpecsNumbers() throws {
        assertRect(try geometry().pipBox(aspect: 9.0 / 16), 243, 450, 135, 240)
        assertRect(try geometry(hidden: 1).pipBox(aspect: 9.0 / 16), 299.25, 654, 78.75, 140)
        XCTAssertEqual(try geometry().pipBox(aspect: 9.0 / 16).cornerRadius, 18)
        // Top left: 12 from the left, safeTop + 60 from the top (safeTop hidden).
        assertRect(try geometry(position: Vec2(0, 0)).pipBox(aspect: 9.0 / 16), 12, 107, 135, 240)
        assertRect(try geometry(hidden: 1, position: Vec2(0, 0)).pipBox(aspect: 9.0 / 16), 12, 47, 78.75, 140)
        // A wide picture fits the box's width.
        assertRect(try geometry().pipBox(aspect: 16.0 / 9), 138, 690 - 135, 240, 135)
        // One notice: the buttons' reserve grows by 16 + 30 + 5 shown, 30 + 5 hidden.
        let notice = ShownNotice(notice: .ownCamera, text: "Your camera is off", scale: 1, alpha: 1, width: 1, textAlpha: 1)
        assertRect(try geometry(notices: [notice]).pipBox(aspect: 9.0 / 16), 243, 450 - 51, 135, 240)
        assertRect(try geometry(hidden: 1, notices: [notice]).pipBox(aspect: 9.0 / 16), 299.25, 654 - 35, 78.75, 140)
        // Two: 8 between them and 30 more.
        assertRect(try geometry(notices: [notice, notice]).pipBox(aspect: 9.0 / 16), 243, 450 - 89, 135, 240)
    }
}
