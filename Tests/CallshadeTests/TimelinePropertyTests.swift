import CallshadeCore
import XCTest

/// Properties that hold for any scenario, checked over generated ones.
final class TimelinePropertyTests: XCTestCase {
    func scenario(_ seed: UInt64) -> Scenario {
        var random = SeededGenerator(state: seed)
        let duration = 20 + random.unit() * 60
        var changes: [(Double, ScenarioChange)] = []
        for _ in 0..<(5 + Int(random.next() % 40)) {
            // Some events on whole or tick-aligned instants, some anywhere.
            let at = random.unit() < 0.3 ? (random.unit() * duration * 4).rounded() / 4 : random.unit() * duration
            let change: ScenarioChange = random.pick([
                .state(random.pick(CallState.allCases)), .state(.active), .level(random.unit() * 6),
                .signal(random.unit()), .signal(random.unit() * 0.3), .tap, .tap,
                .proximityNear(random.unit() < 0.5), .remoteMuted(random.unit() < 0.3), .energySaving(random.unit() < 0.2),
            ])
            changes.append((at, change))
        }
        return Scenario(duration: duration, seed: Int64(seed), changes)
    }

    let seeds: [UInt64] = Array(1...40)

    func testPhaseIsContinuousAndNeverDecreases() {
        for seed in seeds {
            let timeline = CallTimeline(scenario(seed))
            let step = 0.002
            var previous = timeline.state(at: 0).phase
            var time = step
            while time <= timeline.scenario.duration {
                let phase = timeline.state(at: time).phase
                XCTAssertGreaterThanOrEqual(phase, previous - 1e-12, "seed \(seed) at \(time)")
                // The fastest the phase moves is 0.5 x 1.5 steps a second.
                XCTAssertLessThanOrEqual(phase - previous, 0.75 * step + 1e-9, "seed \(seed) jumps at \(time)")
                previous = phase
                time += step
            }
        }
    }

    func testPausesRestOnWholePhases() {
        var pausedSamples = 0
        for seed in seeds {
            let timeline = CallTimeline(scenario(seed))
            for tenth in 0...Int(timeline.scenario.duration * 10) {
                let state = timeline.state(at: Double(tenth) / 10)
                if state.background == .paused {
                    pausedSamples += 1
                    XCTAssertEqual(state.phase, state.phase.rounded(), "seed \(seed) rests between positions at \(state.time)")
                }
            }
        }
        XCTAssertGreaterThan(pausedSamples, 100, "the generated scenarios should pause now and then")
    }

    func testColoursLevelAndVisibilityAreContinuous() {
        for seed in seeds.prefix(15) {
            let timeline = CallTimeline(scenario(seed))
            var previous = timeline.state(at: 0)
            let step = 0.001
            for index in 1...Int(timeline.scenario.duration / step) {
                let state = timeline.state(at: Double(index) * step)
                for (a, b) in zip(previous.colors, state.colors) {
                    // A 0.3 s ease-in-out moves at most 1.5 x the distance per 0.3 s.
                    XCTAssertLessThan(max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b)), 0.02, "seed \(seed) at \(state.time)")
                }
                XCTAssertLessThan(abs(state.waves.visibility - previous.waves.visibility), 0.02, "seed \(seed) at \(state.time)")
                XCTAssertGreaterThanOrEqual(state.waves.motionTime, previous.waves.motionTime - 1e-12)
                previous = state
            }
        }
    }

    func testStateDoesNotDependOnQueryOrderOrOnAFreshTimeline() {
        for seed in seeds.prefix(10) {
            let scenario = scenario(seed)
            let first = CallTimeline(scenario)
            let times = (0..<500).map { Double($0) * scenario.duration / 500 }
            let inOrder = times.map { first.state(at: $0) }
            var random = SeededGenerator(state: seed)
            let shuffled = times.indices.sorted { _, _ in random.next() % 2 == 0 }
            let second = CallTimeline(scenario)
            for index in shuffled {
                XCTAssertEqual(second.state(at: times[index]), inOrder[index], "seed \(seed) at \(times[index])")
            }
        }
    }

    func testThirtyAndSixtyFramesASecondAgreeAtSharedInstants() throws {
        for seed in seeds.prefix(10) {
            let timeline = CallTimeline(scenario(seed))
            let thirty = try FrameSchedule(start: 0, end: timeline.scenario.duration, fps: 30)
            let sixty = try FrameSchedule(start: 0, end: timeline.scenario.duration, fps: 60)
            XCTAssertTrue([2 * thirty.count - 1, 2 * thirty.count].contains(sixty.count), "seed \(seed)")
            for frame in 0..<thirty.count where 2 * frame < sixty.count {
                XCTAssertEqual(thirty.time(ofFrame: frame), sixty.time(ofFrame: 2 * frame))
                XCTAssertEqual(timeline.state(at: thirty.time(ofFrame: frame)), timeline.state(at: sixty.time(ofFrame: 2 * frame)))
            }
        }
    }

    func testScheduleCountsTheInstantsBeforeTheEnd() throws {
        XCTAssertEqual(try FrameSchedule(start: 0, end: 40, fps: 60).count, 2400)
        XCTAssertEqual(try FrameSchedule(start: 0, end: 1, fps: 30).time(ofFrame: 29), 29.0 / 30)
        XCTAssertEqual(try FrameSchedule(start: 2, end: 2.1, fps: 30).count, 3)    // 2, 2.033, 2.067
        XCTAssertEqual(try FrameSchedule(start: 0, end: 0.1, fps: 30).count, 3)    // 0.1 itself excluded
        XCTAssertEqual(try FrameSchedule(start: 0.5, end: 0.51, fps: 1).count, 1)
        XCTAssertThrowsError(try FrameSchedule(start: 3, end: 2, fps: 30))
        XCTAssertThrowsError(try FrameSchedule(start: 0, end: 2, fps: 0))
        XCTAssertThrowsError(try FrameSchedule(start: 0, end: 2, fps: 1001))
    }
}
