import CallshadeCore
import CallshadeKinds
import CallshadeText
@testable import CallshadeGL
import XCTest

/// The rating on rendered frames: the panel and the Close button where our
/// design puts them, measured from the pixels; the GPU held to the CPU
/// reference in the middle of the full-screen effect.
final class RatingRenderTests: XCTestCase {
    /// Ended at 3 s, a rating asked for at 4 s, 5 stars at 6 s.
    static let scenario = Scenario(duration: 12, seed: 4, name: "Emma Walker", [
        (0, .state(.active)), (2, .muted(true)), (3, .state(.ended)), (4, .ratingRequested), (6, .rate(5)),
    ])

    func scene(at time: Double, size: String = "390x844", layers: Set<SceneTag> = Set(CallKind.elements.tags)) throws -> Scene {
        try scenarioScene(Self.scenario, at: time, size: size, layers: layers)
    }

    /// At 390x844 with 390 points across, once in: the Close button from x
    /// 44 to 346 and y 702 to 758 (the buttons' place), the panel as wide,
    /// its bottom 16 pt above the Close button's top (686); the buttons gone.
    func testThePanelAndTheCloseButtonAreWhereTheDesignPutsThem() throws {
        let gpu = try WordsRenderTests.shared.renderer()
        let bare = try gpu.render(try scene(at: 5, layers: [.background]))
        let drawn = try gpu.render(try scene(at: 5, layers: [.background, .rating]))
        // Rows and columns changed around the Close button's middle and the panel's.
        func changed(_ x: Int, _ y: Int) -> Bool {
            let at = (y * drawn.width + x) * 4
            return (0..<3).contains { abs(Int(drawn.pixels[at + $0]) - Int(bare.pixels[at + $0])) > 4 }
        }
        let closeRows = (690..<844).filter { changed(60, $0) }
        XCTAssertEqual(Double(closeRows.first ?? 0), 702, accuracy: 2, "Close top")
        XCTAssertEqual(Double((closeRows.last ?? 0) + 1), 758, accuracy: 2, "Close bottom")
        let closeColumns = (0..<390).filter { changed($0, 730) }
        XCTAssertEqual(Double(closeColumns.first ?? 0), 44, accuracy: 2)
        XCTAssertEqual(Double((closeColumns.last ?? 0) + 1), 346, accuracy: 2)
        let panelRows = (300..<700).filter { changed(60, $0) }
        XCTAssertEqual(Double((panelRows.last ?? 0) + 1), 686, accuracy: 2, "panel bottom")
        // The buttons are gone: nothing of them changes the frame with the layer on.
        let buttons = try gpu.render(try scene(at: 5, layers: [.background, .buttons]))
        XCTAssertNil(WordsRenderTests.changedBox(buttons, bare, threshold: 1), "the buttons shrank away")
    }

    /// The Close button's fill: white right of the draining edge, except
    /// where the text is cut out of it; glass with white text left of it.
    func testTheCloseButtonsFillDrainsFromLeftToRight() throws {
        let gpu = try WordsRenderTests.shared.renderer()
        let frame = try gpu.render(try scene(at: 6.5, layers: [.background, .rating]))   // 2.5 s: half drained
        func isWhite(_ x: Int, _ y: Int) -> Bool {
            let at = (y * frame.width + x) * 4
            return (0..<3).allSatisfy { frame.pixels[at + $0] >= 250 }
        }
        // Along a row above the text: glass up to the middle, white after.
        let row = 708
        XCTAssertFalse((50..<190).contains { isWhite($0, row) }, "drained: glass")
        XCTAssertTrue((200..<340).allSatisfy { isWhite($0, row) }, "not yet drained: white")
        // Through the text's middle row: on the white side some pixels are the cut-out letters (not white).
        let textRow = 730
        XCTAssertTrue((196..<230).contains { !isWhite($0, textRow) }, "letters cut out of the fill")
        XCTAssertTrue((160..<194).contains { isWhite($0, textRow) }, "white letters on the drained glass")
    }

    /// Frames in the middle of the full-screen effect (with the burst, and
    /// after it), at 390x844 and 1170x2532, on both routes.
    func testGPUAndCPUAgreeInTheMiddleOfTheEffect() throws {
        let matrix = RouteMatrix(gpu: try WordsRenderTests.shared.renderer())
        for (time, size) in [(6.3, "390x844"), (7, "390x844"), (4.1, "390x844"), (6.3, "1170x2532"), (7.2, "1170x2532")] {
            try matrix.assertEveryRouteAgrees(try scene(at: time, size: size), name: "rating-\(size)-\(time)", rule: \.withinForegroundParity)
        }
    }

    /// Any instant of the effect is the same frame whichever frame rate or shard reached it.
    func testTheEffectsFramesDoNotDependOnTheFrameRate() throws {
        let gpu = try WordsRenderTests.shared.renderer()
        for index in stride(from: 0, through: 66, by: 11) {
            let at30 = try gpu.render(try scene(at: 6 + Double(index) / 30, layers: [.background, .celebration]))
            let at60 = try gpu.render(try scene(at: 6 + Double(2 * index) / 60, layers: [.background, .celebration]))
            XCTAssertEqual(at30.pixels, at60.pixels, "frame \(index) at 30 fps")
        }
    }
}

/// The example call's rating through the command line: its full-screen
/// effect rendered at 30 and 60 fps, and in shards, gives the same frames
/// at the same instants.
final class RatingCommandLineTests: XCTestCase {
    let example = TestPaths.packageRoot.appendingPathComponent("Examples/call.json").path

    func raw(_ extra: [String]) throws -> Data {
        try renderRawInProcess([example, "--size", "96x208", "--pix-fmt", "rgba", "--quiet"] + extra)
    }

    func testTheEffectIsTheSameAtAnyFrameRateAndInShards() throws {
        let frameBytes = 96 * 208 * 4
        // The effect runs from 40.5 s to 42.7 s.
        let at30 = try raw(["--from", "40.4", "--to", "42.8", "--fps", "30"])
        let at60 = try raw(["--from", "40.4", "--to", "42.8", "--fps", "60"])
        XCTAssertEqual(at30.count, 72 * frameBytes)
        XCTAssertEqual(at60.count, 144 * frameBytes)
        for frame in 0..<72 {
            XCTAssertTrue(at30[frame * frameBytes..<(frame + 1) * frameBytes] == at60[2 * frame * frameBytes..<(2 * frame + 1) * frameBytes],
                          "frame \(frame) at 30 fps differs from frame \(2 * frame) at 60 fps")
        }
        let shards = try (1...3).map { try raw(["--from", "40.4", "--to", "42.8", "--fps", "30", "--shard", "\($0)/3"]) }
        XCTAssertTrue(shards.reduce(Data(), +) == at30, "three shards joined differ from the whole")
        // The effect does show: frames in its middle differ from the one before it starts.
        XCTAssertFalse(at30[0..<frameBytes] == at30[10 * frameBytes..<11 * frameBytes])
    }
}
