import CallshadeCore
import CallshadeKinds
@testable import CallshadeGL
import XCTest

/// The key's tooltip on rendered frames: where it is, measured from the
/// pixels, its animation, and the GPU held to the CPU reference.
final class TooltipRenderTests: XCTestCase {
    /// At 390x844 with 390 points across, the call active since 0.5 s: the
    /// glass's right edge at the key's (378); its arrow's tip over the key's
    /// middle, 8 pt below the key; the rounded rectangle 8 pt lower, about
    /// 38 pt high (the line and 10 pt above and below it).
    func testTheTooltipHangsBelowTheKey() throws {
        let gpu = try WordsRenderTests.shared.renderer()
        let bare = try gpu.render(try WordsFixtures.scene(at: 3, layers: [.background]))
        let key = try XCTUnwrap(WordsRenderTests.changedBox(try gpu.render(try WordsFixtures.scene(at: 3, layers: [.background, .key])), bare,
                                                            threshold: 8))
        let drawn = try gpu.render(try WordsFixtures.scene(at: 3, layers: [.background, .tooltip]))
        let box = try XCTUnwrap(WordsRenderTests.changedBox(drawn, bare, threshold: 4), "the tooltip drew nothing")
        XCTAssertEqual(Double(box.right + 1), 378, accuracy: 2, "tooltip \(box)")
        XCTAssertEqual(Double(box.top), Double(key.bottom + 1) + 8, accuracy: 2, "the tip, under the key \(key): \(box)")
        // The tip's row: its changed pixels sit over the key's middle.
        func changed(_ x: Int, _ y: Int) -> Bool {
            let at = (y * drawn.width + x) * 4
            return (0..<3).contains { abs(Int(drawn.pixels[at + $0]) - Int(bare.pixels[at + $0])) > 4 }
        }
        let tipRow = (0..<drawn.width).filter { changed($0, box.top + 1) }
        let tipMiddle = Double((tipRow.first ?? 0) + (tipRow.last ?? 0) + 1) / 2
        XCTAssertEqual(tipMiddle, Double(key.left + key.right + 1) / 2, accuracy: 2, "tip \(tipRow), key \(key)")
        // The body: from 8 pt below the tip, as wide as the text and its padding, about 38 high.
        let bodyTop = (box.top..<box.bottom).first { y in changed(box.left + 20, y) } ?? 0
        XCTAssertEqual(Double(bodyTop), Double(box.top) + 8, accuracy: 1.5)
        XCTAssertEqual(Double(box.bottom + 1 - bodyTop), 38.2, accuracy: 2)
    }

    /// In: from scale 0.001 (bouncy spring 0.5 s, overshooting) and a 0.2 s
    /// fade; tapped: a 0.2 s fade and down to 0.4 (spring 0.4 s).
    func testTheTooltipsAnimation() {
        let timeline = CallTimeline(Scenario(duration: 10, [(1, .state(.active)), (3, .tap(.tooltip))]))
        XCTAssertNil(timeline.state(at: 0.9).tooltip)
        XCTAssertEqual(timeline.state(at: 1).tooltip?.scale ?? 0, 0.001, accuracy: 1e-9)
        XCTAssertEqual(timeline.state(at: 1.1).tooltip?.alpha ?? 0, 0.5, accuracy: 1e-9)
        let peak = stride(from: 1.0, to: 1.5, by: 0.01).map { timeline.state(at: $0).tooltip?.scale ?? 0 }.max() ?? 0
        XCTAssertEqual(peak, 1.065, accuracy: 0.02, "the bouncy spring's overshoot")
        XCTAssertEqual(timeline.state(at: 2).tooltip, ShownOverlay(scale: 1, alpha: 1))
        XCTAssertEqual(timeline.state(at: 3.1).tooltip?.alpha ?? 0, 0.5, accuracy: 1e-9)
        XCTAssertEqual(timeline.state(at: 3.399).tooltip?.scale ?? 0, 0.4, accuracy: 0.01)
        XCTAssertNil(timeline.state(at: 3.41).tooltip)
    }

    /// Frames with the tooltip growing and whole, with every element.
    func testGPUAndCPUAgreeOnFramesWithTheTooltip() throws {
        let matrix = RouteMatrix(gpu: try WordsRenderTests.shared.renderer())
        for (time, size) in [(0.6, "390x844"), (3, "390x844"), (0.75, "1170x2532")] {
            try matrix.assertEveryRouteAgrees(try WordsFixtures.scene(at: time, size: size), name: "tooltip-\(size)-\(time)",
                                              rule: \.withinForegroundParity)
        }
    }
}
