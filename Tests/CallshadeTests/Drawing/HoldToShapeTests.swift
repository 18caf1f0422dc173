@testable import CallshadeCore
@testable import CallshadeKinds
import XCTest

/// Shape on hold's rules 1 to 3 (`drawing-tools.md`) against the spec's worked
/// example: a rectangle drawn and held is found held at sample 4 at 2.25 s
/// and scores rectangle 0.9318, circle 0.8683, arrow 0.4439, star 0.3299;
/// released at 2.2 instead, it is not held.
final class HoldToShapeTests: XCTestCase {
    /// 1 pt on a 1080-wide canvas: 1080 / 390 px.
    static let point = 1080.0 / 390
    static let held = [(200.0, 200.0, 0.0), (600, 200, 0.4), (600, 500, 0.7), (200, 500, 1.1), (200, 200, 1.4), (200, 205, 1.9), (202, 200, 2.3)]
        .map { StrokeSample(x: $0.0, y: $0.1, time: $0.2) }

    func testTheWorkedExample() throws {
        let hold = try XCTUnwrap(HoldToShape.hold(Self.held, pointPixels: Self.point))
        XCTAssertEqual(hold.sample, 4)
        XCTAssertEqual(hold.at, 2.25, accuracy: 1e-12)
        let scores = HoldToShape.recogniser.scores(Self.held[...4].map(\.position))
        XCTAssertEqual(scores.map(\.name), ["rectangle", "circle", "star", "arrow"])
        for (name, want) in [("rectangle", 0.9318), ("circle", 0.8683), ("arrow", 0.4439), ("star", 0.3299)] {
            XCTAssertEqual(try XCTUnwrap(scores.first { $0.name == name }).score, want, accuracy: 0.00005, name)
        }
        let conversion = try XCTUnwrap(HoldToShape.conversion(Self.held, pointPixels: Self.point))
        XCTAssertEqual(conversion.match.name, "rectangle")
    }

    func testReleasedBeforeTheHoldEndsIsNotHeld() {
        var released = Self.held
        released[6].time = 2.2
        XCTAssertNil(HoldToShape.hold(released, pointPixels: Self.point))
        XCTAssertNil(HoldToShape.conversion(released, pointPixels: Self.point))
    }

    /// A finger that strays past 10 pt while held is not still; a stroke with no extent is not recognised.
    func testStrayingOrNoExtentDoesNotConvert() {
        var strayed = Self.held
        strayed[5].position = Vec2(200, 200 + 10.5 * Self.point)
        XCTAssertNil(HoldToShape.hold(strayed, pointPixels: Self.point))
        let dot = [StrokeSample(x: 5, y: 5, time: 0), StrokeSample(x: 5, y: 5, time: 1)]
        XCTAssertNotNil(HoldToShape.hold(dot, pointPixels: Self.point))
        XCTAssertNil(HoldToShape.conversion(dot, pointPixels: Self.point), "a side of 0: not recognised")
        XCTAssertEqual(HoldToShape.recogniser.templates.count, 8, "four templates, each also reversed")
    }

    /// Each template recognises itself, drawn anywhere at any size, and a circle is not a star.
    func testEachTemplateRecognisesItsOwnShape() throws {
        func square(_ points: [Vec2]) -> [Vec2] { points.map { $0 * 1.7 + Vec2(500, 800) } }
        let circle = (0...40).map { k -> Vec2 in
            let angle = Double(k) / 40 * 2 * Double.pi
            return Vec2(100 * cos(angle), 100 * sin(angle))
        }
        XCTAssertEqual(HoldToShape.recogniser.recognise(square(circle), threshold: 0.5)?.name, "circle")
        let star = (0...5).map { k -> Vec2 in
            let angle = (-90 + 144 * Double(k)) * Double.pi / 180
            return Vec2(90 * cos(angle), 110 * sin(angle))
        }
        XCTAssertEqual(HoldToShape.recogniser.recognise(square(star), threshold: 0.5)?.name, "star")
        let arrow = [Vec2(0, 0), Vec2(300, 10), Vec2(250, -40), Vec2(300, 10), Vec2(255, 55)]
        XCTAssertEqual(HoldToShape.recogniser.recognise(arrow, threshold: 0.5)?.name, "arrow")
    }

    /// Rule 4 on the worked example: a 400x300 rectangle centred (400, 350), stroked at the pen's 33.869 (corner radius 0.05 x 300 = 15),
    /// keyed at the hold's 2.25 s; an arrow runs from the first sample to the farthest, turned to its angle.
    func testTheShapeARecognisedStrokeBecomes() throws {
        let colour = StrokeColour(color: RGB(0.1, 0.2, 0.3), alpha: 0.8)
        let rectangle = try XCTUnwrap(HoldToShape.shape("rectangle", samples: Array(Self.held[...4]), width: 33.869, colour: colour, at: 2.25))
        XCTAssertEqual([rectangle.w, rectangle.h, rectangle.width], [400, 300, 33.869])
        XCTAssertEqual(rectangle.keys, [EntityKey(at: 2.25, x: 400, y: 350)])
        XCTAssertFalse(rectangle.fill)
        XCTAssertEqual(rectangle.colour, colour)
        XCTAssertEqual(HoldToShape.shape("circle", samples: Array(Self.held[...4]), width: 2, colour: colour, at: 2.25)?.kind, .ellipse)
        let arrow = try XCTUnwrap(HoldToShape.shape("arrow", samples: [(0.0, 0.0), (100, 100), (60, 40)].map { StrokeSample(x: $0.0, y: $0.1, time: 0) },
                                                    width: 5, colour: colour, at: 1))
        XCTAssertEqual(arrow.w, 100 * 2.0.squareRoot(), accuracy: 1e-9)
        XCTAssertEqual(arrow.keys[0].rotation, 45, accuracy: 1e-9, "clockwise on screen, y down")
        XCTAssertEqual([arrow.keys[0].x, arrow.keys[0].y], [50, 50])
    }
}
