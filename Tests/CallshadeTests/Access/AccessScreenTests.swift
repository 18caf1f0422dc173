@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeJSON
import CallshadeText
import XCTest

/// The access screen (`drawing.md` section 7): its kind read from a file,
/// the sparkle's loop (seamless, on the ease-out curve, plain off the
/// button) and the sheen node's tiles.
final class AccessScreenTests: XCTestCase {
    static let size = try! FrameSize(width: 390, height: 844)

    static func screen(size: FrameSize = size) throws -> AccessScreen {
        let layout = AccessLayout(size: size)
        let text = try TextSetter(scale: layout.scale, texts: AccessKind.elements.texts(for: AccessScenario(settings: ScenarioSettings(duration: 1))))
        return AccessScreen(size: size, text: text)
    }

    func testTheKindIsReadAndTakesNoKeysOfItsOwn() throws {
        let parsed = try ScenarioFile.parseAny(Array(#"{"scene": "access", "duration": 4.8, "fps": 30}"#.utf8), file: "a.json", folder: "/")
        let access = try XCTUnwrap(parsed as? AccessScenario)
        XCTAssertEqual(access.duration, 4.8)
        XCTAssertEqual(access.fps, 30)
        XCTAssertThrowsError(try ScenarioFile.parseAny(Array(#"{"scene": "access", "duration": 1, "title": "x"}"#.utf8), file: "a.json", folder: "/")) {
            XCTAssertTrue("\($0)".contains("title"), "an unknown key is refused by name: \($0)")
        }
    }

    func testTheLoopIsSeamlessFrameZeroIsFrameOfOnePeriod() throws {
        let screen = try Self.screen()
        for fps in [24, 30, 60] {
            let period = Double(Int((AccessSparkle.period * Double(fps)).rounded())) / Double(fps)
            let first = try ReferenceRenderer().render(screen.scene(at: 0))
            XCTAssertEqual(try ReferenceRenderer().render(screen.scene(at: period)), first, "frame 0 and frame 2.4 s x \(fps)")
        }
        // Any instant and the same instant a period later put the band at the same place.
        let sparkle = AccessSparkle(layout: screen.layout)
        for time in stride(from: 0.0, to: 2.4, by: 0.05) {
            XCTAssertEqual(sparkle.bandCentre(at: time), sparkle.bandCentre(at: time + 2.4), accuracy: 1e-6)
            XCTAssertEqual(sparkle.bandCentre(at: time), sparkle.bandCentre(at: time + 24), accuracy: 1e-6)
        }
    }

    func testTheBandCrossesTheStripOnTheEaseOutCurve() throws {
        let sparkle = AccessSparkle(layout: AccessLayout(size: Self.size))
        XCTAssertEqual(sparkle.stripLeft, (390 - 248) / 2 - 3 * 248, accuracy: 1e-9)
        XCTAssertEqual(sparkle.bandCentre(at: 0), sparkle.stripLeft, accuracy: 1e-9)
        // cubic-bezier(0, 0, 0.58, 1) at half its time is well past half its way, and it only moves on.
        let halfway = (sparkle.bandCentre(at: 1.2) - sparkle.stripLeft) / sparkle.stripWidth
        XCTAssertEqual(halfway, CubicBezierEasing(0, 0, 0.58, 1).value(0.5), accuracy: 1e-12)
        XCTAssertGreaterThan(halfway, 0.68)
        var last = -Double.infinity
        for time in stride(from: 0.0, to: 2.4, by: 0.01) {
            let centre = sparkle.bandCentre(at: time)
            XCTAssertGreaterThanOrEqual(centre, last)
            last = centre
        }
        // The spec's "about 0.69 s to 0.96 s" at 248 pt: the band's centre crosses the button's edges then.
        let button = sparkle.layout.button
        XCTAssertEqual(sparkle.bandCentre(at: 0.69), button.x, accuracy: 2)
        XCTAssertEqual(sparkle.bandCentre(at: 0.96), button.x + button.width, accuracy: 2)
        // It shows from its edge's reaching the button (the centre 35 pt before it) to its leaving it.
        let over = stride(from: 0.0, to: 2.4, by: 0.01).filter { sparkle.node(at: $0) != nil }
        XCTAssertEqual(sparkle.bandCentre(at: try XCTUnwrap(over.first)), button.x - 35, accuracy: 10)
        XCTAssertEqual(sparkle.bandCentre(at: try XCTUnwrap(over.last)), button.x + button.width + 35, accuracy: 10)
        XCTAssertEqual(over.count, Int(((try XCTUnwrap(over.last)) - (try XCTUnwrap(over.first))) / 0.01 + 1.5), "one stretch a loop")
    }

    func testTheButtonIsPlainWhileTheBandIsOffIt() throws {
        let screen = try Self.screen()
        for time in [0, 0.5, 1.2, 2.0, 2.4, 3.6] {
            XCTAssertNil(screen.scene(at: time).node(SheenNode.self), "\(time) s")
        }
        XCTAssertNotNil(screen.scene(at: 0.82).node(SheenNode.self))
        XCTAssertEqual(try ReferenceRenderer().render(screen.scene(at: 0)), try ReferenceRenderer().render(screen.scene(at: 1.2)))
    }

    /// Every pixel a sheen changes lies in one of its edge tiles, and its opacity follows the tent and the ring.
    func testTheSheensTilesHoldEveryPixelItChanges() throws {
        let layout = AccessLayout(size: try FrameSize(width: 300, height: 200))
        let shape = RoundedRectangle(x: 20.3, y: 50.6, width: 190.2, height: 38.5, cornerRadius: 9.2)
        for centre in [-10.0, 20.0, 61.7, 150.2, 205.0, 240.0] {
            let node = SheenNode(shape: shape, ringWidth: 1.77, bandCentre: centre, bandHalfWidth: 27, fillAlpha: 0.2, ringAlpha: 0.75)
            let size = layout.size
            let region = node.bounds(in: size).aligned8(within: size)
            let tiles = region.isEmpty ? [] : node.tileCoverage(in: region)
            let columns = (region.width + 7) / 8
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let alpha = node.alpha(at: Vec2(Double(x) + 0.5, Double(y) + 0.5))
                    guard alpha > 0 else { continue }
                    XCTAssertTrue(region.contains(x: x, y: y), "(\(x), \(y)) outside the sheen's region at centre \(centre)")
                    guard region.contains(x: x, y: y) else { return }
                    let tile = tiles[(y - region.y) / 8 * columns + (x - region.x) / 8]
                    XCTAssertEqual(tile, .edge, "(\(x), \(y)) at centre \(centre)")
                    XCTAssertLessThanOrEqual(alpha, 1 - (1 - 0.2) * (1 - 0.75) + 1e-12)
                }
            }
        }
        // Deep inside, the fill's tent; in the ring, the two layers combined.
        let node = SheenNode(shape: shape, ringWidth: 2, bandCentre: 100, bandHalfWidth: 20, fillAlpha: 0.2, ringAlpha: 0.75)
        XCTAssertEqual(node.alpha(at: Vec2(110, 70)), 0.2 * 0.5, accuracy: 1e-12)
        XCTAssertEqual(node.alpha(at: Vec2(100, 51.6)), 1 - 0.8 * 0.25, accuracy: 1e-12)
        XCTAssertEqual(node.alpha(at: Vec2(100, 45)), 0)
        XCTAssertEqual(node.alpha(at: Vec2(121, 70)), 0)
    }
}
