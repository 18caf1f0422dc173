@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeJSON
import CallshadeText
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
        let scroll = try GalleryTimeline(scenario, size: .phone)
        XCTAssertEqual(GalleryScroll.rate, 2.002003, accuracy: 1e-6)
        XCTAssertEqual(scroll.offset(at: 0.25) / 3, 590.07, accuracy: 0.005)
        XCTAssertEqual(scroll.offset(at: 1) / 3, 1296.11, accuracy: 0.005)
        let settle = try XCTUnwrap(scroll.outcomes.first)
        XCTAssertEqual(settle.until, 4.547, accuracy: 0.0005)
        XCTAssertTrue(settle.text.hasSuffix("settles at 4.547 s on 1498.5 pt"), settle.text)
        XCTAssertEqual(scroll.offset(at: 7) / 3, 1498.50, accuracy: 0.005)
        // Never backwards, and under half a pixel short of its end just before it.
        var last = 0.0
        for time in stride(from: 0.0, through: 5, by: 0.01) {
            XCTAssertGreaterThanOrEqual(scroll.offset(at: time), last)
            last = scroll.offset(at: time)
        }
        XCTAssertLessThanOrEqual(scroll.offset(at: settle.until) - scroll.offset(at: settle.until - 1e-6), 0.5 + 1e-5)
    }

    /// A drag moves by its samples' change, clamped; its fling starts at the
    /// slope from the latest sample 0.05 s before the last; a fling meets an end.
    func testADragThenItsFlingAndTheEnds() throws {
        let scenario = try Self.parse(#"""
            {"scene": "gallery", "duration": 8, "fill": {"count": 1000}, "scroll": 50,
             "events": [{"at": 1, "scroll": {"samples": [[0, 500], [0.05, 490], [0.1, 470], [0.2, 400]]}},
                        {"at": 3, "scroll": {"fling": -100000}}]}
            """#)
        let scroll = try GalleryTimeline(scenario, size: try FrameSize(width: 390, height: 844))
        XCTAssertEqual(scroll.offset(at: 0.5), 50)
        XCTAssertEqual(scroll.offset(at: 1.075), 50 - 20, accuracy: 1e-9, "linear between samples")
        XCTAssertEqual(try XCTUnwrap(scenario.events[0].scroll).velocity, (400 - 470) / 0.1, accuracy: 1e-9)
        XCTAssertEqual(scroll.offset(at: 1.2), 0, "clamped at the top: the drag wanted -50")
        XCTAssertEqual(scroll.offset(at: 2.9), 0, "its fling upwards stays at the top")
        XCTAssertEqual(scroll.offset(at: 4), 0)
        XCTAssertEqual(scroll.outcomes[0].until, 1.2, accuracy: 1e-9, "already at the end on release")
    }

    func testWhatIsRefusedNamesTheField() {
        let cases: [(String, String)] = [
            (#"{"scene": "gallery", "duration": 1}"#, "g.json: media: missing; give media files"),
            (#"{"scene": "gallery", "duration": 1, "media": "photos", "fill": {"count": 3}}"#, "fill: goes alone"),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 0}}"#, "fill.count: must be between 1 and 1000000 (got 0)"),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 3, "videoEvery": -1}}"#, "fill.videoEvery: must be between 0 and 1000000 (got -1)"),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 3, "loadingFrom": 1.5}}"#, "fill.loadingFrom:"),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 3}, "level": 4}"#, "level: 4 is not one of the levels [2, 3, 5, 9, 13]"),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 3}, "levels": [2, 5, 5]}"#, "levels[2]: must be more than the level before, 5 (got 5)"),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 3}, "levels": [6, 9], "level": 6}"#, "levels: must have a level of 5 columns or fewer"),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 3}, "scroll": -1}"#, "scroll: must be 0 or more points (got -1)"),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 3}, "chrome": "glass"}"#, "chrome: must be \"bar\" or \"none\""),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 3}, "events": [{"at": 0.5, "pinch": {"x": 1}}]}"#,
             "events[0].pinch.y: missing"),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 3}, "events": [{"at": 0.5, "open": 3}]}"#,
             "events[0].open: must be between 0 and 2 (got 3)"),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 3}, "events": [{"at": 0.5, "open": 1.5}]}"#,
             "events[0].open: must be a whole number"),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 3}, "events": [{"at": 0.5, "close": false}]}"#,
             "events[0].close: must be true, closing the viewer (got a boolean)"),
            (#"{"scene": "gallery", "duration": 1, "fill": {"count": 3}, "events": [{"at": 0.5, "tap": {"x": 100, "y": 900}}]}"#,
             "events[0].tap.y: outside the screen, 0 to 844 pt (got 900)"),
            (#"{"scene": "gallery", "duration": 3, "fill": {"count": 3}, "events": [{"at": 0.5, "pinch": {"samples": [[0, 1, 9, 9], [0.1, 0, 9, 9]]}}]}"#,
             "events[0].pinch.samples[1][1]: must be above 0 (got 0)"),
            (#"{"scene": "gallery", "duration": 3, "fill": {"count": 3}, "events": [{"at": 0.5, "pinch": {"samples": [[0, 1, 9, 9]]}}]}"#,
             "events[0].pinch.samples: must have at least 2 rows (got 1)"),
            (#"{"scene": "gallery", "duration": 3, "fill": {"count": 3}, "events": [{"at": 0.5, "pinch": {"x": 9, "y": 9, "scale": 0.5, "duration": 11}}]}"#,
             "events[0].pinch.duration: must be above 0 and at most 10 s (got 11)"),
            (#"{"scene": "gallery", "duration": 3, "fill": {"count": 3}, "events": [{"at": 0.5, "pinch": {"x": 9, "y": 9, "scale": 0.5, "duration": 1}}, {"at": 1.6, "scroll": {"fling": 10}}]}"#,
             "events[1].at: 1.6 s starts while events[0]'s pinch runs (to 1.7 s)"),
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

    /// A frame holds the rows on screen only: the same picture for 520
    /// items and a million at the same offset, its rows the held ones.
    func testAFramesWorkIsFlatInTheNumberOfItems() throws {
        let size = try FrameSize(width: 390, height: 844)
        func scene(count: Int) throws -> Scene {
            let scenario = try Self.parse(#"{"scene": "gallery", "duration": 1, "fill": {"count": \#(count), "videoEvery": 7}, "level": 13}"#)
            return try GalleryFrames(scenario, file: "g.json", size: size, reuse: ReuseStore(.off)).scene(at: 0)
        }
        let few = try scene(count: 13 * 40), many = try scene(count: 1_000_000)
        let picture = try XCTUnwrap(many.node(MappedPictureNode.self)).picture
        XCTAssertTrue(try XCTUnwrap(few.node(MappedPictureNode.self)).picture == picture, "the same grid for 520 items and a million")
        let layout = GalleryLayout(size: size, columns: 13, count: 1_000_000, bar: true)
        let rows = try XCTUnwrap(layout.heldRows(offset: 0))
        XCTAssertEqual(picture.height, rows.count * layout.pitch - layout.gap)
        XCTAssertLessThan(rows.count, 30)
    }

    /// Section 3: the labels' text, the blob at the spec's two points, the badge's size.
    func testTheVideoMarksAreTheSpecs() {
        XCTAssertEqual([7, 292, 1456, 3723, 0].map(GalleryVideoMarks.label(seconds:)), ["0:07", "4:52", "24:16", "1:02:03", "0:00"])
        XCTAssertEqual(GalleryVideoMarks.blobAlpha(u: 9.5, v: 7.5), 0.25, accuracy: 1e-12)
        XCTAssertEqual(GalleryVideoMarks.blobAlpha(u: 3.5, v: 3.5), 0.174, accuracy: 0.0005)
        let small = GalleryVideoMarks.Badge(side: 42), large = GalleryVideoMarks.Badge(side: 59)
        XCTAssertEqual(small.k, 42.0 / 74, accuracy: 1e-12)
        XCTAssertEqual(small.centre.x, -3 - 10 * 42.0 / 74, accuracy: 1e-12)
        XCTAssertEqual(GalleryVideoMarks.Badge(side: 90).k, 1)
        XCTAssertEqual(large.triangle[2].x, 4.5 * 59 / 74, accuracy: 1e-12)
        // Fill item 3 of videoEvery 4 is a video of 1 + 291 s; item 2 is not.
        let fill = GalleryFill(count: 10, videoEvery: 4, loadingFrom: 9)
        XCTAssertEqual(fill.videoSeconds(of: 3), 292)
        XCTAssertNil(fill.videoSeconds(of: 2))
        XCTAssertTrue(fill.isLoading(9))
        XCTAssertFalse(fill.isLoading(8))
    }

    /// Section 6's "4:52" at 1170 px (s 3): the box 25 x 14 pt, the label's
    /// ink within it, its right edge 6 pt inside the tile's and its baseline
    /// 9.344 pt above the tile's bottom.
    func testTheLabelsBoxIsTheSpecsWorkedExample() throws {
        let setter = try TextSetter(scale: 3, texts: [GalleryVideoMarks.style: ["4:52"]])
        let line = setter.line("4:52", style: GalleryVideoMarks.style)
        XCTAssertEqual(line.width / 3, 24.3125, accuracy: 0.01, "the advance")
        XCTAssertEqual(((line.ascent + line.descent) / 3).rounded(.up), 14)
        XCTAssertEqual(line.ascent / 3, 10.656, accuracy: 0.001, "the ascender")
        let label = GalleryLabelPicture(line: line, atlas: setter.atlas, scale: 3)
        // The ink (coverage over a half): inside the box, 25 x 14 pt whose corner is 6 pt in (18 px).
        var inkLeft = Int.max, inkRight = Int.min, inkBottom = Int.min
        for row in 0..<label.height {
            for column in 0..<label.width where label.glyphs[row * label.width + column] > 0.5 {
                inkLeft = min(inkLeft, label.left + column)
                inkRight = max(inkRight, label.left + column + 1)
                inkBottom = max(inkBottom, label.top + row + 1)
            }
        }
        XCTAssertGreaterThanOrEqual(inkLeft, -18 - 75)
        XCTAssertLessThanOrEqual(inkRight, -18)
        XCTAssertGreaterThan(inkRight, -18 - 6, "the last digit ends near the box's right edge")
        // Digits sit on the baseline, 9.344 pt = 28.03 px above the tile's bottom.
        XCTAssertEqual(Double(inkBottom), -28.03, accuracy: 1)
        // The shadow reaches past the ink, at most 0.4.
        XCTAssertLessThanOrEqual(label.shadow.max() ?? 1, 0.4)
        XCTAssertGreaterThan(label.shadow.max() ?? 0, 0.1)
    }

    /// A level whose tiles would be under 8 pixels at the frame's size is refused, naming the levels.
    func testATileUnderEightPixelsIsRefused() throws {
        let scenario = try Self.parse(#"{"scene": "gallery", "duration": 1, "fill": {"count": 3}, "levels": [3, 20]}"#)
        XCTAssertThrowsError(try GalleryFrames(scenario, file: "g.json", size: try FrameSize(width: 160, height: 300), reuse: ReuseStore(.off))) {
            XCTAssertEqual("\($0)", "g.json: levels: 20 columns make 7 px tiles at 160x300, under the 8 px a tile must have")
        }
    }
}
