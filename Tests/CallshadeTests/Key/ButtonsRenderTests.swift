import CallshadeCore
import CallshadeKinds
import CallshadeText
@testable import CallshadeGL
import XCTest

/// The four buttons on rendered frames: their circles and labels where the
/// spec puts them, measured from the pixels; their looks from the call's state.
final class ButtonsRenderTests: XCTestCase {
    /// At 390x844 with 390 points across: circles at x 29, 121, 213, 305 and
    /// y 702, 56 across; the labels' line boxes' tops at 762.
    func testCirclesAndLabelsAreWhereTheSpecPutsThem() throws {
        let gpu = try WordsRenderTests.shared.renderer()
        let bare = try gpu.render(try WordsFixtures.scene(at: 3, layers: [.background]))
        let drawn = try gpu.render(try WordsFixtures.scene(at: 3, layers: [.background, .buttons]))
        func changed(_ x: Int, _ y: Int) -> Bool {
            let at = (y * drawn.width + x) * 4
            return (0..<3).contains { abs(Int(drawn.pixels[at + $0]) - Int(bare.pixels[at + $0])) > 8 }
        }
        // Columns that change across the circles' middle row, in runs.
        var runs: [ClosedRange<Int>] = []
        for x in 0..<drawn.width where changed(x, 730) {
            if let last = runs.last, last.upperBound == x - 1 { runs[runs.count - 1] = last.lowerBound...x } else { runs.append(x...x) }
        }
        XCTAssertEqual(runs.count, 4, "\(runs)")
        for (run, left) in zip(runs, [29, 121, 213, 305]) {
            XCTAssertEqual(Double(run.lowerBound), Double(left), accuracy: 2, "\(runs)")
            XCTAssertEqual(Double(run.count), 56, accuracy: 2, "\(runs)")
            // The circle's rows through its middle column.
            let middle = (run.lowerBound + run.upperBound) / 2
            let rows = (600..<760).filter { changed(middle, $0) }
            XCTAssertEqual(Double(rows.first ?? 0), 702, accuracy: 2, "circle at \(left)")
            XCTAssertEqual(Double((rows.last ?? 0) + 1 - (rows.first ?? 0)), 56, accuracy: 2, "circle at \(left)")
        }
        // The first label's ink, and where its line box's top must be for that ink.
        let labelRows = (760..<800).filter { y in (20..<95).contains { changed($0, y) } }
        let setter = try WordsFixtures.setter(for: try CallLayout(size: .init(parsing: "390x844")))
        let line = setter.line("speaker", style: TextStyle(.regular, 13))
        let ink = try XCTUnwrap(line.inkBounds)
        let lineTop = Double(labelRows.first ?? 0) - (line.ascent + ink.top)
        XCTAssertEqual(lineTop, 762, accuracy: 2, "label ink from \(labelRows.first ?? 0)")
    }

    /// Selected from the toggles; video enabled only while active; none once ended.
    func testTheButtonsLooksFollowTheCall() {
        let timeline = CallTimeline(Scenario(duration: 10, [
            (0, .state(.ringing)), (1, .speaker(true)), (2, .state(.active)), (3, .muted(true)), (4, .video(true)), (6, .state(.ended)),
        ]))
        XCTAssertEqual(timeline.state(at: 0.5).buttons, ButtonsState(selected: [false, false, false, false], enabled: [true, false, true, true]))
        XCTAssertEqual(timeline.state(at: 1.5).buttons.selected, [true, false, false, false])
        XCTAssertEqual(timeline.state(at: 4.5).buttons, ButtonsState(selected: [true, true, true, false], enabled: [true, true, true, true]))
        XCTAssertEqual(timeline.state(at: 7).buttons.enabled, [false, false, false, false])
    }

    /// A selection change runs 0.16 s, linear, from wherever the last one had got to.
    func testTheSelectionRingRunsFromWhereItWas() {
        let timeline = CallTimeline(Scenario(duration: 10, [
            (0, .state(.active)), (1, .muted(true)), (2, .muted(false)), (2.1, .muted(true)), (3, .speaker(true)),
        ]))
        XCTAssertEqual(timeline.state(at: 0.5).buttons.selection, [0, 0, 0, 0])
        XCTAssertEqual(timeline.state(at: 1.04).buttons.selection[2], 0.25, accuracy: 1e-9)
        XCTAssertEqual(timeline.state(at: 1.5).buttons.selection[2], 1)
        XCTAssertEqual(timeline.state(at: 2.08).buttons.selection[2], 0.5, accuracy: 1e-9)
        // Turned back on at 2.1 s from 0.375: full at 2.2 s.
        XCTAssertEqual(timeline.state(at: 2.1).buttons.selection[2], 0.375, accuracy: 1e-9)
        XCTAssertEqual(timeline.state(at: 2.18).buttons.selection[2], 0.875, accuracy: 1e-9)
        XCTAssertEqual(timeline.state(at: 2.2).buttons.selection[2], 1, accuracy: 1e-9)
        XCTAssertEqual(timeline.state(at: 3.08).buttons.selection[0], 0.5, accuracy: 1e-9)
    }

    /// Mute selected: a white disc whose icon is cut out, the glass showing
    /// through it; halfway, a white ring 14 pt wide around the old look at half size.
    func testTheSelectedLookIsAWhiteDiscWithTheIconCutOut() throws {
        let gpu = try WordsRenderTests.shared.renderer()
        let scenario = Scenario(duration: 10, seed: 5, name: "Emma Walker", [(0, .state(.active)), (2, .muted(true))])
        let layout = try CallLayout(size: .init(parsing: "390x844"))
        let screen = CallScreen(layout: layout, seed: scenario.seed, avatar: nil, text: try WordsFixtures.setter(for: layout),
                                showing: [.background, .buttons])
        func frame(_ time: Double) throws -> RGBAImage { try gpu.render(screen.scene(at: CallTimeline(scenario).state(at: time))) }
        let normal = try frame(1), selected = try frame(3), halfway = try frame(2.08)
        // The mute circle's centre is at (241, 730).
        func isWhite(_ image: RGBAImage, _ x: Int, _ y: Int) -> Bool {
            let at = (y * image.width + x) * 4
            return (0..<3).allSatisfy { image.pixels[at + $0] >= 250 }
        }
        var icon = 0, cutOut = 0, rim = 0, whiteRim = 0
        for y in 702..<758 {
            for x in 213..<269 {
                let radius = ((Double(x) + 0.5 - 241) * (Double(x) + 0.5 - 241) + (Double(y) + 0.5 - 730) * (Double(y) + 0.5 - 730)).squareRoot()
                if isWhite(normal, x, y) {
                    icon += 1
                    if !isWhite(selected, x, y) { cutOut += 1 }
                } else if radius > 20, radius < 26.5, !(-3...3).contains(where: { dy in (-3...3).contains { isWhite(normal, x + $0, y + dy) } }) {
                    // The rim, away from the icon's anti-aliased edge.
                    rim += 1
                    if isWhite(selected, x, y) { whiteRim += 1 }
                }
            }
        }
        XCTAssertGreaterThan(icon, 250)
        XCTAssertEqual(cutOut, icon, "the icon's white pixels become glass")
        XCTAssertGreaterThan(rim, 400)
        XCTAssertEqual(whiteRim, rim, "the rim is white")
        // Halfway: white from 14 pt out to the rim; the centre is not white where the shrunk icon is not.
        XCTAssertTrue(isWhite(halfway, 241 + 20, 730) && isWhite(halfway, 241, 730 - 25), "the ring")
        XCTAssertFalse(isWhite(halfway, 241 + 11, 730 + 4), "inside the ring")
    }
}
