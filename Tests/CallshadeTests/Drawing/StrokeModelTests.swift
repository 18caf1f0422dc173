@testable import CallshadeCore
@testable import CallshadeKinds
import XCTest

final class StrokeModelTests: XCTestCase {
    private let black = StrokeColour(color: .black, alpha: 1)

    private func pen(_ points: [[Double]], size: Double = 0.5, zoom: Double = 1, arrow: Bool = false) throws -> Stroke {
        try Stroke(index: 0, tool: .pen, colour: black, size: size, zoom: zoom, arrow: arrow,
                   samples: points.map { StrokeSample(x: $0[0], y: $0[1], time: $0[2]) })
    }

    /// The spec's example: a 1920 px canvas at size 0.23 gives W about 33.9 px and Wmin about 9.8 px.
    func testTheWidthRangeOfTheSpecsExample() {
        let range = PenWidthRange(longerSide: 1920, size: 0.23)
        XCTAssertEqual(range.width, 33.9, accuracy: 0.05)
        XCTAssertEqual(range.liveMinimum, 9.8, accuracy: 0.05)
        // The floors: a tiny canvas still has a 1..10 px range.
        XCTAssertEqual(PenWidthRange(longerSide: 100, size: 1).width, 10)
        XCTAssertEqual(PenWidthRange(longerSide: 100, size: 0).width, 1)
    }

    /// Colours are #RRGGBB or #RRGGBBAA and nothing else.
    func testColours() {
        XCTAssertEqual(StrokeColour(hex: "#FF000080"), StrokeColour(color: RGB(1, 0, 0), alpha: 128.0 / 255))
        XCTAssertEqual(StrokeColour(hex: "#00ff00"), StrokeColour(color: RGB(0, 1, 0), alpha: 1))
        for bad in ["FF0000", "#FF00", "#FF00000", "#GG0000", "#FF0000800", "", "#"] { XCTAssertNil(StrokeColour(hex: bad), bad) }
    }

    /// Bad input is refused naming the stroke and the field.
    func testBadInputNamesTheStrokeAndField() {
        func refusal(_ make: () throws -> Stroke) -> String {
            do {
                _ = try make()
                return "accepted"
            } catch { return "\(error)" }
        }
        let point = StrokeSample(x: 1, y: 2, time: 0)
        XCTAssertEqual(refusal { try Stroke(index: 3, tool: .pen, colour: self.black, size: 1.5, samples: [point]) },
                       "strokes[3].size: is 1.5; a size is a number in 0...1")
        XCTAssertTrue(refusal { try Stroke(index: 4, tool: .pen, colour: self.black, size: .nan, samples: [point]) }.hasPrefix("strokes[4].size"))
        XCTAssertTrue(refusal { try Stroke(index: 5, tool: .pen, colour: self.black, size: 0.5, samples: []) }.hasPrefix("strokes[5].points"))
        XCTAssertTrue(refusal {
            try Stroke(index: 6, tool: .pen, colour: self.black, size: 0.5, samples: [point, StrokeSample(x: .infinity, y: 0, time: 1)])
        }.hasPrefix("strokes[6].points[1]: is not finite"))
        XCTAssertTrue(refusal {
            try Stroke(index: 7, tool: .pen, colour: self.black, size: 0.5, samples: [StrokeSample(x: 0, y: 0, time: 2), point])
        }.hasPrefix("strokes[7].points[1]: goes back in time"))
        XCTAssertTrue(refusal { try Stroke(index: 8, tool: .marker, colour: self.black, size: 0.5, arrow: true, samples: [point]) }
            .hasPrefix("strokes[8].arrow"))
        XCTAssertTrue(refusal { try Stroke(index: 9, tool: .pen, colour: self.black, size: 0.5, zoom: 0, samples: [point]) }
            .hasPrefix("strokes[9].zoom"))
        // The session's limits.
        let stroke = try! pen([[0, 0, 0]])
        XCTAssertNoThrow(try StrokeLimits.check(Array(repeating: stroke, count: DrawingLimits.strokes)))
        XCTAssertThrowsError(try StrokeLimits.check(Array(repeating: stroke, count: DrawingLimits.strokes + 1)))
    }

    /// At T: the samples with t <= T and the last segment cut at T; nothing before the first.
    func testTheStrokeAsDrawnAtAnInstant() throws {
        let stroke = try pen([[0, 0, 1], [10, 0, 2], [10, 20, 3]])
        XCTAssertEqual(stroke.samples(drawnBy: 0.5), [])
        XCTAssertEqual(stroke.samples(drawnBy: 1), [StrokeSample(x: 0, y: 0, time: 1)])
        XCTAssertEqual(stroke.samples(drawnBy: 2.25), [StrokeSample(x: 0, y: 0, time: 1), StrokeSample(x: 10, y: 0, time: 2),
                                                       StrokeSample(x: 10, y: 5, time: 2.25)])
        XCTAssertEqual(stroke.samples(drawnBy: 9), stroke.samples)
        XCTAssertTrue(PenStroke(stroke, at: 0.5, longerSide: 100).segments.isEmpty)
        // One sample: a dot of diameter W.
        let dot = PenStroke(stroke, at: 1, longerSide: 100).segments
        XCTAssertEqual(dot, [TaperedCapsule(from: Vec2(0, 0), to: Vec2(0, 0), startRadius: 2.75, endRadius: 2.75)])
    }

    /// The filter drops samples nearer than 8 / zoom to the last kept one, but never the last.
    func testThePointFilter() throws {
        let samples = try pen([[0, 0, 0], [3, 0, 0.1], [8, 0, 0.2], [12, 0, 0.3], [17, 0, 0.4], [18, 0, 0.5]]).samples
        XCTAssertEqual(PenSamples.filtered(samples, minimumDistance: 8).map(\.position.x), [0, 8, 17, 18])
        XCTAssertEqual(PenSamples.filtered(samples, minimumDistance: 4).map(\.position.x), [0, 8, 12, 17, 18])
    }

    /// Widths: W first; a fast move thins towards Wmin through the low pass; no time passing keeps the previous speed.
    func testWidthsFromSpeed() {
        let range = PenWidthRange(longerSide: 1000, size: 0.5) // 2...70: W = 36, Wmin = 8.8
        let kept = [StrokeSample(x: 0, y: 0, time: 0), StrokeSample(x: 1000, y: 0, time: 0.1), StrokeSample(x: 1010, y: 0, time: 0.1),
                    StrokeSample(x: 1020, y: 0, time: 10.1)]
        let widths = PenSamples.widths(of: kept, range: range).map(\.width)
        XCTAssertEqual(widths[0], 36, accuracy: 1e-12)
        // v = 10000 px/s: clamp(36 - 50) = Wmin.
        XCTAssertEqual(widths[1], 0.3 * 8.8 + 0.7 * 36, accuracy: 1e-12)
        XCTAssertEqual(widths[2], 0.3 * 8.8 + 0.7 * widths[1], accuracy: 1e-12)
        // v = 1 px/s: about W.
        XCTAssertEqual(widths[3], 0.3 * (36 - 1.0 / 200) + 0.7 * widths[2], accuracy: 1e-12)
    }

    /// The midpoint smoothing: 6 samples make one cubic ending at the midpoint of the 3rd and 5th, then a quadratic from it.
    func testTheSmoothingsCurves() {
        let kept = (0..<6).map { (index: Int) -> KeptSample in
            let x = Double(index * 10), y = Double(index % 2) * 10
            return KeptSample(position: Vec2(x, y), time: Double(index), width: Double(index + 1))
        }
        let curves = StrokeSmoothing.curves(kept)
        XCTAssertEqual(curves.count, 2)
        XCTAssertEqual(curves[0].controls, [Vec2(0, 0), Vec2(10, 10), Vec2(20, 0), Vec2(30, 0)])
        XCTAssertEqual(curves[0].startWidth, 1.5)
        XCTAssertEqual(curves[0].endWidth, (3 + 4) / 2)
        XCTAssertEqual(curves[1].controls, [Vec2(30, 0), Vec2(40, 0), Vec2(50, 10)])
        XCTAssertEqual(curves[1].startWidth, (4 + 5) / 2)
        XCTAssertEqual(curves[1].endWidth, 6)
        // 24 steps for a short chord, 48 for a long one.
        XCTAssertEqual(curves[0].sampled.count, 25)
        XCTAssertEqual(StrokeSmoothing.Curve(controls: [Vec2(0, 0), Vec2(600, 0)], startWidth: 1, endWidth: 1).steps, 48)
        XCTAssertEqual(StrokeSmoothing.Curve(controls: [Vec2(0, 0), Vec2(200, 0)], startWidth: 1, endWidth: 1).steps, 33)
    }

    /// An arrow's head: two lines at +-0.45 rad, drawing in over 0.2 s after the last sample.
    func testTheArrowDrawsIn() throws {
        let stroke = try pen([[0, 0, 0], [100, 0, 1], [200, 0, 2]], arrow: true)
        let length = ArrowHead.length(longerSide: 1000, width: PenWidthRange(longerSide: 1000, size: 0.5).width)
        XCTAssertEqual(length, 108, accuracy: 1e-9)
        let before = PenStroke(stroke, at: 1.99, longerSide: 1000).segments.count
        let during = PenStroke(stroke, at: 2.1, longerSide: 1000).segments
        let after = PenStroke(stroke, at: 5, longerSide: 1000).segments
        XCTAssertEqual(during.count, after.count)
        let heads = after.suffix(2)
        XCTAssertEqual(after.count, PenStroke(stroke, at: 2, longerSide: 1000).centreLine.count - 1 + 2)
        XCTAssertGreaterThan(after.count, before)
        for (head, sign) in zip(heads, [-1.0, 1.0]) {
            let line = head.end - head.start
            XCTAssertEqual(line.length, length, accuracy: 1e-9)
            XCTAssertEqual(atan2(line.y, line.x), sign * (Double.pi - 0.45), accuracy: 1e-9)
        }
        // Half way through the draw-in, half the length (ease-in-out is symmetric).
        let half = PenStroke(stroke, at: 2.1, longerSide: 1000).segments.suffix(2)
        for head in half { XCTAssertEqual((head.end - head.start).length, length / 2, accuracy: 1e-6) }
    }
}

final class StrokeSummaryTests: XCTestCase {
    /// The pen's filter decides the samples kept; the marker keeps all; the length runs along the samples.
    func testWhatValidateSaysOfAStroke() throws {
        let points = [StrokeSample(x: 0, y: 0, time: 0.5), StrokeSample(x: 3, y: 4, time: 0.6), StrokeSample(x: 9, y: 12, time: 0.75),
                      StrokeSample(x: 9, y: 20, time: 1.25)]
        let colour = StrokeColour(color: .black, alpha: 1)
        let pen = StrokeSummary(index: 2, stroke: try Stroke(index: 2, tool: .pen, colour: colour, size: 0.5, samples: points))
        XCTAssertEqual(pen.keptSamples, 3)
        XCTAssertEqual(pen.length, 23, accuracy: 1e-12)
        XCTAssertEqual(pen.description, "stroke 2: pen, 3 samples kept, 0.5-1.25 s, 23.0 px")
        let marker = StrokeSummary(index: 0, stroke: try Stroke(index: 0, tool: .marker, colour: colour, size: 0.5, samples: points))
        XCTAssertEqual(marker.keptSamples, 4)
        let zoomed = StrokeSummary(index: 0, stroke: try Stroke(index: 0, tool: .neon, colour: colour, size: 0.5, zoom: 2, samples: points))
        XCTAssertEqual(zoomed.keptSamples, 4)
    }
}
