import CallshadeCore
import Foundation

/// The drawing replays `bench` times (issue 34): a 1080x1920 canvas with
/// `finished` strokes drawn before the start (pen, marker and pencil in
/// turn, seeded scribbles) and one pen stroke growing through the frames
/// (a second of it over 1 s), 1/60 s apart. The finished strokes' layer is
/// made once, before the first timed frame.
enum DrawingBench {
    /// The per-frame rows' numbers of finished strokes (the first is the ratio's base).
    static let finishedCounts = [5, 200]
    /// The MP4 row's, and its shapes.
    static let replayFinished = 50
    static let replayShapes = 10

    static let canvas = DrawingCanvas(size: .portraitHD, background: .colour(RGB(0.97, 0.95, 0.92)))

    /// The session: `finished` strokes over the 10 s before 0, then the growing one from 0 to `seconds`.
    static func scenario(finished: Int, seconds: Double, shapes: Int = 0) throws -> DrawingScenario {
        let random = CounterRandom(seed: 34, domain: 0x4245_4E43_4844_5257)
        let tools: [DrawingTool] = [.pen, .marker, .pencil]
        var strokes: [Stroke] = []
        for index in 0..<finished {
            let start = -10 + 10 * Double(index) / Double(max(finished, 1))
            let centre = Vec2(100 + 880 * random.unit(UInt64(index), 0), 100 + 1720 * random.unit(UInt64(index), 1))
            let radius = 40 + 120 * random.unit(UInt64(index), 2), turn = 2 * Double.pi * random.unit(UInt64(index), 3)
            let samples = (0..<40).map { step -> StrokeSample in
                let u = Double(step) / 39, angle = turn + u * 5
                let point = centre + Vec2(cos(angle), sin(angle * 1.3)) * (radius * (0.4 + 0.6 * u))
                return StrokeSample(x: point.x, y: point.y, time: start + u * 0.03)
            }
            let hue = RGB(random.unit(UInt64(index), 4) * 0.6, random.unit(UInt64(index), 5) * 0.6, 0.3 + random.unit(UInt64(index), 6) * 0.6)
            strokes.append(try Stroke(index: index, tool: tools[index % tools.count], colour: StrokeColour(color: hue, alpha: index % 3 == 1 ? 0.6 : 1),
                                      size: 0.2 + 0.5 * random.unit(UInt64(index), 7), seed: Int64(index), samples: samples))
        }
        let steps = max(Int(seconds * 60), 1)
        let growing = (0...steps).map { step -> StrokeSample in
            let u = Double(step) / Double(steps)
            return StrokeSample(x: 150 + 780 * u, y: 960 + 300 * sin(u * 9), time: u * seconds)
        }
        strokes.append(try Stroke(index: finished, tool: .pen, colour: StrokeColour(color: RGB(0.1, 0.1, 0.15), alpha: 1), size: 0.4, samples: growing))
        // `shapes` entities (issue 35), every kind in turn, each moving and turning between two keys over the frames.
        let kinds = ShapeEntity.Kind.allCases
        let entities = (0..<shapes).map { index -> ShapeEntity in
            let x: Double = 150 + Double(index % 4) * 260, y: Double = 200 + Double(index / 4) * 500
            let keys = [EntityKey(at: 0, x: x, y: y), EntityKey(at: max(seconds, 1), x: x + 50, y: y + 100, rotation: 45)]
            return ShapeEntity(kind: kinds[index % kinds.count], fill: index % 2 == 0, colour: StrokeColour(color: RGB(0.2, 0.3, 0.8), alpha: 1),
                               width: 12, w: 220, h: 160, keys: keys)
        }
        return DrawingScenario(settings: ScenarioSettings(duration: max(seconds, 1)), canvas: canvas, strokes: strokes, entities: entities)
    }

    /// The replay's screen at `size`, its layer made (by the scene at 0, untimed).
    static func screen(finished: Int, seconds: Double, size: FrameSize, shapes: Int = 0) throws -> DrawingScreen {
        let screen = DrawingScreen(try scenario(finished: finished, seconds: seconds, shapes: shapes), size: size)
        _ = screen.scene(at: 0)
        return screen
    }

    /// Seconds a frame, median of `count` frames 1/60 s apart from 1/60 s: the scene made and rendered by `render`.
    static func secondsPerFrame(_ screen: DrawingScreen, count: Int, render: (Scene) throws -> Void) throws -> Double {
        let clock = ContinuousClock()
        var times: [Double] = []
        for index in 1...max(count, 1) {
            let start = clock.now
            try render(screen.scene(at: Double(index) / 60))
            times.append(ProgressLine.seconds(clock.now - start))
        }
        return BenchCommand.median(times)
    }
}
