@testable import CallshadeCore
@testable import CallshadeKinds
import XCTest

/// The words as a function of time (call-screen-elements, sections 1 to 3) and the springs they move on.
final class WordsTimelineTests: XCTestCase {
    func testSpringsStartAtZeroEndAtOneAndTheBouncyOneOvershoots() {
        for spring in [Spring.standard(0.35), .standard(0.5), .bouncy(0.5)] {
            XCTAssertEqual(spring.progress(0), 0)
            XCTAssertEqual(spring.progress(-1), 0)
            XCTAssertEqual(spring.progress(spring.duration), 1)
            XCTAssertEqual(spring.progress(spring.duration * 0.999), 1, accuracy: 0.002, "no jump at the end")
        }
        // The standard spring rises without overshoot, fast at first.
        let standard = Spring.standard(0.35)
        let samples = (0...100).map { standard.progress(0.35 * Double($0) / 100) }
        XCTAssertEqual(zip(samples, samples.dropFirst()).filter { $0 > $1 }.count, 0)
        XCTAssertGreaterThan(standard.progress(0.35 / 2), 0.6)
        // The bouncy one: about 6-7 % over.
        let peak = (0...1000).map { Spring.bouncy(0.5).progress(0.5 * Double($0) / 1000) }.max() ?? 0
        XCTAssertEqual(peak, 1.065, accuracy: 0.01)
        // Time-scaled: half the duration, the same curve twice as fast.
        XCTAssertEqual(Spring.standard(0.2).progress(0.05), Spring.standard(0.4).progress(0.1), accuracy: 1e-12)
    }

    func testTheTimerReadsMinutesAndSecondsThenHours() {
        let cases: [(Double, String)] = [(0, "0:00"), (7.9, "0:07"), (59.99, "0:59"), (754, "12:34"), (3599, "59:59"),
                                         (3600, "1:00:00"), (3661.5, "1:01:01"), (-3, "0:00"), (.nan, "0:00")]
        for (seconds, text) in cases { XCTAssertEqual(WordsTrack.timer(seconds), text, "\(seconds) s") }
    }

    func testTheStatusLineThroughACall() throws {
        let timeline = WordsFixtures.timeline
        func lines(_ time: Double) -> [StatusLine] { timeline.state(at: time).words.status.map(\.content) }
        XCTAssertEqual(lines(0.2), [.waiting(label: "Ringing", elapsed: 0.2)])
        // Ringing gives way to the timer over 0.35 s: two lines, the old one first.
        let change = timeline.state(at: 0.6).words.status
        XCTAssertEqual(change.map(\.content), [.waiting(label: "Ringing", elapsed: 0.5), .active(timer: "0:00", quality: 1)])
        XCTAssertLessThan(change[0].offset, 0, "the old line moves up")
        XCTAssertGreaterThan(change[1].offset, 0, "the new one comes from below")
        XCTAssertLessThan(change[0].alpha, 0.5, "the old line fades out in 0.1 s")
        XCTAssertEqual(lines(7.5), [.active(timer: "0:07", quality: 0.1)])
        XCTAssertEqual(lines(12.5), [.ended(timer: "0:11")])
        // A call that never became active ends with a blank line.
        let unanswered = CallTimeline(Scenario(duration: 5, [(0, .state(.ringing)), (2, .state(.ended, reason: .missed))]))
        XCTAssertEqual(unanswered.state(at: 3).words.status.map(\.content), [.ended(timer: nil)])
        XCTAssertEqual(unanswered.state(at: 3).words.title.map(\.content), ["Call Missed"])
    }

    func testTheTitleCrossfadesToTheReason() {
        let timeline = WordsFixtures.timeline
        XCTAssertEqual(timeline.state(at: 11).words.title, [Shown("Emma Walker")])
        let mid = timeline.state(at: 12.075).words.title
        XCTAssertEqual(mid.map(\.content), ["Emma Walker", "Line Busy"])
        XCTAssertEqual(mid[0].alpha + mid[1].alpha, 1, accuracy: 1e-9)
        XCTAssertEqual(timeline.state(at: 12.2).words.title, [Shown("Line Busy")])
        // Without a reason, "Call Ended".
        let plain = CallTimeline(Scenario(duration: 5, [(1, .state(.ended))]))
        XCTAssertEqual(plain.state(at: 2).words.title, [Shown("Call Ended")])
    }

    func testThePillShowsWhileTheActiveCallsSignalIsWeak() throws {
        let timeline = WordsFixtures.timeline
        XCTAssertNil(timeline.state(at: 0.9).words.pill)
        let entering = try XCTUnwrap(timeline.state(at: 1.1).words.pill)
        XCTAssertLessThan(entering.scale, 1)
        XCTAssertEqual(entering.content, "Weak network signal")
        XCTAssertEqual(try XCTUnwrap(timeline.state(at: 5).words.pill).scale, 1)
        let leaving = try XCTUnwrap(timeline.state(at: 9.1).words.pill)
        XCTAssertLessThan(leaving.alpha, 1)
        XCTAssertNil(timeline.state(at: 9.5).words.pill)
        // Weak before the call is active: no pill until it is.
        let early = CallTimeline(Scenario(duration: 5, [(0, .signal(0.1)), (2, .state(.active))]))
        XCTAssertNil(early.state(at: 1.5).words.pill)
        XCTAssertNotNil(early.state(at: 2.5).words.pill)
    }

    func testDotsPulseLeftToRight() {
        XCTAssertEqual(CallWords.pulse(0), 0.3, accuracy: 1e-12)
        XCTAssertEqual(CallWords.pulse(0.6), 1, accuracy: 1e-12)
        XCTAssertEqual(CallWords.pulse(1.2), 0.3, accuracy: 1e-12)
        XCTAssertEqual(CallWords.pulse(0.3), 0.65, accuracy: 1e-12)
        XCTAssertEqual(CallWords.pulse(-0.6), 1, accuracy: 1e-12)
    }
}
