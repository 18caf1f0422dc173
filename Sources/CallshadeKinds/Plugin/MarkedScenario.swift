import CallshadeCore
import CallshadeRender

/// One instant on a timeline, labelled (the studio's marks).
public struct TimelineMark: Codable, Equatable, Sendable {
    public let time: Double
    public let label: String

    public init(time: Double, label: String) {
        self.time = time
        self.label = label
    }
}

/// A stretch of time on one row of a timeline ("state", "idle", "strokes"...).
public struct TimelineBand: Codable, Equatable, Sendable {
    public let row: String
    public let label: String
    public let start: Double
    public let end: Double

    public init(row: String, label: String, start: Double, end: Double) {
        self.row = row
        self.label = label
        self.start = start
        self.end = end
    }
}

/// A scenario whose moments the studio's timeline shows: every kind's, in
/// its own folder, so that the studio names none.
public protocol MarkedScenario: ParsedScenario {
    /// Its marks (the lines `validate` lists) and bands (its phases), for
    /// the studio's frames `frames` (a call reads its timeline there, its
    /// recording's voice included) at `fps`.
    func timelineMarks(frames: any FrameScenes, fps: Int) -> (marks: [TimelineMark], bands: [TimelineBand])
}

/// Runs of equal values on named rows, read in time order, as bands.
public struct BandRuns {
    private var open: [String: (label: String, start: Double)] = [:]
    private var order: [String] = []
    public private(set) var bands: [TimelineBand] = []

    public init() {}

    /// The row's value from `time` on (nil: nothing shown).
    public mutating func set(_ row: String, _ label: String?, at time: Double) {
        if !order.contains(row) { order.append(row) }
        if let current = open[row], current.label == label { return }
        if let current = open[row] {
            bands.append(TimelineBand(row: row, label: current.label, start: current.start, end: time))
            open[row] = nil
        }
        if let label { open[row] = (label, time) }
    }

    /// Every band, those still open ending at `end`.
    public func closed(at end: Double) -> [TimelineBand] {
        bands + order.compactMap { row in open[row].map { TimelineBand(row: row, label: $0.label, start: $0.start, end: end) } }
    }
}
