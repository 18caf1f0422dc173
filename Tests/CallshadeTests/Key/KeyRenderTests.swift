import CallshadeCore
import CallshadeKinds
@testable import CallshadeGL
import XCTest

/// The emoji key on rendered frames: where it is, measured from the pixels,
/// its fade, and the GPU held to the CPU reference.
final class KeyRenderTests: XCTestCase {
    /// At 390x844 with 390 points across, the call active since 0.5 s: the
    /// key's pictures' right edge at 378 (W - 12) and top at 59 (safeTop + 12).
    func testTheKeyIsWhereTheSpecPutsIt() throws {
        let gpu = try WordsRenderTests.shared.renderer()
        let bare = try gpu.render(try WordsFixtures.scene(at: 3, layers: [.background]))
        let drawn = try gpu.render(try WordsFixtures.scene(at: 3, layers: [.background, .key]))
        let box = try XCTUnwrap(WordsRenderTests.changedBox(drawn, bare, threshold: 8), "the key drew nothing")
        XCTAssertEqual(Double(box.right + 1), 378, accuracy: 2, "key \(box)")
        XCTAssertEqual(Double(box.top), 59, accuracy: 2, "key \(box)")
        // Four 15 pt emoji, no spacing: about 4 x 1.25 em across.
        XCTAssertEqual(Double(box.right + 1 - box.left), 4 * 15 * 1.245, accuracy: 6, "key \(box)")
    }

    /// The key shows only while the call is active, fading in and out over 0.3 s.
    func testTheKeyFadesInWhenTheCallIsActiveAndOutWhenItIsNot() {
        let timeline = CallTimeline(Scenario(duration: 10, [(1, .state(.active)), (5, .state(.ended))]))
        XCTAssertEqual(timeline.state(at: 0.5).key.alpha, 0)
        XCTAssertEqual(timeline.state(at: 1.15).key.alpha, 0.5, accuracy: 1e-9, "ease-in-out's middle")
        XCTAssertEqual(timeline.state(at: 1.31).key.alpha, 1)
        XCTAssertEqual(timeline.state(at: 5.15).key.alpha, 0.5, accuracy: 1e-9)
        XCTAssertEqual(timeline.state(at: 5.31).key.alpha, 0)
        XCTAssertEqual(timeline.state(at: 3).key.emoji, EmojiKey.pick(seed: 0))
    }
}
