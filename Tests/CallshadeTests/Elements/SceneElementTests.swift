import CallshadeCore
import CallshadeKinds
import CallshadeText
import XCTest

/// Elements as registered units: an element added to the call's list (one
/// entry) is parsed and listed by `--layers`, its texts reach the atlas, and
/// its nodes come above the call's, which do not change.
final class SceneElementTests: XCTestCase {
    /// The call's elements, and the test's element above them.
    let elements = CallKind.elements.appending(CornerMarkElement())

    func testAnAddedElementIsParsedAndListedAsALayer() throws {
        XCTAssertEqual(try elements.parseTags("background, corner"), [.background, .cornerMark])
        XCTAssertEqual(elements.names, CallKind.elements.names + ", corner")
        XCTAssertThrowsError(try elements.parseTags("sky")) { error in
            XCTAssertTrue("\(error)".hasSuffix("valid layers: \(CallKind.elements.names), corner"), "\(error)")
        }
        XCTAssertThrowsError(try CallKind.elements.parseTags("corner"), "the call's own list does not have it")
    }

    func testAnAddedElementsTextsReachTheAtlas() throws {
        let texts = elements.texts(for: WordsFixtures.scenario)
        XCTAssertEqual(texts[CornerMarkElement.label], [CornerMarkElement.text])
        XCTAssertEqual(texts.filter { $0.key != CornerMarkElement.label }, CallKind.elements.texts(for: WordsFixtures.scenario))
        XCTAssertTrue(elements.textTags(for: WordsFixtures.scenario).contains(.cornerMark))
    }

    func testAnAddedElementDrawsAboveTheCallsOwnNodes() throws {
        let layout = try CallLayout(size: try FrameSize(parsing: "390x844"))
        let scenario = WordsFixtures.scenario
        let setter = try TextSetter(scale: layout.scale, texts: elements.texts(for: scenario))
        let state = WordsFixtures.timeline.state(at: 3)
        func scene(_ elements: CallElements, showing: Set<SceneTag>? = nil) -> Scene {
            CallScreen(layout: layout, seed: scenario.seed, avatar: nil, text: setter, showing: showing, elements: elements).scene(at: state)
        }
        let call = scene(CallKind.elements)
        let marked = scene(elements)
        XCTAssertEqual(marked.nodes.count, call.nodes.count + 1)
        var below = marked
        below.nodes.removeLast()
        XCTAssertEqual(below, call, "the call's nodes, in their order")
        let node = try XCTUnwrap(marked.nodes.last as? MarksNode)
        XCTAssertGreaterThan(node.marks.count, 1, "the square and the label's glyphs")
        XCTAssertEqual(scene(elements, showing: Set(CallKind.elements.tags)), call, "left out by the tag filter")

        let image = try ReferenceRenderer().render(scene(elements, showing: [.background, .cornerMark]))
        let inside = (18 * image.width + 18) * 4
        XCTAssertEqual(Array(image.pixels[inside..<inside + 4]), [255, 255, 255, 255], "the square is drawn")
    }
}
