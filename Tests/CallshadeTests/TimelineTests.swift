import CallshadeCore
import CallshadeKinds
import CallshadeJSON
import XCTest

/// The timeline against values worked out by hand from the spec:
/// phase speed 0.5 (1 + 0.5 a), a full boost adds 0.25 steps (2 s x 0.5 x 0.5 x 1/2),
/// crossfades of 0.3 s with ease(1/2) = 1/2, idle after 10 s without a tap.
final class TimelineTests: XCTestCase {
    func timeline(_ duration: Double, _ changes: [(Double, ScenarioChange)]) -> CallTimeline {
        CallTimeline(Scenario(duration: duration, changes))
    }

    func assertColors(_ colors: [RGB], _ expected: [RGB], file: StaticString = #filePath, line: UInt = #line) {
        for (got, want) in zip(colors, expected) {
            XCTAssertEqual(got.r, want.r, accuracy: 1e-9, file: file, line: line)
            XCTAssertEqual(got.g, want.g, accuracy: 1e-9, file: file, line: line)
            XCTAssertEqual(got.b, want.b, accuracy: 1e-9, file: file, line: line)
        }
    }

    func mid(_ a: [RGB], _ b: [RGB]) -> [RGB] { zip(a, b).map { RGB.mix($0, $1, 0.5) } }

    func testNoEventsMeansRequestingBlueVioletAtHalfAStepASecond() {
        let t = timeline(20, [])
        for (time, phase) in [(0.0, 0.0), (3, 1.5), (17.3, 8.65)] {
            let state = t.state(at: time)
            XCTAssertEqual(state.phase, phase, accuracy: 1e-12)
            XCTAssertEqual(state.palette, .blueViolet)
            XCTAssertEqual(state.crossfade, 1)
            XCTAssertEqual(state.background, .running)
            XCTAssertEqual(state.status.state, .requesting)
            assertColors(state.colors, Palette.blueViolet.colors)
        }
    }

    func testActivationCrossfadesBoostsAndThenIdlePauses() {
        let t = timeline(30, [(2, .state(.active))])
        XCTAssertEqual(t.state(at: 1.9).palette, .blueViolet)
        let start = t.state(at: 2)
        XCTAssertEqual(start.palette, .blueGreen)
        XCTAssertEqual(start.crossfade, 0)
        assertColors(start.colors, Palette.blueViolet.colors)
        XCTAssertEqual(t.state(at: 2.15).crossfade, 0.5, accuracy: 1e-9)
        assertColors(t.state(at: 2.15).colors, mid(Palette.blueViolet.colors, Palette.blueGreen.colors))
        assertColors(t.state(at: 2.31).colors, Palette.blueGreen.colors)
        XCTAssertEqual(t.state(at: 2.31).crossfade, 1)

        // After the 2 s boost: 0.5 t + 0.25.
        XCTAssertEqual(t.state(at: 4).phase, 2.25, accuracy: 1e-9)
        XCTAssertEqual(t.state(at: 9).phase, 4.75, accuracy: 1e-9)
        XCTAssertGreaterThan(t.state(at: 3).phase, 1.5)   // boosted
        XCTAssertLessThan(t.state(at: 3).phase, 1.75)

        // Idle at 10 s (no tap since the start): phase 5.25 runs on to 6, reached at 11.5 s.
        XCTAssertEqual(t.state(at: 9.99).background, .running)
        XCTAssertEqual(t.state(at: 10.5).background, .settling)
        XCTAssertEqual(t.state(at: 10.5).phase, 5.5, accuracy: 1e-9)
        XCTAssertEqual(t.state(at: 11.6).background, .paused)
        for time in [11.5, 11.6, 20, 30] { XCTAssertEqual(t.state(at: time).phase, 6, accuracy: 1e-9) }
        XCTAssertEqual(t.state(at: 25).phase, 6)   // resting on a whole phase, exactly
    }

    func testATapResumesFromTheRestingPhase() {
        let t = timeline(40, [(2, .state(.active)), (15, .tap(.screen))])
        XCTAssertEqual(t.state(at: 14.9).phase, 6)
        XCTAssertEqual(t.state(at: 15).background, .running)
        XCTAssertEqual(t.state(at: 20).phase, 8.5, accuracy: 1e-9)
        // Next idle at 25 s: the phase is exactly 11 there, so it rests at once.
        XCTAssertEqual(t.state(at: 25).phase, 11, accuracy: 1e-9)
        XCTAssertEqual(t.state(at: 30).phase, 11)
        XCTAssertEqual(t.state(at: 30).background, .paused)
    }

    func testATapWhileSettlingKeepsItRunning() {
        let t = timeline(40, [(2, .state(.active)), (11, .tap(.screen))])
        XCTAssertEqual(t.state(at: 10.5).background, .settling)
        XCTAssertEqual(t.state(at: 11.2).background, .running)
        XCTAssertEqual(t.state(at: 11.6).phase, 6.05, accuracy: 1e-9)   // past 6: no rest there
        // Next idle at 21 s: phase 10.75 runs on to 11 at 21.5 s.
        XCTAssertEqual(t.state(at: 21.25).background, .settling)
        XCTAssertEqual(t.state(at: 21.6).phase, 11, accuracy: 1e-9)
        XCTAssertEqual(t.state(at: 21.6).background, .paused)
    }

    func testAChangeDuringACrossfadeStartsFromTheColoursOnScreen() {
        let t = timeline(30, [(2, .state(.active)), (2.15, .signal(0.1))])
        XCTAssertEqual(t.paletteChanges.map(\.palette), [.blueGreen, .orangeRed])
        let onScreen = mid(Palette.blueViolet.colors, Palette.blueGreen.colors)
        assertColors(t.state(at: 2.15).colors, onScreen)
        assertColors(t.state(at: 2.3).colors, mid(onScreen, Palette.orangeRed.colors))
        assertColors(t.state(at: 2.45).colors, Palette.orangeRed.colors)
        // The boost restarts at 2.15: about 0.15 + 1 boost-seconds in all, 0.25 per boost-second.
        XCTAssertEqual(t.state(at: 5).phase, 2.5 + 0.25 * 1.15, accuracy: 2e-4)
    }

    func testStateChangesThatKeepThePaletteChangeNothing() {
        let t = timeline(10, [(1, .state(.ringing)), (2, .state(.connecting)), (3, .state(.reconnecting))])
        XCTAssertTrue(t.paletteChanges.isEmpty)
        for time in [0.5, 1.5, 2.5, 9.0] {
            XCTAssertEqual(t.state(at: time).phase, time / 2, accuracy: 1e-12)
            assertColors(t.state(at: time).colors, Palette.blueViolet.colors)
        }
    }

    func testWeakSignalBeforeTheCallIsActiveAppliesOnceItIs() {
        let t = timeline(10, [(1, .signal(0.1)), (3, .state(.active))])
        XCTAssertEqual(t.paletteChanges.count, 1)
        XCTAssertEqual(t.paletteChanges.first?.time, 3)
        XCTAssertEqual(t.paletteChanges.first?.palette, .orangeRed)
        XCTAssertEqual(t.state(at: 2).palette, .blueViolet)
    }

    func testEventsAtOneInstantApplyTogetherInFileOrder() {
        let t = timeline(10, [(3, .state(.active)), (3, .signal(0.2))])   // 0.2 counts as weak
        XCTAssertEqual(t.paletteChanges.map(\.palette), [.orangeRed])
        let out = Scenario(duration: 10, [(5, .signal(0.9)), (1, .state(.active)), (5, .signal(0.1))])
        XCTAssertEqual(out.events.map(\.at), [1, 5, 5])
        XCTAssertEqual(CallTimeline(out).paletteChanges.map(\.palette), [.blueGreen, .orangeRed])
        XCTAssertEqual(CallTimeline(out).state(at: 6).status.signal, 0.1)
    }

    func testAPaletteChangeWhilePausedCrossfadesButTheCentresStay() {
        let t = timeline(30, [(2, .state(.active)), (15, .signal(0.1))])
        for time in [14.0, 15, 15.2, 20] { XCTAssertEqual(t.state(at: time).phase, 6) }
        assertColors(t.state(at: 15.3).colors, Palette.orangeRed.colors)
        XCTAssertEqual(t.state(at: 15.15).crossfade, 0.5, accuracy: 1e-9)
    }

    func testEndedCallIsBlueVioletAndHidesTheWaves() {
        let t = timeline(10, [(1, .state(.active)), (4, .state(.ended))])
        XCTAssertEqual(t.state(at: 5).palette, .blueViolet)
        XCTAssertFalse(t.state(at: 5).waves.shown)
        XCTAssertEqual(t.state(at: 4.15).waves.visibility, 0.5, accuracy: 1e-9)
        XCTAssertEqual(t.state(at: 4.31).waves.visibility, 0)
    }

    func testVoiceLevelSmoothingOnA60HzTickWithTheActivationBump() {
        let t = timeline(5, [(1, .state(.active)), (2, .level(3))])
        XCTAssertEqual(t.state(at: 0.5).waves.level, 0)
        // Ticks 60...71 carry the bump: level = 2 (1 - 0.8^(k+1)).
        XCTAssertEqual(t.state(at: 1).waves.level, 0.4, accuracy: 1e-12)
        XCTAssertEqual(t.state(at: 71.0 / 60).waves.level, 2 * (1 - pow(0.8, 12)), accuracy: 1e-12)
        // Then it decays by 0.8 a tick and snaps to 0 once below 0.01 (tick 95).
        XCTAssertEqual(t.state(at: 94.0 / 60).waves.level, 2 * (1 - pow(0.8, 12)) * pow(0.8, 23), accuracy: 1e-12)
        XCTAssertEqual(t.state(at: 95.0 / 60).waves.level, 0)
        // From 2 s the input is 3: 0.6, 1.08, ... and halfway between ticks, halfway between levels.
        XCTAssertEqual(t.state(at: 2).waves.level, 0.6, accuracy: 1e-12)
        XCTAssertEqual(t.state(at: 2 + 1.0 / 120).waves.level, 0.84, accuracy: 1e-12)
        XCTAssertEqual(t.state(at: 4.9).waves.level, 3, accuracy: 1e-6)
    }

    func testWavesHideWhileMutedOrSavingEnergy() {
        let t = timeline(20, [(1, .state(.active)), (5, .remoteMuted(true)), (6, .remoteMuted(false)),
                              (7, .energySaving(true)), (8, .energySaving(false))])
        XCTAssertEqual(t.state(at: 5.15).waves.visibility, 0.5, accuracy: 1e-9)
        XCTAssertEqual(t.state(at: 5.5).waves.visibility, 0)
        XCTAssertFalse(t.state(at: 5.5).waves.shown)
        XCTAssertEqual(t.state(at: 6.15).waves.visibility, 0.5, accuracy: 1e-9)
        XCTAssertEqual(t.state(at: 6.31).waves.visibility, 1)
        XCTAssertEqual(t.state(at: 7.5).waves.visibility, 0)
        XCTAssertEqual(t.state(at: 8.5).waves.visibility, 1)
    }

    func testWavesEaseOutWhenIdleOnceTheCallHasLastedTenSeconds() {
        let t = timeline(40, [(2, .state(.active)), (25, .tap(.screen))])
        // Idle since 0, but the call has lasted 10 s only at 12 s.
        XCTAssertFalse(t.state(at: 11.9).waves.idleStopped)
        XCTAssertTrue(t.state(at: 12).waves.idleStopped)
        XCTAssertEqual(t.state(at: 12.75).waves.visibility, 0.5, accuracy: 1e-9)
        XCTAssertEqual(t.state(at: 13.5).waves.visibility, 0)
        // Their motion slows with them: 12 s + 1.5 s x 1/2, then stands still.
        XCTAssertEqual(t.state(at: 13.5).waves.motionTime, 12.75, accuracy: 1e-9)
        XCTAssertEqual(t.state(at: 20).waves.motionTime, 12.75, accuracy: 1e-9)
        // A tap brings them back over 0.3 s.
        XCTAssertFalse(t.state(at: 25).waves.idleStopped)
        XCTAssertEqual(t.state(at: 25.15).waves.visibility, 0.5, accuracy: 1e-9)
        XCTAssertEqual(t.state(at: 25.31).waves.visibility, 1)
    }

    func testProximityFreezesTheWavesAtOnce() {
        let t = timeline(20, [(1, .state(.active)), (3, .proximityNear(true)), (5, .proximityNear(false)),
                              (6, .proximityNear(true)), (7, .tap(.screen))])
        XCTAssertEqual(t.state(at: 2).waves.motionTime, 2, accuracy: 1e-12)
        XCTAssertTrue(t.state(at: 3).waves.frozen)
        XCTAssertEqual(t.state(at: 4).waves.motionTime, 3, accuracy: 1e-12)
        XCTAssertEqual(t.state(at: 5).waves.motionTime, 3, accuracy: 1e-12)
        XCTAssertFalse(t.state(at: 5).waves.frozen)
        XCTAssertEqual(t.state(at: 5.5).waves.motionTime, 3.5, accuracy: 1e-12)
        XCTAssertEqual(t.state(at: 6.5).waves.motionTime, 4, accuracy: 1e-12)
        // The tap at 7 s resumes them although the phone is still near.
        XCTAssertFalse(t.state(at: 7.5).waves.frozen)
        XCTAssertEqual(t.state(at: 7.5).waves.motionTime, 4.5, accuracy: 1e-12)
        XCTAssertEqual(t.state(at: 4).waves.visibility, 1)   // frozen, not hidden
    }

    func testTheExampleScenariosMilestones() throws {
        let scenario = try ScenarioFile.load(path: TestPaths.packageRoot.appendingPathComponent("Examples/call.json").path)
        let texts = CallTimeline(scenario).milestones.map { "\(ShownNumber.text($0.time)) \($0.text)" }
        for expected in ["6 palette blue-green, crossfade 0.3 s", "10 palette orange-red, crossfade 0.3 s",
                         "10 idle: background settles on phase 6", "14 background resumes from phase 6",
                         "20.5 key expanded: panel opens", "22.5 panel closes", "32.5 idle: waves ease out",
                         "30 waves frozen (proximity near)", "37 palette blue-violet, crossfade 0.3 s"] {
            XCTAssertTrue(texts.contains(expected), "\(expected) not in \(texts)")
        }
    }
}
