import CallshadeCore
import CallshadeKinds
import Dispatch
import XCTest

/// Properties that hold for any scenario, checked over generated ones.
final class TimelinePropertyTests: XCTestCase {
    static func scenario(_ seed: UInt64) -> Scenario {
        var random = SeededGenerator(state: seed)
        let duration = 20 + random.unit() * 60
        var changes: [(Double, ScenarioChange)] = []
        for _ in 0..<(5 + Int(random.next() % 40)) {
            // Some events on whole or tick-aligned instants, some anywhere.
            let at = random.unit() < 0.3 ? (random.unit() * duration * 4).rounded() / 4 : random.unit() * duration
            let change: ScenarioChange = random.pick([
                .state(random.pick(CallState.allCases)), .state(.active), .level(random.unit() * 6),
                .signal(random.unit()), .signal(random.unit() * 0.3), .tap(.screen), .tap(.screen),
                .proximityNear(random.unit() < 0.5), .remoteMuted(random.unit() < 0.3), .energySaving(random.unit() < 0.2),
            ])
            changes.append((at, change))
        }
        return Scenario(duration: duration, seed: Int64(seed), changes)
    }

    func scenario(_ seed: UInt64) -> Scenario { Self.scenario(seed) }

    let seeds: [UInt64] = Array(1...40)

    /// `check` on the timeline of each seed, the seeds spread over the cores
    /// (each sweep is independent, and takes a second or so unoptimised); the
    /// failure counts it returns for each seed, merged in seed order, so the
    /// first failure named is the lowest seed's.
    func sweep(_ seeds: some Collection<UInt64>,
               _ check: @escaping @Sendable (UInt64, CallTimeline) -> [FailureCount]) -> [FailureCount] {
        let seeds = Array(seeds)
        let results = SeedResults(count: seeds.count)
        DispatchQueue.concurrentPerform(iterations: seeds.count) { index in
            results.set(index, check(seeds[index], CallTimeline(Self.scenario(seeds[index]))))
        }
        let all = results.all
        return (0..<(all.first?.count ?? 0)).map { which in all.reduce(into: FailureCount()) { $0.add($1[which]) } }
    }

    func testPhaseIsContinuousAndNeverDecreases() {
        let found = sweep(seeds) { seed, timeline in
            var decreases = FailureCount()
            var jumps = FailureCount()
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
            return [decreases, jumps]
        }
        XCTAssertEqual(found.count, 2)
        guard found.count == 2 else { return }
        found[0].assertNone("the phase never decreases")
        found[1].assertNone("the phase moves at most 0.75 steps a second")
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
        let found = sweep(seeds.prefix(15)) { seed, timeline in
            var colours = FailureCount()
            var visibility = FailureCount()
            var motion = FailureCount()
            var previous = timeline.state(at: 0)
            let step = 0.001
            for index in 1...Int(timeline.scenario.duration / step) {
                let state = timeline.state(at: Double(index) * step)
                for (colour, (a, b)) in zip(previous.colors, state.colors).enumerated() {
                    // A 0.3 s ease-in-out moves at most 1.5 x the distance per 0.3 s.
                    colours.check(max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b)) < 0.02,
                                  "seed \(seed) at \(state.time): colour \(colour) \(a) then \(b)")
                }
                visibility.check(abs(state.waves.visibility - previous.waves.visibility) < 0.02,
                                 "seed \(seed) at \(state.time): \(previous.waves.visibility) then \(state.waves.visibility)")
                motion.check(state.waves.motionTime >= previous.waves.motionTime - 1e-12,
                             "seed \(seed) at \(state.time): \(previous.waves.motionTime) then \(state.waves.motionTime)")
                previous = state
            }
            return [colours, visibility, motion]
        }
        XCTAssertEqual(found.count, 3)
        guard found.count == 3 else { return }
        found[0].assertNone("the colours move less than 0.02 a millisecond")
        found[1].assertNone("the waves' visibility moves less than 0.02 a millisecond")
        found[2].assertNone("the waves' motion time never goes back")
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

/// Each seed's failure counts, written from the threads of a sweep.
private final class SeedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [[FailureCount]]

    init(count: Int) {
        results = Array(repeating: [], count: count)
    }

    func set(_ index: Int, _ found: [FailureCount]) {
        lock.lock()
        defer { lock.unlock() }
        results[index] = found
    }

    var all: [[FailureCount]] {
        lock.lock()
        defer { lock.unlock() }
        return results
    }
}
