@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeJSON
import CallshadeText
import Foundation
import XCTest

/// The scenario's `key`, `tooltipSeen`, tap targets and toggles (issue 17):
/// read, defaulted, and refused with one line naming the event and field.
final class KeyScenarioTests: XCTestCase {
    func parse(_ json: String) throws -> Scenario {
        try ScenarioFile.parse(Array(json.utf8), file: "s.json", folder: "/tmp")
    }

    func testKeyTooltipSeenTargetsAndTogglesAreRead() throws {
        let scenario = try parse("""
        {"duration": 9, "key": "🐶🍎🇫🇷1️⃣", "tooltipSeen": true, "events": [
          {"at": 1, "state": "active"}, {"at": 2, "tap": "key"}, {"at": 3, "tap": "panel"}, {"at": 4, "tap": true},
          {"at": 5, "tap": "screen"}, {"at": 6, "muted": true}, {"at": 6, "speaker": true}, {"at": 7, "video": false},
          {"at": 8, "remoteBatteryLow": true}
        ]}
        """)
        XCTAssertEqual(scenario.key, ["🐶", "🍎", "🇫🇷", "1️⃣"])
        XCTAssertTrue(scenario.tooltipSeen)
        XCTAssertEqual(scenario.events.map(\.change), [
            .state(.active), .tap(.key), .tap(.panel), .tap(.screen), .tap(.screen), .muted(true), .speaker(true), .video(false),
            .remoteBatteryLow(true),
        ])
    }

    /// Without `key`, four different emoji of the fixed list, the same for the same seed.
    func testTheDefaultKeyComesFromTheSeed() throws {
        let first = try parse(#"{"duration": 5, "seed": 7}"#).key
        XCTAssertEqual(first.count, 4)
        XCTAssertEqual(Set(first).count, 4)
        XCTAssertTrue(first.allSatisfy(EmojiKey.choices.contains))
        XCTAssertEqual(try parse(#"{"duration": 5, "seed": 7}"#).key, first)
        let keys = Set((0..<20).map { EmojiKey.pick(seed: Int64($0)) })
        XCTAssertGreaterThan(keys.count, 15, "seeds pick different keys")
        XCTAssertFalse(try parse(#"{"duration": 5}"#).tooltipSeen)
    }

    func testBadKeysTapsAndTogglesAreRefusedNamingTheEventAndField() throws {
        let cases: [(String, String)] = [
            (#"{"duration": 5, "key": "🐶🍎🚀"}"#, "key: must be exactly 4 emoji"),
            (#"{"duration": 5, "key": "🐶🍎🚀🎸🐱"}"#, "key: must be exactly 4 emoji"),
            (#"{"duration": 5, "key": "🐶🍎a🎸"}"#, "key: character 3 (\"a\") is not an emoji"),
            (#"{"duration": 5, "key": "🐶🍎1🎸"}"#, "key: character 3 (\"1\") is not an emoji"),
            (#"{"duration": 5, "key": ["🐶", "🍎", "🚀", "🎸"]}"#, "key: must be a string, not a list"),
            (#"{"duration": 5, "tooltipSeen": "yes"}"#, "tooltipSeen: must be true or false, not a string"),
            (#"{"duration": 5, "events": [{"at": 1, "tap": "button"}]}"#,
             "events[0].tap: unknown target 'button'; valid targets: screen, key, tooltip, panel, pip"),
            (#"{"duration": 5, "events": [{"at": 1, "state": "active"}, {"at": 2, "tap": "panel"}]}"#,
             "events[1].tap: the panel is not open at 2 s; a tap on the key opens it"),
            (#"{"duration": 5, "events": [{"at": 1, "state": "active"}, {"at": 2, "tap": "key"}, {"at": 3, "tap": true}, {"at": 4, "tap": "panel"}]}"#,
             "events[3].tap: the panel is not open at 4 s"),
            (#"{"duration": 5, "events": [{"at": 1, "tap": "key"}]}"#,
             "events[0].tap: the key shows only while the call is active (at 1 s it is requesting)"),
            (#"{"duration": 5, "events": [{"at": 1, "tap": "tooltip"}]}"#, "events[0].tap: the tooltip is not on screen at 1 s"),
            (#"{"duration": 5, "tooltipSeen": true, "events": [{"at": 1, "state": "active"}, {"at": 2, "tap": "tooltip"}]}"#,
             "events[1].tap: the tooltip is not on screen at 2 s (it has been tapped already, or the scenario has \"tooltipSeen\")"),
            (#"{"duration": 5, "events": [{"at": 1, "state": "active"}, {"at": 2, "tap": "tooltip"}, {"at": 3, "tap": "tooltip"}]}"#,
             "events[2].tap: the tooltip is not on screen at 3 s"),
            (#"{"duration": 5, "events": [{"at": 1, "muted": "on"}]}"#, "events[0].muted: must be true or false, not a string"),
            (#"{"duration": 5, "events": [{"at": 1, "speaker": 1}]}"#, "events[0].speaker: must be true or false, not a number"),
            (#"{"duration": 5, "events": [{"at": 1, "video": null}]}"#, "events[0].video: must be true or false, not null"),
            (#"{"duration": 5, "events": [{"at": 1, "remoteBatteryLow": []}]}"#, "events[0].remoteBatteryLow: must be true or false, not a list"),
        ]
        for (json, expected) in cases {
            XCTAssertThrowsError(try parse(json), json) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(json): \(error)")
                XCTAssertFalse("\(error)".contains("\n"), "one line: \(error)")
            }
        }
    }

    /// The command line refuses them too, and writes nothing.
    func testTheCommandLineRefusesABadTapAndWritesNothing() throws {
        let folder = try scratchFolder()
        let path = folder.appendingPathComponent("s.json")
        try #"{"duration": 5, "events": [{"at": 1, "state": "active"}, {"at": 2, "tap": "panel"}]}"#.write(to: path, atomically: true, encoding: .utf8)
        let result = runInProcess(["render", path.path, "-o", folder.appendingPathComponent("out.mp4").path])
        assertDiagnostic(result, "scenario.invalid", status: 1, "tap on a closed panel")
        XCTAssertTrue(result.standardError.contains("events[1].tap: the panel is not open at 2 s"), result.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["s.json"])
    }
}

/// A key the emoji font cannot draw is refused when the scenario is read.
final class KeyFontTests: XCTestCase {
    /// U+1FAE9 (Emoji 16.0) came after Debian 12's Noto Color Emoji: an emoji, but not one the font has.
    func testAnEmojiTheFontLacksIsRefusedAndNothingIsWritten() throws {
        let folder = try scratchFolder()
        let path = folder.appendingPathComponent("s.json")
        try "{\"duration\": 5, \"key\": \"🐶🍎🚀\u{1FAE9}\"}"
            .write(to: path, atomically: true, encoding: .utf8)
        for command in [["validate", path.path], ["render", path.path, "-o", folder.appendingPathComponent("out.mp4").path]] {
            let result = runInProcess(command)
            assertDiagnostic(result, "scenario.invalid", status: 1, command[0])
            XCTAssertTrue(result.standardError.contains("key: the emoji font (Noto Color Emoji) has no"), result.standardError)
            XCTAssertTrue(result.standardError.contains("U+1FAE9"), result.standardError)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["s.json"])
        XCTAssertEqual(try TextSetter.uncoveredCharacters(in: "🐶🍎🇫🇷1️⃣", font: .emoji), [])
    }
}

/// The tooltip's visibility held to the contest rule, over scenarios in a
/// table: shown from the moment the call becomes active; hidden after a tap
/// on it or on the key; never shown with `tooltipSeen`; gone when the call ends.
final class TooltipRuleTests: XCTestCase {
    func testTheTooltipFollowsTheContestRule() {
        let active: [(Double, ScenarioChange)] = [(0, .state(.ringing)), (2, .state(.active))]
        let rows: [(name: String, seen: Bool, events: [(Double, ScenarioChange)], shown: [Double], hidden: [Double])] = [
            ("shown from activation, all through the call", false, active, [2, 2.5, 9.9], [0, 1, 1.99]),
            ("a tap on it hides it", false, active + [(5, .tap(.tooltip))], [2, 4.99], [5, 6, 9]),
            ("a tap on the key hides it", false, active + [(5, .tap(.key))], [2, 4.99], [5, 6, 9]),
            ("a tap elsewhere leaves it", false, active + [(4, .tap(.screen)), (5, .tap(.screen))], [2, 4, 5, 9], [1]),
            ("never with tooltipSeen", true, active + [(5, .tap(.key))], [], [0, 2, 3, 5, 9]),
            ("gone when the call ends", false, active + [(6, .state(.ended))], [2, 5.99], [6, 7, 9]),
            ("back when the call is active again", false,
             active + [(4, .state(.reconnecting)), (5, .state(.active))], [2, 3.9, 5, 9], [4, 4.5]),
            ("once tapped, never again in the scenario", false,
             active + [(3, .tap(.tooltip)), (4, .state(.reconnecting)), (5, .state(.active))], [2], [3, 4, 5, 9]),
            ("from the start when the call starts active", false, [(0, .state(.active))], [0, 9], []),
        ]
        for row in rows {
            let scenario = Scenario(duration: 10, tooltipSeen: row.seen, row.events)
            let track = KeyTrack(scenario)
            XCTAssertNil(track.misplacedTap, row.name)
            for time in row.shown { XCTAssertTrue(track.tooltipShown(at: time), "\(row.name): hidden at \(time) s") }
            for time in row.hidden { XCTAssertFalse(track.tooltipShown(at: time), "\(row.name): shown at \(time) s") }
        }
    }

    /// The panel opens on a tap on the key and closes on any tap, or when the
    /// call leaves the active state; the notices show while active with their condition.
    func testThePanelAndTheNotices() {
        let track = KeyTrack(Scenario(duration: 20, name: "Ann", [
            (1, .state(.active)), (2, .tap(.key)), (3, .tap(.panel)), (4, .tap(.key)), (5, .tap(.screen)), (6, .tap(.key)),
            (7, .state(.reconnecting)), (7.5, .muted(true)), (8, .state(.active)), (9, .remoteMuted(true)), (10, .remoteBatteryLow(true)),
            (11, .muted(false)), (12, .state(.ended)),
        ]))
        XCTAssertEqual(track.panelChanges.map(\.time), [2, 3, 4, 5, 6, 7])
        XCTAssertEqual(track.panelChanges.map(\.open), [true, false, true, false, true, false])
        XCTAssertTrue(track.panelOpen(at: 2.5))
        XCTAssertFalse(track.panelOpen(at: 7.5))
        XCTAssertEqual(track.notices(at: 7.9), [])
        XCTAssertEqual(track.notices(at: 8), [.ownMicrophone])
        XCTAssertEqual(track.notices(at: 10.5), [.ownMicrophone, .remoteMicrophone, .remoteBattery])
        XCTAssertEqual(track.notices(at: 11), [.remoteMicrophone, .remoteBattery])
        XCTAssertEqual(track.notices(at: 12), [])
        XCTAssertEqual(KeyTrack.Notice.remoteBattery.text(name: "Ann"), "Ann's battery level is low")
        XCTAssertEqual(track.keyChanges.map(\.time), [1, 7, 8, 12])
    }
}
