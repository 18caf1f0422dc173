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
        var decreases = FailureCount()
        var jumps = FailureCount()
        for seed in seeds {
            let timeline = CallTimeline(scenario(seed))
            let step = 0.002
            var previous = timeline.state(at: 0).phase
            var time = step
            while time <= timeline.scenario.duration {
                let phase = timeline.state(at: time).phase
                decreases.check(phase >= previous - 1e-12, "seed \(seed) at \(time): \(previous) then \(phase)")
                // The fastest the phase moves is 0.5 x 1.5 steps a second.
                jumps.check(phase - previous <= 0.75 * step + 1e-9, "seed \(seed) jumps at \(time): \(previous) then \(phase)")
                previous = phase
                time += step
            }
        }
        decreases.assertNone("the phase never decreases")
        jumps.assertNone("the phase moves at most 0.75 steps a second")
    }

    func testPausesRestOnWholePhases() {
        var pauses = FailureCount()
        for seed in seeds {
            let timeline = CallTimeline(scenario(seed))
            for tenth in 0...Int(timeline.scenario.duration * 10) {
                let state = timeline.state(at: Double(tenth) / 10)
                if state.background == .paused {
                    pauses.check(state.phase == state.phase.rounded(), "seed \(seed) rests between positions at \(state.time): \(state.phase)")
                }
            }
        }
        pauses.assertNone("a paused background rests on a whole phase")
        XCTAssertGreaterThan(pauses.checked, 100, "the generated scenarios should pause now and then")
    }

    func testColoursLevelAndVisibilityAreContinuous() {
        var colours = FailureCount()
        var visibility = FailureCount()
        var motion = FailureCount()
        for seed in seeds.prefix(15) {
            let timeline = CallTimeline(scenario(seed))
            var previous = timeline.state(at: 0)
            let step = 0.001
            for index in 1...Int(timeline.scenario.duration / step) {
                let state = timeline.state(at: Double(index) * step)
                for (index, (a, b)) in zip(previous.colors, state.colors).enumerated() {
                    // A 0.3 s ease-in-out moves at most 1.5 x the distance per 0.3 s.
                    colours.check(max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b)) < 0.02,
                                  "seed \(seed) at \(state.time): colour \(index) \(a) then \(b)")
                }
                visibility.check(abs(state.waves.visibility - previous.waves.visibility) < 0.02,
                                 "seed \(seed) at \(state.time): \(previous.waves.visibility) then \(state.waves.visibility)")
                motion.check(state.waves.motionTime >= previous.waves.motionTime - 1e-12,
                             "seed \(seed) at \(state.time): \(previous.waves.motionTime) then \(state.waves.motionTime)")
                previous = state
            }
        }
        colours.assertNone("the colours move less than 0.02 a millisecond")
        visibility.assertNone("the waves' visibility moves less than 0.02 a millisecond")
        motion.assertNone("the waves' motion time never goes back")
    }

    func testStateDoesNotDependOnQueryOrderOrOnAFreshTimeline() {
        var differences = FailureCount()
        for seed in seeds.prefix(10) {
            let scenario = scenario(seed)
            let first = CallTimeline(scenario)
            let times = (0..<500).map { Double($0) * scenario.duration / 500 }
            let inOrder = times.map { first.state(at: $0) }
            var random = SeededGenerator(state: seed)
            let shuffled = times.indices.shuffled(using: &random)
            XCTAssertNotEqual(shuffled, Array(times.indices), "seed \(seed): the queries should come out of order")
            let second = CallTimeline(scenario)
            for index in shuffled {
                differences.check(second.state(at: times[index]) == inOrder[index], "seed \(seed) at \(times[index])")
            }
        }
        differences.assertNone("a fresh timeline queried out of order gives the same states")
    }

    func testThirtyAndSixtyFramesASecondAgreeAtSharedInstants() throws {
        var instants = FailureCount()
        var states = FailureCount()
        for seed in seeds.prefix(10) {
            let timeline = CallTimeline(scenario(seed))
            let thirty = try FrameSchedule(start: 0, end: timeline.scenario.duration, fps: 30)
            let sixty = try FrameSchedule(start: 0, end: timeline.scenario.duration, fps: 60)
            XCTAssertTrue([2 * thirty.count - 1, 2 * thirty.count].contains(sixty.count), "seed \(seed)")
            for frame in 0..<thirty.count where 2 * frame < sixty.count {
                let (at30, at60) = (thirty.time(ofFrame: frame), sixty.time(ofFrame: 2 * frame))
                instants.check(at30 == at60, "seed \(seed) frame \(frame): \(at30) vs \(at60)")
                states.check(timeline.state(at: at30) == timeline.state(at: at60), "seed \(seed) frame \(frame) at \(at30)")
            }
        }
        instants.assertNone("frame n at 30 fps is frame 2n at 60 fps")
        states.assertNone("the states at those instants agree")
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
