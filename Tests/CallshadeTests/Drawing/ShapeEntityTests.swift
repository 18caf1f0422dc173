@testable import CallshadeCore
@testable import CallshadeKinds
import CallshadeJSON
import Foundation
import XCTest

/// The drawing's shape entities (`drawing.md` sections 5 and 6): read from
/// a file, moved by their keys on springs, popping in, and every bad input
/// refused naming the entity's index and the field.
final class ShapeEntityTests: XCTestCase {
    static func json(_ entities: String) -> String {
        ##"{"scene": "drawing", "duration": 4, "canvas": {"size": "400x600"}, "entities": [\##(entities)]}"##
    }

    static let star = ##"{"shape": "star", "color": "#FFCC00", "w": 100, "h": 100, "keys": [{"at": 0.5, "x": 200, "y": 300}]}"##

    func parse(_ json: String) throws -> DrawingScenario {
        let parsed = try ScenarioFile.parseAny(Array(json.utf8), file: "d.json", folder: "/nonexistent")
        return try XCTUnwrap(parsed as? DrawingScenario)
    }

    func assertRefused(_ entity: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try parse(Self.json(entity)), file: file, line: line) { error in
            XCTAssertEqual("\(error)", "d.json: " + expected, file: file, line: line)
        }
    }

    func testShapesAreReadWithTheirDefaults() throws {
        let arrow = ##"{"shape": "arrow", "color": "#D93025", "width": 12, "w": 300, "h": 10, "fill": false, "keys": [{"at": 0, "x": 1, "y": 2, "scale": 2, "rotation": -45}, {"at": 1, "x": 3, "y": 4}]}"##
        let scenario = try parse(Self.json(Self.star + ", " + arrow))
        XCTAssertEqual(scenario.entities.map(\.kind), [.star, .arrow])
        XCTAssertTrue(scenario.entities[0].fill, "a shape is filled unless it says otherwise")
        XCTAssertEqual(scenario.entities[0].keys, [EntityKey(at: 0.5, x: 200, y: 300)])
        XCTAssertEqual(scenario.entities[1].keys, [EntityKey(at: 0, x: 1, y: 2, scale: 2, rotation: -45), EntityKey(at: 1, x: 3, y: 4)])
        XCTAssertEqual(scenario.entities[1].width, 12)
        XCTAssertEqual(try parse(##"{"scene": "drawing", "duration": 1}"##).entities, [])
    }

    func testEveryBadEntityIsRefusedNamingItsIndexAndField() {
        let keys = ##""keys": [{"at": 0, "x": 1, "y": 2}]"##
        let cases: [(String, String)] = [
            (##"{"shape": "hexagon", "color": "#000000", "w": 10, "h": 10, \##(keys)}"##,
             "entities[0].shape: unknown shape; valid shapes: rectangle, ellipse, star, bubble, arrow (got \"hexagon\")"),
            (##"{"color": "#000000", "w": 10, "h": 10, \##(keys)}"##, "entities[0].shape: missing; give one of rectangle, ellipse, star, bubble, arrow"),
            (##"{"shape": "star", "color": "gold", "w": 10, "h": 10, \##(keys)}"##, "entities[0].color: must be #RRGGBB or #RRGGBBAA (got \"gold\")"),
            (##"{"shape": "star", "color": "#000000", "w": -1, "h": 10, \##(keys)}"##, "entities[0].w: must be above 0 and at most 16384 canvas px (got -1)"),
            (##"{"shape": "star", "color": "#000000", "w": 10, "h": 20000, \##(keys)}"##, "entities[0].h: must be above 0 and at most 16384 canvas px (got 20000)"),
            (##"{"shape": "star", "color": "#000000", "w": 10, "h": 10, "width": -2, \##(keys)}"##,
             "entities[0].width: must be between 0 and 16384 canvas px (got -2)"),
            (##"{"shape": "star", "color": "#000000", "w": 10, "h": 10, "fill": false, \##(keys)}"##,
             "entities[0].width: a stroked shape needs a width above 0 (got 0)"),
            (##"{"shape": "arrow", "color": "#000000", "w": 10, "h": 10, \##(keys)}"##, "entities[0].width: an arrow needs a width above 0 (got 0)"),
            (##"{"shape": "star", "color": "#000000", "w": 10, "h": 10, "spin": 3, \##(keys)}"##,
             "entities[0].spin: unknown key; a shape has shape, fill, color, width, w, h, keys"),
            (##"{"shape": "star", "color": "#000000", "w": 10, "h": 10, "keys": []}"##, "entities[0].keys: is empty; an entity has at least one key (got [])"),
            (##"{"shape": "star", "color": "#000000", "w": 10, "h": 10, "keys": [{"at": 1, "x": 1, "y": 2}, {"at": 0.5, "x": 1, "y": 2}]}"##,
             "entities[0].keys[1].at: must come after the key before, at 1 s (got 0.5)"),
            (##"{"shape": "star", "color": "#000000", "w": 10, "h": 10, "keys": [{"at": 1, "x": 1, "y": 2}, {"at": 1, "x": 1, "y": 2}]}"##,
             "entities[0].keys[1].at: must come after the key before, at 1 s (got 1)"),
            (##"{"shape": "star", "color": "#000000", "w": 10, "h": 10, "keys": [{"at": 0, "x": 1, "y": 2, "scale": 0}]}"##,
             "entities[0].keys[0].scale: must be above 0 and at most 100 (got 0)"),
            (##"{"shape": "star", "color": "#000000", "w": 10, "h": 10, "keys": [{"at": 0, "x": 1, "y": 2, "scale": -3}]}"##,
             "entities[0].keys[0].scale: must be above 0 and at most 100 (got -3)"),
            (##"{"shape": "star", "color": "#000000", "w": 10, "h": 10, "keys": [{"at": 0, "x": 1, "y": 2, "scale": 1e999}]}"##,
             "entities[0].keys[0].scale: must be a finite number"),
            (##"{"shape": "star", "color": "#000000", "w": 10, "h": 10, "keys": [{"at": 0, "x": 1, "y": 2, "rotation": 36000.5}]}"##,
             "entities[0].keys[0].rotation: must be within 36000 degrees either way (got 36000.5)"),
            (##"{"shape": "star", "color": "#000000", "w": 10, "h": 10, "keys": [{"at": 0, "x": 1, "y": 2, "rotation": -40000}]}"##,
             "entities[0].keys[0].rotation: must be within 36000 degrees either way (got -40000)"),
            (##"{"shape": "star", "color": "#000000", "w": 10, "h": 10, "keys": [{"at": 0, "y": 2}]}"##, "entities[0].keys[0].x: missing"),
            (##"{"shape": "star", "color": "#000000", "w": 10, "h": 10, "keys": [{"at": 0, "x": 2e6, "y": 2}]}"##,
             "entities[0].keys[0].x: must lie within 1000000 canvas px of the origin (got 2000000)"),
            (##"{"shape": "star", "color": "#000000", "w": 10, "h": 10, "keys": [{"at": 0, "x": 1, "y": 2, "zoom": 2}]}"##,
             "entities[0].keys[0].zoom: unknown key; a key has at, x, y, scale, rotation"),
            (##"{"text": "hi", "style": "framed", "color": "#000000", \##(keys)}"##,
             "entities[0].size: missing; give the size slider, 0 to 1"),
            (##""star""##, "entities[0]: an entity must be an object such as {\"shape\": \"star\", \"w\": 200, \"h\": 200, \"color\": \"#FFCC00\", "
             + "\"keys\": [{\"at\": 0, \"x\": 540, \"y\": 960}]} (got a string)"),
        ]
        for (entity, expected) in cases { assertRefused(entity, expected) }
    }

    /// Between two keys each value is on the standard spring lasting the gap; the pop-in is the bouncy spring of 0.3 s.
    func testAnEntityMovesOnSpringsAndPopsIn() throws {
        let keys = [EntityKey(at: 1, x: 100, y: 200, scale: 1, rotation: 0), EntityKey(at: 3, x: 300, y: 100, scale: 2, rotation: 90)]
        XCTAssertNil(EntityMotion.pose(keys, at: 0.99))
        let start = try XCTUnwrap(EntityMotion.pose(keys, at: 1))
        XCTAssertEqual(start.scale, 0.5, accuracy: 1e-12, "it pops in from half its size")
        XCTAssertEqual(start.alpha, 0, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(EntityMotion.pose(keys, at: 1.3)).alpha, 1, accuracy: 1e-12)
        // Halfway through the gap: the closed form of the standard spring, normalised to end at the next key.
        let omega = (1000.0 / 3).squareRoot(), zeta = 500 / (2 * (1000.0 * 3).squareRoot())
        let root = (zeta * zeta - 1).squareRoot(), slow = -omega * (zeta - root), fast = -omega * (zeta + root)
        func x(_ t: Double) -> Double { 1 - (fast * exp(slow * t) - slow * exp(fast * t)) / (fast - slow) }
        let progress = x(0.25) / x(0.5)
        let middle = try XCTUnwrap(EntityMotion.pose(keys, at: 2))
        XCTAssertEqual(middle.centre.x, 100 + 200 * progress, accuracy: 1e-9)
        XCTAssertEqual(middle.centre.y, 200 - 100 * progress, accuracy: 1e-9)
        XCTAssertEqual(middle.rotation, 90 * progress * Double.pi / 180, accuracy: 1e-12)
        XCTAssertEqual(middle.scale, 1 + progress, accuracy: 1e-9)
        let end = try XCTUnwrap(EntityMotion.pose(keys, at: 3))
        XCTAssertEqual(end.centre, Vec2(300, 100))
        XCTAssertEqual(try XCTUnwrap(EntityMotion.pose(keys, at: 50)).rotation, Double.pi / 2, accuracy: 1e-12)
    }

    /// The node's tiles hold every pixel it changes, and its coverage is sampled where the shape lies turned and scaled.
    func testTheShapesTilesHoldEveryPixelTheyChange() throws {
        let size = try FrameSize(width: 240, height: 200)
        let canvas = DrawingCanvas(size: size)
        let placement = CanvasPlacement(canvas: size, frame: size)
        for kind in ShapeEntity.Kind.allCases {
            for fill in [true, false] {
                let entity = ShapeEntity(kind: kind, fill: fill, colour: StrokeColour(color: .black, alpha: 1), width: 6, w: 90, h: 60,
                                         keys: [EntityKey(at: 0, x: 117.3, y: 96.6, scale: 1.3, rotation: 33)])
                let shape = try XCTUnwrap(entity.placed(at: 1, canvas: canvas, placement: placement))
                let node = ShapesNode(shapes: [shape])
                let region = node.bounds(in: size).aligned8(within: size)
                let tiles = node.tileCoverage(in: region)
                let columns = (region.width + 7) / 8
                var drawn = 0
                for y in 0..<size.height {
                    for x in 0..<size.width where shape.signedDistance(Vec2(Double(x) + 0.5, Double(y) + 0.5)) < 0.5 {
                        drawn += 1
                        guard region.contains(x: x, y: y) else { return XCTFail("\(kind) (\(x), \(y)) outside its region") }
                        XCTAssertEqual(tiles[(y - region.y) / 8 * columns + (x - region.x) / 8], .edge, "\(kind) (\(x), \(y))")
                    }
                }
                XCTAssertGreaterThan(drawn, 100, "\(kind) fill \(fill)")
            }
        }
    }
}
