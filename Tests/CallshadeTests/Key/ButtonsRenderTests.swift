import CallshadeCore
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
}
