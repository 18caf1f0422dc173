@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeJSON
import Foundation
import XCTest

/// The scenario's rating events (issue 18): `{"rating": "requested"}` once
/// the call has ended, `{"rate": N}` while the panel shows; read, listed by
/// `validate`, and refused with one line naming the event and field.
final class RatingScenarioTests: XCTestCase {
    static let ended = #"{"at": 0, "state": "active"}, {"at": 3, "state": "ended"}"#

    func parse(_ json: String) throws -> Scenario {
        try ScenarioFile.parse(Array(json.utf8), file: "s.json", folder: "/tmp")
    }

    func testARequestAndARatingAreReadAndTimed() throws {
        let scenario = try parse(#"{"duration": 12, "events": [\#(Self.ended), {"at": 4, "rating": "requested"}, {"at": 6, "rate": 4}]}"#)
        XCTAssertEqual(scenario.events.map(\.change).suffix(2), [.ratingRequested, .rate(4)])
        let track = RatingTrack(scenario)
        XCTAssertEqual(track.requested, 4)
        XCTAssertEqual(track.rating?.stars, 4)
        XCTAssertEqual(track.starFills, [6, 6.05, 6.1, 6.15].map { $0 }, "0.05 s apart")
        XCTAssertTrue(track.celebrates)
        let milestones = CallTimeline(scenario).milestones.map { "\(ShownNumber.text($0.time)) \($0.text)" }
        for expected in ["4 rating requested: buttons shrink away (0.2 s), rating panel and Close button in", "6 rated 4 stars",
                         "6.15 star 4 fills (pulse 0.25 s)", "6 sparkle burst in the star box (0.6 s)", "6.6 sparkle burst over",
                         "6 full-screen effect (2.2 s)", "8.2 full-screen effect over", "9 Close button's white fill drained"] {
            XCTAssertTrue(milestones.contains(expected), "\(expected) not in \(milestones)")
        }
        // Three stars: no full-screen effect. A press on a star is an interaction for the idle rules.
        let three = try parse(#"{"duration": 12, "events": [\#(Self.ended), {"at": 4, "rating": "requested"}, {"at": 6, "rate": 3}]}"#)
        XCTAssertFalse(RatingTrack(three).celebrates)
        XCTAssertFalse(CallTimeline(three).milestones.contains { $0.text.contains("full-screen") })
        XCTAssertEqual(StatusTrack(three).lastInteraction(at: 7), 6)
    }

    func testBadRatingsAreRefusedNamingTheEventAndField() throws {
        let cases: [(String, String)] = [
            (#"{"at": 2, "rating": "requested"}"#, "events[2].rating: a rating is requested only after the call has ended (at 2 s it is active)"),
            (#"{"at": 4, "rating": "yes"}"#, "events[2].rating: unknown value 'yes'; the one value is \"requested\""),
            (#"{"at": 4, "rating": true}"#, "events[2].rating: must be a string, not a boolean"),
            (#"{"at": 4, "rate": 4}"#, "events[2].rate: no rating panel is shown at 4 s"),
            (#"{"at": 4, "rating": "requested"}, {"at": 5, "rate": 6}"#, "events[3].rate: must be between 1 and 5 (got 6)"),
            (#"{"at": 4, "rating": "requested"}, {"at": 5, "rate": 0}"#, "events[3].rate: must be between 1 and 5 (got 0)"),
            (#"{"at": 4, "rating": "requested"}, {"at": 5, "rate": 2.5}"#, "events[3].rate: must be a whole number (got 2.5)"),
            (#"{"at": 4, "rating": "requested"}, {"at": 5, "rate": "5"}"#, "events[3].rate: must be a number, not a string"),
            (#"{"at": 4, "rating": "requested"}, {"at": 5, "rate": 5}, {"at": 6, "rate": 3}"#,
             "events[4].rate: the call was rated already (events[3] at 5 s: 5 stars)"),
            (#"{"at": 4, "rating": "requested"}, {"at": 5, "rating": "requested"}"#, "events[3].rating: a rating was requested already (events[2] at 4 s)"),
            (#"{"at": 4, "rating": "requested"}, {"at": 5, "state": "active"}"#,
             "events[3].state: the call's state cannot change once a rating has been requested (events[2] at 4 s)"),
        ]
        for (events, expected) in cases {
            let json = #"{"duration": 12, "events": [\#(Self.ended), \#(events)]}"#
            XCTAssertThrowsError(try parse(json), json) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(json): \(error)")
                XCTAssertFalse("\(error)".contains("\n"), "one line: \(error)")
            }
        }
    }

    /// The command line refuses a rate without a panel, and writes nothing.
    func testTheCommandLineRefusesARateWithoutAPanelAndWritesNothing() throws {
        let folder = try scratchFolder()
        let path = folder.appendingPathComponent("s.json")
        try #"{"duration": 12, "events": [\#(Self.ended), {"at": 5, "rate": 5}]}"#.write(to: path, atomically: true, encoding: .utf8)
        let result = runInProcess(["render", path.path, "-o", folder.appendingPathComponent("out.mp4").path])
        assertDiagnostic(result, "scenario.invalid", status: 1, "a rate without a panel")
        XCTAssertTrue(result.standardError.contains("events[2].rate: no rating panel is shown at 5 s"), result.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["s.json"])
    }
}
