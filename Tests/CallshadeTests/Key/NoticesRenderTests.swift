import CallshadeCore
import CallshadeKinds
import CallshadeText
@testable import CallshadeGL
import XCTest

/// The notices above the buttons: where they stack, measured from the
/// pixels, their animation, and the GPU held to the CPU reference.
final class NoticesRenderTests: XCTestCase {
    /// Active from 1 s, the user's microphone off from 2 s, the peer's battery low from 3 s.
    static let scenario = Scenario(duration: 10, seed: 2, name: "Ann", [
        (1, .state(.active)), (2, .muted(true)), (3, .remoteBatteryLow(true)), (6, .muted(false)),
    ])

    func scene(at time: Double, size: String = "390x844", layers: Set<SceneTag>) throws -> Scene {
        try scenarioScene(Self.scenario, at: time, size: size, layers: layers)
    }

    /// At 390x844 with 390 points across: the first notice's bottom at 686,
    /// the second's 8 pt above the first's top; both about 30 high.
    func testNoticesStackWhereTheSpecPutsThem() throws {
        let gpu = try WordsRenderTests.shared.renderer()
        let bare = try gpu.render(try scene(at: 5, layers: [.background]))
        let drawn = try gpu.render(try scene(at: 5, layers: [.background, .notices]))
        let rows = (500..<700).filter { y in
            (0..<drawn.width).contains { x in
                let at = (y * drawn.width + x) * 4
                return (0..<3).contains { abs(Int(drawn.pixels[at + $0]) - Int(bare.pixels[at + $0])) > 2 }
            }
        }
        var runs: [ClosedRange<Int>] = []
        for y in rows {
            if let last = runs.last, last.upperBound == y - 1 { runs[runs.count - 1] = last.lowerBound...y } else { runs.append(y...y) }
        }
        XCTAssertEqual(runs.count, 2, "\(runs)")
        guard runs.count == 2 else { return }
        XCTAssertEqual(Double(runs[1].upperBound + 1), 686, accuracy: 2, "first notice \(runs)")
        XCTAssertEqual(Double(runs[1].count), 30, accuracy: 2, "first notice \(runs)")
        XCTAssertEqual(Double(runs[0].upperBound + 1), 686 - 30 - 8, accuracy: 2, "second notice \(runs)")
        XCTAssertEqual(Double(runs[0].count), 30, accuracy: 2, "second notice \(runs)")
    }

    /// In: scale from 0.001 and fade in; after 0.2 s widen and show the text. Out: gone 0.2 s later.
    func testTheNoticesAnimation() {
        let timeline = CallTimeline(Self.scenario)
        XCTAssertEqual(timeline.state(at: 1.9).notices, [])
        let entering = timeline.state(at: 2.1).notices
        XCTAssertEqual(entering.map(\.notice), [.ownMicrophone])
        XCTAssertEqual(entering.first?.width, 0, "still a circle")
        XCTAssertEqual(entering.first?.textAlpha, 0)
        let widening = timeline.state(at: 2.35).notices.first
        XCTAssertGreaterThan(widening?.width ?? 0, 0)
        XCTAssertLessThan(widening?.width ?? 1, 1)
        XCTAssertEqual(timeline.state(at: 4).notices.map(\.notice), [.ownMicrophone, .remoteBattery])
        XCTAssertEqual(timeline.state(at: 4).notices.map(\.text), ["Your microphone is off", "Ann's battery level is low"])
        XCTAssertEqual(timeline.state(at: 6.1).notices.map(\.notice), [.ownMicrophone, .remoteBattery], "on its way out")
        XCTAssertLessThan(timeline.state(at: 6.1).notices.first?.alpha ?? 1, 1)
        XCTAssertEqual(timeline.state(at: 6.25).notices.map(\.notice), [.remoteBattery])
    }

    /// Frames with the notices mid-widening and stacked, with every element
    /// (mute's selection ring halfway at 2.08 s, mute selected after).
    func testGPUAndCPUAgreeOnFramesWithNotices() throws {
        let matrix = RouteMatrix(gpu: try WordsRenderTests.shared.renderer())
        for (time, size) in [(2.35, "390x844"), (2.08, "390x844"), (5, "390x844"), (3.3, "1170x2532")] {
            try matrix.assertEveryRouteAgrees(try scene(at: time, size: size, layers: Set(CallKind.elements.tags)),
                                              name: "notices-\(size)-\(time)", rule: \.withinForegroundParity)
        }
    }
}
