import CallshadeCore
import CallshadeKinds
import Foundation

/// The drawing replays `bench` times (issue 34): a 1080x1920 canvas with
/// `finished` strokes drawn before the start (pen, marker and pencil in
/// turn, seeded scribbles) and one pen stroke growing through the frames
/// (a second of it over 1 s), 1/60 s apart. The finished strokes' layer is
/// made once, before the first timed frame.
public final class DrawingBench: KindBench {
    private var table = BenchTable(header: ["size", "drawing (finished strokes and one growing)", "ms/frame", "frames/s", "x 5 strokes"])
    private var costs: [String] = []
    private var encodeCosts: [String] = []

    public init() {}

    /// The finished strokes come as one picture, so a frame costs about the same whatever their number.
    /// In rounds, the two screens in turn over the same instants (which goes first alternates), the median
    /// of the rounds' ratios standing, as for the call's words: the machine's drift falls on both alike.
    public func measureRenders(size: FrameSize, context: BenchContext) throws {
        let gpu = context.gpu
        let drawings = try Self.finishedCounts.map { finished -> (finished: Int, screen: DrawingScreen) in
            let clock = ContinuousClock(), start = clock.now
            let screen = try Self.screen(finished: finished, seconds: 1, size: size)
            costs.append("\(size): the layer of \(finished) finished strokes took \(String(format: "%.2f", BenchTiming.seconds(clock.now - start))) s to make, once")
            _ = try gpu.render(screen.scene(at: 0))
            return (finished, screen)
        }
        var times = [[Double]](repeating: [], count: drawings.count), ratios: [Double] = []
        for round in 0..<BenchTiming.rounds {
            let order = round % 2 == 0 ? Array(drawings.indices) : Array(drawings.indices.reversed())
            var these = [Double](repeating: 0, count: drawings.count)
            for index in order {
                these[index] = try Self.secondsPerFrame(drawings[index].screen, count: BenchTiming.roundFrames) { _ = try gpu.render($0) }
                times[index].append(these[index])
            }
            ratios.append(these[these.count - 1] / max(these[0], 1e-9))
        }
        for (index, drawn) in drawings.enumerated() {
            let time = BenchTiming.median(times[index])
            table.add([size.description, "  GPU: RGBA frame, \(drawn.finished) finished", String(format: "%.2f", time * 1000),
                       String(format: "%.1f", 1 / time), String(format: "%.2f", time / BenchTiming.median(times[0]))])
        }
        costs.append("\(size): \(Self.finishedCounts.last ?? 0) finished strokes cost \(String(format: "%.2f", BenchTiming.median(ratios))) "
                     + "times \(Self.finishedCounts.first ?? 0) a frame (median of \(BenchTiming.rounds) rounds of \(BenchTiming.roundFrames) frames, in turn)")
        try measureLongestStrokes(size: size, context: context)
    }

    /// The worst stroke the limits allow (issue 53): one stroke of each
    /// brush zigzagging over the canvas, its path just under the limit,
    /// finished; a frame made with nothing kept, once, against an empty
    /// drawing's frame made the same way.
    func measureLongestStrokes(size: FrameSize, context: BenchContext) throws {
        func frameSeconds(_ strokes: [Stroke]) throws -> Double {
            let scenario = DrawingScenario(settings: ScenarioSettings(duration: 1), canvas: Self.canvas, strokes: strokes)
            let screen = DrawingScreen(scenario, size: size, reuse: ReuseStore(.off))
            let clock = ContinuousClock(), start = clock.now
            _ = try context.gpu.render(screen.scene(at: 0.5))
            return BenchTiming.seconds(clock.now - start)
        }
        let empty = try frameSeconds([])
        // 200 lines of 980 px, 8.5 px apart: 196,007 px of path, under the 200,000 a stroke may have.
        let samples = (0...200).map { k in StrokeSample(x: k % 2 == 0 ? 50 : 1030, y: 100 + 8.5 * Double(k), time: -1 + 0.005 * Double(k)) }
        var parts: [String] = []
        for tool in [DrawingTool.marker, .pencil, .pen] {
            let stroke = try Stroke(index: 0, tool: tool, colour: StrokeColour(color: RGB(0.2, 0.4, 0.8), alpha: 1), size: 1, samples: samples)
            let seconds = try frameSeconds([stroke])
            parts.append("\(tool.rawValue) \(String(format: "%.2f", seconds)) s (\(String(format: "%.0f", seconds / max(empty, 1e-9))) times)")
        }
        costs.append("\(size): one finished stroke at the path limit (196,007 px, size 1), a frame made with nothing kept: "
                     + parts.joined(separator: ", ") + "; an empty drawing's frame \(String(format: "%.3f", empty)) s")
    }

    /// A replay's MP4: finished strokes, one growing and shapes moving; then
    /// the same with an object eraser's swipe removing finished strokes and a
    /// lasso selecting some, dragging them and duplicating them; then
    /// the first with the editor's screen around it (its tools tapped, the
    /// marker focused and its size dragged: `editor.md`).
    public func measureEncodes(size: FrameSize, context: BenchContext, row: (String, Double, BenchTiming.CPUCost) throws -> Void) throws {
        for variant in ReplayVariant.allCases {
            let replay = try Self.screen(finished: Self.replayFinished, seconds: Double(context.seconds), size: size, shapes: Self.replayShapes,
                                         variant: variant)
            let (drawn, cpu) = try BenchTiming.usingCPU {
                try BenchTiming.encodeSeconds(renderer: context.gpu, size: size, frames: context.seconds * 60) { replay.scene(at: Double($0) / 60) }
            }
            let what = switch variant {
            case .plain: "a drawing replay, \(Self.replayFinished) finished strokes, one growing, \(Self.replayShapes) shapes"
            case .objectEraser:
                "the same with an object eraser removing \(replay.timeline.fates.erasures.count) of them, then a lasso selecting "
                    + "\(replay.timeline.fates.selections.values.first?.phases.first?.items.count ?? 0), dragging and duplicating them"
            case .editor: "the first with the editor's screen (tools tapped, the marker focused, its size dragged)"
            }
            try row("  the same, \(what)", drawn, cpu)
            guard let (ours, oursCPU) = context.baseline[size] else { continue }
            let named = switch variant {
            case .plain: ""
            case .objectEraser: " with the object eraser and the lasso"
            case .editor: " with the editor's screen"
            }
            // More rounds, the replay's MP4 and the audio call's in turn; the median of the rounds' ratios stands.
            let replaySeconds = {
                try BenchTiming.encodeSeconds(renderer: context.gpu, size: size, frames: context.seconds * 60) { replay.scene(at: Double($0) / 60) }
            }
            let ratios = try context.baselineAgain.map { again in
                try BenchTiming.ratioRounds(first: drawn / ours, ours: replaySeconds, baseline: { try again(size) })
            } ?? [drawn / ours]
            encodeCosts.append("\(size): the drawing replay's MP4\(named) took "
                               + "\(String(format: "%.2f", BenchTiming.median(ratios))) times the audio call's wall time (median of \(ratios.count) "
                               + "rounds, the two in turn: \(ratios.map { String(format: "%.2f", $0) }.joined(separator: ", ")))"
                               + " and \(String(format: "%.2f", cpu.total / oursCPU.total)) times its CPU time (the first round)")
        }
    }

    /// The encode rows' sessions.
    enum ReplayVariant: CaseIterable {
        case plain, objectEraser, editor
    }

    public var renderReport: [String] { [table.text] + costs }
    public var encodeReport: [String] { encodeCosts }

    /// The per-frame rows' numbers of finished strokes (the first is the ratio's base).
    static let finishedCounts = [5, 200]
    /// The MP4 row's, and its shapes.
    static let replayFinished = 50
    static let replayShapes = 10

    static let canvas = DrawingCanvas(size: .portraitHD, background: .colour(RGB(0.97, 0.95, 0.92)))

    /// The session: `finished` strokes over the 10 s before 0, then the
    /// growing one from 0 to `seconds`; with `objectEraser`, an object
    /// eraser's swipe across the canvas's middle from 0.3 to 0.5 of the
    /// seconds, removing the finished strokes it touches one after another,
    /// then (the growing stroke then done by half the seconds: no lasso event
    /// comes while a stroke is drawn) a lasso drawn round the upper canvas
    /// from 0.55 to 0.65, its selection dragged 150 px right and 100 down from
    /// 0.7 to 0.9 and duplicated at 0.92, marching to the end.
    static func scenario(finished: Int, seconds: Double, shapes: Int = 0, objectEraser: Bool = false, editor: Bool = false) throws -> DrawingScenario {
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
        let steps = max(Int(seconds * 60), 1), grows = objectEraser ? seconds / 2 : seconds
        let growing = (0...steps).map { step -> StrokeSample in
            let u = Double(step) / Double(steps)
            return StrokeSample(x: 150 + 780 * u, y: 960 + 300 * sin(u * 9), time: u * grows)
        }
        strokes.append(try Stroke(index: finished, tool: .pen, colour: StrokeColour(color: RGB(0.1, 0.1, 0.15), alpha: 1), size: 0.4, samples: growing))
        if objectEraser {
            let swipe = (0...12).map { step -> StrokeSample in
                let u = Double(step) / 12
                return StrokeSample(x: 100 + 880 * u, y: 960 + 200 * sin(u * 3), time: seconds * (0.3 + 0.2 * u))
            }
            strokes.append(try Stroke(index: strokes.count, tool: .eraser, colour: StrokeColour(color: .black, alpha: 1), size: 0.2,
                                      eraserMode: .object, samples: swipe))
            let loop = (0..<16).map { step -> StrokeSample in
                let angle = 2 * Double.pi * Double(step) / 16
                return StrokeSample(x: 520 + 450 * cos(angle), y: 700 + 500 * sin(angle), time: seconds * (0.55 + 0.1 * Double(step) / 15))
            }
            strokes.append(try Stroke(index: strokes.count, tool: .lasso, colour: StrokeColour(color: .white, alpha: 1), size: 0, samples: loop))
        }
        // `shapes` entities (issue 35), every kind in turn, each moving and turning between two keys over the frames.
        let kinds = ShapeEntity.Kind.allCases
        let entities = (0..<shapes).map { index -> ShapeEntity in
            let x: Double = 150 + Double(index % 4) * 260, y: Double = 200 + Double(index / 4) * 500
            let keys = [EntityKey(at: 0, x: x, y: y), EntityKey(at: max(seconds, 1), x: x + 50, y: y + 100, rotation: 45)]
            return ShapeEntity(kind: kinds[index % kinds.count], fill: index % 2 == 0, colour: StrokeColour(color: RGB(0.2, 0.3, 0.8), alpha: 1),
                               width: 12, w: 220, h: 160, keys: keys)
        }
        // The editor's screen: the marker selected, focused, its size dragged over a fifth of the seconds, unfocused.
        let events = [EditorEvent(at: 0.1 * seconds, action: .tool(.marker)), EditorEvent(at: 0.2 * seconds, action: .tool(.marker)),
                      EditorEvent(at: 0.3 * seconds, action: .size([EditorSizeSample(time: 0.3 * seconds, value: 0.2),
                                                                    EditorSizeSample(time: 0.5 * seconds, value: 0.8)])),
                      EditorEvent(at: 0.7 * seconds, action: .tool(.marker))]
        let lassoEvents = [EditorEvent(at: 0.7 * seconds, action: .lasso(.move([LassoMoveSample(time: 0.7 * seconds, offset: Vec2(0, 0)),
                                                                                LassoMoveSample(time: 0.9 * seconds, offset: Vec2(150, 100))]))),
                           EditorEvent(at: 0.92 * seconds, action: .lasso(.duplicate))]
        let sessionEditor = editor ? DrawingEditor(events: events) : objectEraser ? DrawingEditor(shown: false, events: lassoEvents) : nil
        return DrawingScenario(settings: ScenarioSettings(duration: max(seconds, 1)), canvas: canvas, strokes: strokes, entities: entities,
                               editor: sessionEditor)
    }

    /// The replay's screen at `size`, its layer made (by the scene at 0, untimed); with the editor, as the commands make it (its labels set).
    static func screen(finished: Int, seconds: Double, size: FrameSize, shapes: Int = 0, variant: ReplayVariant = .plain) throws -> DrawingScreen {
        let scenario = try scenario(finished: finished, seconds: seconds, shapes: shapes, objectEraser: variant == .objectEraser,
                                    editor: variant == .editor)
        let screen = variant == .editor ? try DrawingFrames.screen(scenario, file: "bench", size: size, reuse: ReuseStore())
            : DrawingScreen(scenario, size: size)
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
            times.append(BenchTiming.seconds(clock.now - start))
        }
        return BenchTiming.median(times)
    }
}
