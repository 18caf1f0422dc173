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
    /// The strokes object erasers remove and the strokes held into shapes.
    public let fates: StrokeFates
    /// The instant each stroke is finished, seconds.
    public let finishTimes: [Double]
    /// The editor's screen over time, when it is drawn.
    public let chrome: EditorChromeTimeline?
    /// The latest finish of each stroke and those before it: stroke i and
    /// every stroke under it are finished from `finishedBy[i]` on.
    private let finishedBy: [Double]

    public init(_ scenario: DrawingScenario) {
        self.scenario = scenario
        let fates = StrokeFates(strokes: scenario.strokes, canvas: scenario.canvas, events: scenario.editor?.events ?? [],
                                entityStarts: scenario.entityStarts)
        self.fates = fates
        finishTimes = fates.finishTimes
        chrome = scenario.editor.flatMap {
            $0.shown ? EditorChromeTimeline($0, strokes: scenario.strokes, fates: fates, canvas: scenario.canvas.size) : nil
        }
        var latest = -Double.infinity
        finishedBy = finishTimes.map { latest = max(latest, $0); return latest }
    }

    /// How many strokes, from the first, are all finished at `time`: the
    /// strokes a finished layer holds (a later stroke finished earlier waits
    /// for those under it).
    public func finishedCount(at time: Double) -> Int {
        var low = 0, high = finishedBy.count
        while low < high {
            let middle = (low + high) / 2
            if finishedBy[middle] <= time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The strokes over the finished ones that show something at `time`, bottom to top.
    public func liveStrokes(at time: Double) -> [Int] {
        (finishedCount(at: time)..<scenario.strokes.count).filter { scenario.strokes[$0].startTime <= time }
    }

    /// How stroke `index` shows at `time`.
    public func look(of index: Int, at time: Double) -> StrokeLook {
        StrokeLook.of(index, scenario.strokes[index], fates: fates, at: time)
    }

    /// `validate`'s listing: each stroke's summary.
    public var summaries: [StrokeSummary] {
        scenario.strokes.enumerated().map { StrokeSummary(index: $0.offset, stroke: $0.element, fates: fates) }
    }
}
