@testable import CallshadeCore
@testable import CallshadeKinds
import XCTest

/// The pinch and the tap zoom (`gallery.md` sections 2.1 and 2.2) against
/// the spec's worked examples (section 6, at 1170x2532: s 3).
final class GalleryZoomTests: XCTestCase {
    /// Pinch 3 -> 5, 1000 items, offset 3000 px, L = (900, 1500) px, s1 0.98; scale 0.8675 at 1.5 s (p = 0.5).
    static let pinch = #"""
        {"scene": "gallery", "duration": 4, "fill": {"count": 1000}, "scroll": 1000,
         "events": [{"at": 1, "pinch": {"samples": [[0, 1, 300, 500], [0.05, 0.98, 300, 500], [0.5, 0.8675, 301, 503], [1, 0.7, 300, 500]]}}]}
        """#

    func testThePinchIsTheSpecsWorkedExample() throws {
        let timeline = try GalleryTimeline(try GalleryTests.parse(Self.pinch), size: .phone)
        let grids = timeline.shown(at: 1.5)
        XCTAssertEqual(grids.count, 2)
        let (old, new) = (grids[0], grids[1])
        XCTAssertEqual(old.rest.layout.columns, 3)
        XCTAssertEqual(old.rest.offset, 3000)
        XCTAssertEqual(new.rest.layout.columns, 5)
        XCTAssertEqual(new.rest.offset, 494, "273 + 6 x 234 - 1183")
        XCTAssertEqual(old.placement.scale, 0.79768, accuracy: 0.00001)
        XCTAssertEqual(old.placement.shift.x, 235.964, accuracy: 0.001)
        XCTAssertEqual(old.placement.shift.y, 356.344, accuracy: 0.001)
        XCTAssertEqual(new.placement.scale, 1.33983, accuracy: 0.00001)
        XCTAssertEqual(new.placement.shift.x, -396.338, accuracy: 0.001)
        XCTAssertEqual(new.placement.shift.y, -598.535, accuracy: 0.001)
        XCTAssertEqual(old.alpha, 1)
        XCTAssertEqual(new.alpha, 0.5, accuracy: 1e-9)
        // Old item 30 (0, 1183, 388, 388) lands at (235.96, 1300, 309.5, 309.5); new item 30 (0, 1183, 231, 231) at (-396.34, 986.48).
        let oldTile = old.placement.apply(Vec2(0, 1183)), newTile = new.placement.apply(Vec2(0, 1183))
        XCTAssertEqual(oldTile.y, 1300, accuracy: 0.01)
        XCTAssertEqual(388 * old.placement.scale, 309.5, accuracy: 0.01)
        XCTAssertEqual(newTile.x, -396.34, accuracy: 0.01)
        XCTAssertEqual(newTile.y, 986.48, accuracy: 0.01)
        XCTAssertEqual(231 * new.placement.scale, 309.5, accuracy: 0.01)
        // Going on past 0.735 the step is 5 -> 9 (0.735 to 0.55125); released at 0.7 (p = 0.190) it settles back on 5.
        let late = timeline.shown(at: 1.99)
        XCTAssertEqual(late.map(\.rest.layout.columns), [5, 9])
        XCTAssertEqual(late[1].alpha, (0.70335 - 0.735) / (0.55125 - 0.735), accuracy: 1e-6, "scale 0.70335 at 0.99 s")
        let settled = timeline.shown(at: 2.2)
        XCTAssertEqual(settled.count, 1)
        XCTAssertEqual(settled[0].rest.layout.columns, 5)
        XCTAssertEqual(settled[0].placement, .identity)
        XCTAssertTrue(timeline.outcomes[0].text.hasPrefix("pinch: 3 -> 5 -> 9 across; settles at 2.2 s on 5 across"), timeline.outcomes[0].text)
    }

    /// The release (rule 8): p_r 0.190 goes back to 0 in 0.2 s, the old grid
    /// from its alpha (1) to 1, the new from p_r to 0; a release at 0.3 or
    /// more goes on to 1, the old grid held until 0.1 s, then fading.
    func testTheReleaseSnapsBackOrOn() throws {
        let timeline = try GalleryTimeline(try GalleryTests.parse(Self.pinch), size: .phone)
        let pr = (0.7 - 0.735) / (0.55125 - 0.735)
        let mid = timeline.shown(at: 2.1)
        XCTAssertEqual(mid[1].alpha, pr * 0.5, accuracy: 1e-9, "E(0.5) = 0.5 of the way back")
        XCTAssertEqual(mid[0].alpha, 1, accuracy: 1e-12)
        let on = try GalleryTimeline(try GalleryTests.parse(#"""
            {"scene": "gallery", "duration": 4, "fill": {"count": 1000}, "scroll": 1000,
             "events": [{"at": 1, "pinch": {"samples": [[0, 1, 300, 500], [0.05, 0.98, 300, 500], [0.5, 0.8675, 300, 500]]}}]}
            """#), size: .phone)
        // Released at p 0.5: the new grid to 1, the old held at 1 until 0.1 s, then 1 - E((τ - 0.1) / 0.2).
        XCTAssertEqual(on.shown(at: 1.55)[0].alpha, 1)
        XCTAssertEqual(on.shown(at: 1.65)[0].alpha, 1 - CubicBezierEasing.easeInOut.value(0.25), accuracy: 1e-9)
        XCTAssertEqual(on.shown(at: 1.6)[1].alpha, 0.5 + 0.5 * 0.5, accuracy: 1e-9)
        XCTAssertEqual(on.shown(at: 1.7).map(\.rest.layout.columns), [5])
    }

    /// Tap zoom, level 9, offset 0, tap (300, 900) px: item 38; level 5 at
    /// 1118; at 0.125 s (p 0.5) old P -> 1.40945 P + (0, -324.693), new P ->
    /// 0.77489 P + (0, 178.511); item 38's copies at x 366.46 and 543.97, 179
    /// wide; old alpha 1, 0.871 at 0.1875 s, removed at 0.25 s.
    func testTheTapZoomIsTheSpecsWorkedExample() throws {
        let scenario = try GalleryTests.parse(#"""
            {"scene": "gallery", "duration": 2, "fill": {"count": 1000}, "level": 9, "events": [{"at": 1, "tap": {"x": 100, "y": 300}}]}
            """#)
        let timeline = try GalleryTimeline(scenario, size: .phone)
        XCTAssertEqual(timeline.start.hit(Vec2(300, 900), offset: 0), 38)
        let grids = timeline.shown(at: 1.125)
        XCTAssertEqual(grids.map(\.rest.layout.columns), [9, 5])
        XCTAssertEqual(grids[1].rest.offset, 1118)
        XCTAssertEqual(grids[0].placement.scale, 1.40945, accuracy: 0.00001)
        XCTAssertEqual(grids[0].placement.shift.x, 0, accuracy: 0.001)
        XCTAssertEqual(grids[0].placement.shift.y, -324.693, accuracy: 0.001)
        XCTAssertEqual(grids[1].placement.scale, 0.77489, accuracy: 0.00001)
        XCTAssertEqual(grids[1].placement.shift.y, 178.511, accuracy: 0.001)
        XCTAssertEqual(grids[0].placement.apply(Vec2(260, 793)).x, 366.46, accuracy: 0.01)
        XCTAssertEqual(grids[1].placement.apply(Vec2(3 * 234, 273 + 7 * 234 - 1118)).x, 543.97, accuracy: 0.01)
        XCTAssertEqual(grids[0].alpha, 1)
        XCTAssertEqual(timeline.shown(at: 1.1875)[0].alpha, 0.871, accuracy: 0.0005)
        XCTAssertEqual(timeline.shown(at: 1.25).map(\.rest.layout.columns), [5])
    }

    /// A tap at 5 across or fewer opens the viewer on the tile it hits; a tap in a gap hits nothing.
    func testATapAtFiveAcrossOrFewerOpensAndAGapHitsNothing() throws {
        let opens = try GalleryTests.parse(#"{"scene": "gallery", "duration": 2, "fill": {"count": 100}, "events": [{"at": 1, "tap": {"x": 60, "y": 300}}]}"#)
        let opened = try GalleryTimeline(opens, size: .phone, file: "g.json")
        XCTAssertEqual(opened.outcomes[0].text, "tap: opens item 3 by 1.3 s")
        XCTAssertEqual(opened.viewer(at: 1.1)?.item, 3)
        XCTAssertEqual(opened.shown(at: 1.1).count, 1, "the grid stays at rest under the viewer")
        let gap = try GalleryTests.parse(#"{"scene": "gallery", "duration": 2, "fill": {"count": 100}, "level": 9, "events": [{"at": 1, "tap": {"x": 43.1, "y": 300}}]}"#)
        let timeline = try GalleryTimeline(gap, size: .phone)
        XCTAssertEqual(timeline.outcomes[0].text, "tap: hits no tile")
        XCTAssertEqual(timeline.shown(at: 1.1).count, 1)
    }

    /// A frame is a pure function of time: the grids at 1.5 s are the same however the frames before were sampled.
    func testAPinchIsClosedFormInTime() throws {
        let timeline = try GalleryTimeline(try GalleryTests.parse(Self.pinch), size: .phone)
        let once = timeline.shown(at: 1.7)
        for time in stride(from: 0.0, to: 1.7, by: 1.0 / 7) { _ = timeline.shown(at: time) }
        XCTAssertEqual(timeline.shown(at: 1.7), once)
    }
}
