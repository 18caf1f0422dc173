import CallshadeCore

/// When each stroke is being drawn (its first sample to its last), made
/// ready once to answer "which stroke is being drawn at t?" in log time:
/// the strokes sorted by start, with the latest end among each one and
/// those before it (an undo or a clear is refused while one is drawn,
/// `EditorState`; a session has up to 10,000 of each).
public struct StrokeSpans: Sendable {
    private let starts: [Double]
    /// The strokes' indices sorted by start.
    private let order: [Int]
    /// Over the strokes sorted by start up to each: the latest end and its stroke's index.
    private let latestEnds: [(end: Double, index: Int)]

    public init(_ strokes: [Stroke]) {
        let order = strokes.indices.sorted { (strokes[$0].startTime, $0) < (strokes[$1].startTime, $1) }
        self.order = order
        starts = order.map { strokes[$0].startTime }
        var latest: (end: Double, index: Int) = (-.infinity, -1)
        latestEnds = order.map { index in
            if strokes[index].endTime > latest.end { latest = (strokes[index].endTime, index) }
            return latest
        }
    }

    /// A stroke being drawn at `time` (started by then and not yet ended), with its start and end; nil when none is.
    public func drawn(at time: Double) -> Int? {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= time { low = middle + 1 } else { high = middle }
        }
        guard low > 0, latestEnds[low - 1].end >= time else { return nil }
        return latestEnds[low - 1].index
    }

    /// A stroke being drawn at some instant of `from...to`: one drawn at
    /// `from`, else the first to start after it, by `to`; nil when none is.
    public func drawn(from: Double, to: Double) -> Int? {
        if let drawn = drawn(at: from) { return drawn }
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= from { low = middle + 1 } else { high = middle }
        }
        guard low < starts.count, starts[low] <= to else { return nil }
        return order[low]
    }
}
