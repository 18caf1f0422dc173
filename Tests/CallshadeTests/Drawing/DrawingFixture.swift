@testable import CallshadeCore
@testable import CallshadeKinds
import Foundation
import XCTest

/// A recorded drawing session in Goldens/drawing/ (read by the tests and by
/// Scripts/spec-drawing.py alike): the canvas, the strokes and, per stroke,
/// the instants its tests look at. A test-side reader until the drawing
/// scene kind has its parser.
struct DrawingFixture {
    var canvas: FrameSize
    var background: RGB
    var strokes: [Stroke]
    var instants: [[Double]]

    var longerSide: Double { Double(max(canvas.width, canvas.height)) }

    static func url(_ name: String) -> URL { TestPaths.goldens.appendingPathComponent("drawing/\(name).json") }

    /// Goldens/drawing/NAME.json; a file that does not load fails the test, naming what is wrong.
    static func load(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> DrawingFixture {
        let data = try Data(contentsOf: url(name))
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any], let canvas = root["canvas"] as? [String: Any],
              let sizeText = canvas["size"] as? String, let background = RGB(hex: canvas["background"] as? String ?? "#FFFFFF"),
              let list = root["strokes"] as? [[String: Any]] else {
            throw StrokeError(strokeIndex: -1, field: "canvas", problem: "\(name).json has no canvas.size, background or strokes")
        }
        let sides = sizeText.split(separator: "x").compactMap { Int($0) }
        guard sides.count == 2 else { throw StrokeError(strokeIndex: -1, field: "canvas.size", problem: "is not WxH") }
        var strokes: [Stroke] = [], instants: [[Double]] = []
        for (index, entry) in list.enumerated() {
            func number(_ key: String, _ fallback: Double? = nil) throws -> Double {
                guard let value = (entry[key] as? NSNumber)?.doubleValue ?? fallback else {
                    throw StrokeError(strokeIndex: index, field: key, problem: "is missing or not a number")
                }
                return value
            }
            guard let toolName = entry["tool"] as? String, let tool = DrawingTool(rawValue: toolName) else {
                throw StrokeError(strokeIndex: index, field: "tool", problem: "is not a tool")
            }
            guard let colour = StrokeColour(hex: entry["color"] as? String ?? "") else {
                throw StrokeError(strokeIndex: index, field: "color", problem: "is not #RRGGBB(AA)")
            }
            let points = (entry["points"] as? [[NSNumber]] ?? []).map { StrokeSample(x: $0[0].doubleValue, y: $0[1].doubleValue, time: $0[2].doubleValue) }
            strokes.append(try Stroke(index: index, tool: tool, colour: colour, size: try number("size"), zoom: try number("zoom", 1),
                                      arrow: entry["arrow"] as? Bool ?? false, seed: Int64(try number("seed", 0)), samples: points))
            instants.append((entry["at"] as? [NSNumber] ?? []).map(\.doubleValue))
        }
        return DrawingFixture(canvas: try FrameSize(width: sides[0], height: sides[1]), background: background, strokes: strokes, instants: instants)
    }
}

extension DrawingFixture {
    /// The session replayed (`DrawingScreen`, its cache on) in a frame of `size`, at `time`.
    func scene(at time: Double, size: FrameSize) -> Scene {
        let scenario = DrawingScenario(settings: ScenarioSettings(duration: 60), canvas: DrawingCanvas(size: canvas, background: .colour(background)),
                                       strokes: strokes)
        return DrawingScreen(scenario, size: size).scene(at: time)
    }
}

extension DrawingScreen {
    /// Asserts that each frame from `start` to before `end`, `step` apart,
    /// taken in turn with what this screen keeps between frames, equals
    /// `fresh`'s (made with nothing kept) at the same instant.
    func assertFramesInTurnEqual(_ fresh: DrawingScreen, from start: Double, to end: Double, step: Double,
                                 file: StaticString = #filePath, line: UInt = #line) {
        var time = start
        while time < end {
            XCTAssertEqual(scene(at: time), fresh.scene(at: time), "at \(time)", file: file, line: line)
            reuse.nextFrame()
            time += step
        }
    }
}
