@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeJSON
import XCTest

/// The gallery (`gallery.md`): its layout against the spec's worked
/// examples, its scroll's closed form, what it refuses, and a frame's work
/// held to the rows on screen whatever the number of items.
final class GalleryTests: XCTestCase {
    static func parse(_ json: String) throws -> GalleryScenario {
        try XCTUnwrap(try ScenarioFile.parseAny(Array(json.utf8), file: "g.json", folder: "/") as? GalleryScenario)
    }

    static func refusal(_ json: String) -> String {
        do {
            _ = try ScenarioFile.parseAny(Array(json.utf8), file: "g.json", folder: "/")
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    /// Section 6: 1170x2532 (s 3, gap 3, bar 273 px, 102 px below) and 390x844.
    func testTheLayoutIsTheSpecsWorkedExample() throws {
        let three = GalleryLayout(size: .phone, columns: 3, count: 1000, bar: true)
        XCTAssertEqual([three.gap, three.side, three.top, three.bottom], [3, 388, 273, 102])
        XCTAssertEqual((0..<3).map { three.tile($0, offset: 0).x }, [0, 391, 782])
        XCTAssertEqual((0..<4).map { three.tile($0 * 3, offset: 0).y }, [273, 664, 1055, 1446], "rows every 391 from 273")
        let five = GalleryLayout(size: .phone, columns: 5, count: 1000, bar: true)
        XCTAssertEqual(five.side, 231)
        XCTAssertEqual((0..<5).map { five.tile($0, offset: 0).x }, [0, 234, 468, 702, 936])
        XCTAssertEqual(five.tile(4, offset: 0).width, 234, "the last column takes the rounding")
        let small = try FrameSize(width: 390, height: 844)
        let threeSmall = GalleryLayout(size: small, columns: 3, count: 10, bar: true)
        XCTAssertEqual([threeSmall.side, threeSmall.tile(2, offset: 0).width], [129, 130])
        let fiveSmall = GalleryLayout(size: small, columns: 5, count: 10, bar: true)
        XCTAssertEqual([fiveSmall.side, fiveSmall.tile(4, offset: 0).width], [77, 78])
        // The offset's range: the content's end 34 pt above the frame's bottom.
        XCTAssertEqual(three.contentHeight, 273 + 334 * 391 - 3)
        XCTAssertEqual(three.maximumOffset, three.contentHeight + 102 - 2532)
        XCTAssertEqual(GalleryLayout(size: small, columns: 5, count: 23, bar: false).maximumOffset, 0, "five rows fit")
    }

    /// Section 6: a 3000 pt/s fling at s = 3 is 590.07 pt in at 0.25 s, 1296.11 at 1 s, 1498.50 in all, ending at 4.547 s.
    func testTheFlingIsTheSpecsWorkedExample() throws {
        let scenario = try Self.parse(#"{"scene": "gallery", "duration": 8, "fill": {"count": 100000}, "events": [{"at": 0, "scroll": {"fling": 3000}}]}"#)
        let scroll = GalleryScroll(scenario, layout: GalleryLayout(size: .phone, columns: 3, count: 100_000, bar: true))
        XCTAssertEqual(GalleryScroll.rate, 2.002003, accuracy: 1e-6)
        XCTAssertEqual(scroll.offset(at: 0.25) / 3, 590.07, accuracy: 0.005)
        XCTAssertEqual(scroll.offset(at: 1) / 3, 1296.11, accuracy: 0.005)
        let settle = try XCTUnwrap(scroll.settles.first)
        XCTAssertEqual(settle.time, 4.547, accuracy: 0.0005)
        XCTAssertEqual(settle.offset / 3, 1498.50, accuracy: 0.005)
        XCTAssertEqual(scroll.offset(at: 7) / 3, 1498.50, accuracy: 0.005)
        // Never backwards, and under half a pixel short of its end just before it.
        var last = 0.0
        for time in stride(from: 0.0, through: 5, by: 0.01) {
            XCTAssertGreaterThanOrEqual(scroll.offset(at: time), last)
            last = scroll.offset(at: time)
        }
        XCTAssertLessThanOrEqual(settle.offset - scroll.offset(at: settle.time - 1e-6), 0.5 + 1e-5)
    }

    /// A drag moves by its samples' change, clamped; its fling starts at the
    /// slope from the latest sample 0.05 s before the last; a fling meets an end.
    func testADragThenItsFlingAndTheEnds() throws {
        let scenario = try Self.parse(#"""
            {"scene": "gallery", "duration": 8, "fill": {"count": 1000}, "scroll": 50,
             "events": [{"at": 1, "scroll": {"samples": [[0, 500], [0.05, 490], [0.1, 470], [0.2, 400]]}},
                        {"at": 3, "scroll": {"fling": -100000}}]}
            """#)
        let layout = GalleryLayout(size: try FrameSize(width: 390, height: 844), columns: 3, count: 1000, bar: true)
        let scroll = GalleryScroll(scenario, layout: layout)
        XCTAssertEqual(scroll.offset(at: 0.5), 50)
        XCTAssertEqual(scroll.offset(at: 1.075), 50 - 20, accuracy: 1e-9, "linear between samples")
        XCTAssertEqual(scenario.events[0].scroll.velocity, (400 - 470) / 0.1, accuracy: 1e-9)
        XCTAssertEqual(scroll.offset(at: 1.2), 0, "clamped at the top: the drag wanted -50")
        XCTAssertEqual(scroll.offset(at: 2.9), 0, "its fling upwards stays at the top")
        XCTAssertEqual(scroll.offset(at: 4), 0)
        XCTAssertEqual(scroll.settles.map(\.time)[0], 1.2, accuracy: 1e-9, "already at the end on release")
    }

    func testWhatIsRefusedNamesTheField() {
        let cases: [(String, String)] = [
            (#"{"scene": "gallery", "duration": 1}"#, "g.json: fill: missing"),
            (#"{"scene": "gallery", "duration": 1, "media": "photos", "fill": {"count": 3}}"#, "media: media files are not drawn yet"),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 0}}"#, "fill.count: must be between 1 and 1000000 (got 0)"),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 3, "videoEvery": 4}}"#, "fill.videoEvery: video items"),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 3, "loadingFrom": 1}}"#, "fill.loadingFrom: loading items"),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 3}, "level": 4}"#, "level: 4 is not one of the levels [2, 3, 5, 9, 13]"),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 3}, "levels": [2, 5, 5]}"#, "levels[2]: must be more than the level before, 5 (got 5)"),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 3}, "levels": [6, 9], "level": 6}"#, "levels: must have a level of 5 columns or fewer"),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 3}, "scroll": -1}"#, "scroll: must be 0 or more points (got -1)"),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 3}, "chrome": "glass"}"#, "chrome: must be \"bar\" or \"none\""),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 3}, "events": [{"at": 0.5, "pinch": {"x": 1}}]}"#,
             "events[0].pinch: is not drawn yet"),
            (#"{"scene": "gallery", "duration": 5, "fill": {"count": 3}, "events": [{"at": 3.1, "scroll": {"fling": 1}}, {"at": 2, "scroll": {"fling": 1}}]}"#,
             "events[1].at: 2 s comes before 3.1 s, the event before"),
            (#"{"scene": "gallery", "duration": 5, "fill": {"count": 3}, "events": [{"at": 1, "scroll": {"samples": [[0, 0], [0.5, 9]]}}, {"at": 1.2, "scroll": {"fling": 1}}]}"#,
             "events[1].at: 1.2 s starts while events[0]'s drag runs (to 1.5 s)"),
            (#"{"scene": "gallery", "duration": 5, "fill": {"count": 3}, "events": [{"at": 1, "scroll": {"fling": 100001}}]}"#,
             "events[0].scroll.fling: must be at most 100000 points a second"),
            (#"{"scene": "gallery", "duration": 5, "fill": {"count": 3}, "events": [{"at": 1, "scroll": {"samples": [[0.1, 0], [0.2, 9]]}}]}"#,
             "events[0].scroll.samples[0][0]: must be 0"),
            (#"{"scene": "gallery", "duration": 5, "fill": {"count": 3}, "events": [{"at": 1, "scroll": {"samples": [[0, 0], [0, 9]]}}]}"#,
             "events[0].scroll.samples[1][0]: must be after the sample before"),
        ]
        for (json, expected) in cases {
            let said = Self.refusal(json)
            XCTAssertTrue(said.contains(expected), "\(json): said \(said), expected \(expected)")
        }
    }

    /// A frame holds the rows on screen only: the same nodes for 30 items
    /// and a million at the same offset, and its marks are its held rows' tiles.
    func testAFramesWorkIsFlatInTheNumberOfItems() throws {
        let size = try FrameSize(width: 390, height: 844)
        func scene(count: Int) throws -> Scene {
            let scenario = try Self.parse(#"{"scene": "gallery", "duration": 1, "fill": {"count": \#(count)}, "level": 13}"#)
            return try GalleryFrames(scenario, file: "g.json", size: size, reuse: ReuseStore(.off)).scene(at: 0)
        }
        let few = try scene(count: 13 * 40), many = try scene(count: 1_000_000)
        let marks = try XCTUnwrap(many.node(MarksNode.self)).marks
        XCTAssertTrue(try XCTUnwrap(few.node(MarksNode.self)).marks == marks, "the same marks for 520 items and a million")
        let layout = GalleryLayout(size: size, columns: 13, count: 1_000_000, bar: true)
        let tiles = marks.filter { if case .roundedRectangle = $0.kind { return $0.alpha == 1 } else { return false } }
        XCTAssertEqual(tiles.count, try XCTUnwrap(layout.heldRows(offset: 0)).count * 13)
        XCTAssertLessThan(tiles.count, 13 * 30)
    }

    /// A level whose tiles would be under 8 pixels at the frame's size is refused, naming the levels.
    func testATileUnderEightPixelsIsRefused() throws {
        let scenario = try Self.parse(#"{"scene": "gallery", "duration": 1, "fill": {"count": 3}, "levels": [3, 20]}"#)
        XCTAssertThrowsError(try GalleryFrames(scenario, file: "g.json", size: try FrameSize(width: 160, height: 300), reuse: ReuseStore(.off))) {
            XCTAssertEqual("\($0)", "g.json: levels: 20 columns make 7 px tiles at 160x300, under the 8 px a tile must have")
        }
    }
}
