@testable import CallshadeCore
@testable import CallshadeGL
@testable import CallshadeKinds
import CallshadeText
import XCTest

/// The viewer (`gallery.md` section 0): the spec's worked example of R(p),
/// its progress through an open and a close (one begun while it opens runs
/// back from where it was), what it refuses and ignores while it is up, the
/// opened tile left clear, and the mip chain and the level of detail it is sampled by.
final class GalleryViewerTests: XCTestCase {
    static let openAndClose = #"""
    {"scene": "gallery", "duration": 4, "fill": {"count": 1000}, "level": 3,
     "events": [{"at": 1, "open": 4}, {"at": 1.5, "tap": {"x": 20, "y": 300}}, {"at": 2, "close": true}]}
    """#

    /// Section 6: item 4 (391, 664, 388, 388) at level 3, a 3:4 picture: R1 = (0, 486, 1170, 1560), and at 0.15 s R = (195.5, 575, 779, 974).
    func testTheWorkedExample() throws {
        let scenario = try GalleryTests.parse(Self.openAndClose)
        let timeline = try GalleryTimeline(scenario, size: .phone)
        let viewer = try XCTUnwrap(timeline.viewer(at: 1.15))
        XCTAssertEqual(viewer.tile, Box(x: 391, y: 664, width: 388, height: 388))
        XCTAssertEqual(viewer.progress, 0.5, accuracy: 1e-9)
        let picture = GalleryViewerPicture(item: 4, items: .fill(try XCTUnwrap(scenario.fill)), size: .phone)
        XCTAssertEqual(picture.fitted, Box(x: 0, y: 486, width: 1170, height: 1560))
        let shown = viewer.tile.lerp(to: picture.fitted, viewer.progress)
        Self.assertRect([shown.x, shown.y, shown.width, shown.height], [195.5, 575, 779, 974])
        // Aspect-filled: the wider ratio (779 / 1170 against 974 / 1560), centred.
        let place = picture.placement(in: shown)
        XCTAssertEqual(place.scale, 779.0 / 1170, accuracy: 1e-12)
        XCTAssertEqual(place.origin.x, 195.5, accuracy: 1e-9)
        XCTAssertEqual(place.origin.y, 575 + (974 - 1560 * 779.0 / 1170) / 2, accuracy: 1e-9)
    }

    func testItOpensClosesAndIgnoresTapsWhileUp() throws {
        let timeline = try GalleryTimeline(try GalleryTests.parse(Self.openAndClose), size: .phone)
        XCTAssertNil(timeline.viewer(at: 0.99))
        XCTAssertEqual(timeline.viewer(at: 1)?.progress, 0)
        XCTAssertEqual(timeline.viewer(at: 1.6)?.progress, 1)
        XCTAssertEqual(timeline.viewer(at: 2.15)?.progress ?? -1, 0.5, accuracy: 1e-9)
        XCTAssertNil(timeline.viewer(at: 2.3), "gone when its close ends")
        XCTAssertEqual(timeline.outcomes.map(\.text), ["open: opens item 4 by 1.3 s", "tap: ignored while the viewer is up",
                                                       "close: item 4's viewer closes by 2.3 s"])
        XCTAssertEqual(timeline.outcomes[0].until, 2.3, accuracy: 1e-9, "its band runs to the close's end")
    }

    /// A close while it opens runs back from its progress then: no jump.
    func testACloseWhileItOpensRunsBackFromWhereItWas() throws {
        let timeline = try GalleryTimeline(try GalleryTests.parse(#"""
            {"scene": "gallery", "duration": 3, "fill": {"count": 100}, "events": [{"at": 1, "open": 0}, {"at": 1.1, "close": true}]}
            """#), size: .phone)
        let before = try XCTUnwrap(timeline.viewer(at: 1.1 - 1e-9)).progress, after = try XCTUnwrap(timeline.viewer(at: 1.1)).progress
        XCTAssertEqual(before, after, accuracy: 1e-6)
        XCTAssertGreaterThan(after, 0.1)
        XCTAssertLessThan(try XCTUnwrap(timeline.viewer(at: 1.25)).progress, after)
        XCTAssertNil(timeline.viewer(at: 1.41))
    }

    func testWhatCannotHappenWhileItIsUpIsRefusedByName() throws {
        func refusal(_ events: String) -> String {
            do {
                let scenario = try GalleryTests.parse(#"{"scene": "gallery", "duration": 5, "fill": {"count": 1000}, "events": ["# + events + "]}")
                _ = try GalleryTimeline(scenario, size: .phone, file: "g.json")
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(refusal(#"{"at": 1, "open": 2}, {"at": 2, "scroll": {"fling": 100}}"#),
                       "g.json: events[1].scroll: starts while the viewer that events[0] opened on item 2 is up (never closed)")
        XCTAssertEqual(refusal(#"{"at": 1, "open": 2}, {"at": 2, "close": true}, {"at": 2.1, "pinch": {"x": 9, "y": 300, "scale": 2, "duration": 1}}"#),
                       "g.json: events[2].pinch: starts while the viewer that events[0] opened on item 2 is up (to 2.3 s)")
        XCTAssertEqual(refusal(#"{"at": 1, "open": 2}, {"at": 2, "open": 3}"#),
                       "g.json: events[1].open: starts while the viewer that events[0] opened on item 2 is up (never closed)")
        XCTAssertEqual(refusal(#"{"at": 1, "open": 2}, {"at": 2, "close": true}, {"at": 2.1, "close": true}"#),
                       "g.json: events[2].close: the viewer is already closing (from 2 s)")
        XCTAssertEqual(refusal(#"{"at": 1, "close": true}"#), "g.json: events[0].close: no viewer is open at 1 s")
        XCTAssertTrue(refusal(#"{"at": 1, "open": 900}"#).hasPrefix("g.json: events[0].open: item 900's tile is off the screen at 1 s (the screen holds items 0 to "))
        // Once its close has ended, the grid takes events again.
        XCTAssertEqual(refusal(#"{"at": 1, "open": 2}, {"at": 2, "close": true}, {"at": 2.3, "scroll": {"fling": 100}}"#), "accepted")
    }

    /// While the viewer shows, the opened tile is left clear in the grid's picture (the background shows); without the viewer layer it is drawn.
    func testTheOpenedTileShowsTheBackground() throws {
        let scenario = try GalleryTests.parse(Self.openAndClose)
        let size = try FrameSize(width: 390, height: 844)
        let text = try TextSetter(scale: 1, texts: GalleryKind.elements.texts(for: scenario))
        func grid(_ showing: Set<SceneTag>, at time: Double) throws -> PremultipliedPicture {
            let screen = try GalleryScreen(scenario, size: size, text: text, showing: showing)
            return try XCTUnwrap(screen.scene(at: time).node(MappedPictureNode.self)).picture
        }
        // Item 4's tile: column 1 of row 1 (x 130, 130 px down the picture of held rows from row 0).
        func alpha(_ picture: PremultipliedPicture) -> UInt8 { picture.texels[((130 + 60) * picture.width + 130 + 60) * 4 + 3] }
        XCTAssertEqual(alpha(try grid([.tiles, .viewer], at: 1.5)), 0)
        XCTAssertEqual(alpha(try grid([.tiles], at: 1.5)), 255)
        XCTAssertEqual(alpha(try grid([.tiles, .viewer], at: 2.3)), 255, "back once the close ends")
        let scene = try GalleryScreen(scenario, size: size, text: text).scene(at: 1.15)
        let node = try XCTUnwrap(scene.node(MipmappedPictureNode.self))
        Self.assertRect([node.clip.left, node.clip.top, node.clip.right, node.clip.bottom], [65, 191.5, 65 + 259.5, 191.5 + 324.5])
    }

    static func assertRect(_ got: [Double], _ want: [Double], file: StaticString = #filePath, line: UInt = #line) {
        for (a, b) in zip(got, want) { XCTAssertEqual(a, b, accuracy: 1e-9, "\(got) against \(want)", file: file, line: line) }
    }

    /// Each level ceil-halved to 1x1, each texel the rounded mean of the 2x2 block's texels that exist.
    func testTheMipChainHalvesByBoxes() throws {
        let texels: [UInt8] = [10, 0, 0, 255, 20, 0, 0, 255, 31, 0, 0, 255,
                               40, 0, 0, 255, 50, 0, 0, 255, 60, 0, 0, 255,
                               70, 0, 0, 255, 80, 0, 0, 255, 90, 0, 0, 255]
        let chain = PictureMipChain(try XCTUnwrap(PremultipliedPicture(width: 3, height: 3, texels: texels)))
        XCTAssertEqual(chain.levels.map { [$0.width, $0.height] }, [[3, 3], [2, 2], [1, 1]])
        XCTAssertEqual(stride(from: 0, to: 16, by: 4).map { chain.levels[1].texels[$0] }, [30, 46, 75, 90], "(10+20+40+50)/4, (31+60)/2 rounded up, (70+80)/2, 90")
        XCTAssertEqual(chain.levels[2].texels[0], 60, "(30+46+75+90)/4 = 60.25")
        XCTAssertTrue(chain.opaque)
        XCTAssertEqual(PictureMipChain(try XCTUnwrap(PremultipliedPicture(width: 1170, height: 1560, texels: [UInt8](repeating: 9, count: 1170 * 1560 * 4))))
            .levels.map { [$0.width, $0.height] }.last ?? [], [1, 1])
    }

    /// λ = -log2(scale) picks the two levels around it; an enlarged picture reads level 0 alone.
    func testTheLevelOfDetail() throws {
        let chain = PictureMipChain(try XCTUnwrap(PremultipliedPicture(width: 64, height: 64, texels: [UInt8](repeating: 255, count: 64 * 64 * 4))))
        func detail(_ scale: Double) -> MipmappedPictureNode.Detail {
            MipmappedPictureNode(chain: chain, origin: Vec2(0, 0), scale: scale, clip: .init(x: 0, y: 0, width: 10, height: 10)).detail
        }
        XCTAssertEqual(detail(0.3).finer, 1)
        XCTAssertEqual(detail(0.3).coarser, 2)
        XCTAssertEqual(detail(0.3).weight, -log2(0.3) - 1, accuracy: 1e-12)
        XCTAssertEqual(detail(2), .init(finer: 0, coarser: 1, weight: 0))
        XCTAssertEqual(detail(1e-6), .init(finer: 6, coarser: 6, weight: 0), "past the last level, the last")
    }
}
