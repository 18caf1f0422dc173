import CallshadeCore
import Foundation

/// A drawing session over time (`drawing.md` sections 0 and 8,
/// `drawing-tools.md`): which strokes are finished at an instant and which
/// are still being drawn, and what becomes of them (`StrokeFates`). A
/// stroke is finished from its last sample on, an arrow's once it has drawn
/// in, a stroke turned into a shape once it is the shape alone; from then on
/// it never changes but for an object eraser's fade.
public struct DrawingTimeline: Equatable, Sendable {
    public let scenario: DrawingScenario
    /// The strokes object erasers remove, the strokes held into shapes, and what lassos select, move, copy and delete.
    public let fates: StrokeFates
    /// The strokes bottom to top, by id (`StrokeFates.order`: the file's
    /// strokes, each lasso copy among them); a stroke's place in it is its
    /// position, which every frame's drawing counts by.
    public let order: [Int]
    /// The instant each stroke is finished, seconds, by position.
    public let finishTimes: [Double]
    /// The editor's screen over time, when it is drawn.
    public let chrome: EditorChromeTimeline?
    /// The latest finish of each stroke and those before it, by position:
    /// the stroke there and every stroke under it are finished from `finishedBy[i]` on.
    private let finishedBy: [Double]

    public init(_ scenario: DrawingScenario) {
        self.scenario = scenario
        let fates = StrokeFates(strokes: scenario.strokes, canvas: scenario.canvas, events: scenario.editor?.events ?? [],
                                entityStarts: scenario.entityStarts)
        self.fates = fates
        order = fates.order
        finishTimes = fates.order.map { fates.finishTimes[$0] }
        chrome = scenario.editor.flatMap {
            $0.shown ? EditorChromeTimeline($0, strokes: scenario.strokes, fates: fates, canvas: scenario.canvas.size) : nil
        }
        var latest = -Double.infinity
        finishedBy = finishTimes.map { latest = max(latest, $0); return latest }
    }

    /// How many strokes, from the bottom, are all finished at `time`: the
    /// strokes a finished layer holds (a later stroke finished earlier waits
    /// for those under it).
    public func finishedCount(at time: Double) -> Int {
        finishedBy.count(upTo: time) { $0 }
    }

    /// The positions of the strokes over the finished ones that show something at `time`, bottom to top.
    public func liveStrokes(at time: Double) -> [Int] {
        (finishedCount(at: time)..<order.count).filter { fates.start(of: order[$0], stroke($0)) <= time }
    }

    /// The file's stroke the stroke at `position` draws (a copy's source).
    public func stroke(_ position: Int) -> Stroke { scenario.strokes[fates.source(of: order[position])] }

    /// How the stroke at `position` shows at `time`.
    public func look(of position: Int, at time: Double) -> StrokeLook {
        StrokeLook.of(order[position], stroke(position), fates: fates, at: time)
    }

    /// The conversion of the stroke at `position` into a shape, if it is held into one.
    public func conversion(of position: Int) -> StrokeFates.Conversion? { fates.conversions[order[position]] }

    /// Where the stroke at `position` is drawn at `time`: `placement` with
    /// the canvas moved by its lasso offset (`drawing-tools.md` section 2 rule 5).
    public func placement(of position: Int, at time: Double, in placement: CanvasPlacement) -> CanvasPlacement {
        placement.moved(by: fates.offset(of: order[position], at: time))
    }

    /// `validate`'s listing: each stroke's summary.
    public var summaries: [StrokeSummary] {
        let lassoFacts = LassoFacts(fates: fates, events: scenario.editor?.events ?? [])
        return scenario.strokes.enumerated().map { StrokeSummary(index: $0.offset, stroke: $0.element, fates: fates, lassoFacts: lassoFacts) }
    }
}
