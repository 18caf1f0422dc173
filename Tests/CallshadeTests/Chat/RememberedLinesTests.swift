import CallshadeCore
import CallshadeKinds
import CallshadeText
import XCTest

/// `RememberedLines` (the chat screen's text setter, which shapes each text
/// once) gives what the setter it wraps gives, the first time and after, in
/// each style (the chat's goldens hold frames made through it).
final class RememberedLinesTests: XCTestCase {
    func testItGivesTheSettersLines() throws {
        let texts = ["Are you coming to the park later?", "Yes!", "12:37", "a", "Great, see you there"]
        let setter = try TextSetter(scale: 2.77, texts: [ChatMessageLayout.textStyle: texts, ChatMessageLayout.timeStyle: texts])
        let remembered = RememberedLines(setter, reuse: ReuseStore())
        XCTAssertEqual(remembered.scale, setter.scale)
        XCTAssertTrue(remembered.atlas === setter.atlas)
        for _ in 0..<2 {
            for text in texts + ["Are you", "coming to the park", ""] {
                for style in [ChatMessageLayout.textStyle, ChatMessageLayout.timeStyle] {
                    XCTAssertEqual(remembered.line(text, style: style), setter.line(text, style: style), "\(text) in \(style)")
                }
            }
        }
        XCTAssertNotEqual(remembered.line("Yes!", style: ChatMessageLayout.textStyle), remembered.line("Yes!", style: ChatMessageLayout.timeStyle))
    }
}
