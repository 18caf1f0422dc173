/// The instants a render samples: frame k at `start + k / fps`, for every k
/// with that instant before `end`. Frame k at one rate and frame 2k at twice
/// the rate are the same instant, bit for bit, when the start is 0.
/// Or chosen instants: frame k at the k-th of them, in the order given.
public struct FrameSchedule: Equatable, Sendable {
    public let start: Double
    public let end: Double
    public let fps: Int
    public let count: Int
    /// The chosen instants, or nil for every 1/fps from `start` to `end`.
    public let instants: [Double]?

    /// The most instants a schedule of chosen ones takes.
    public static let maximumInstants = 10_000

    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public init(start: Double, end: Double, fps: Int) throws {
        guard start.isFinite, end.isFinite else { throw Invalid(description: "the time range must be finite numbers") }
        guard start >= 0 else { throw Invalid(description: "the start time must be 0 or later (got \(start))") }
        guard end > start else { throw Invalid(description: "the end time (\(end)) must come after the start time (\(start))") }
        guard ScenarioSettings.frameRates.contains(fps) else {
            throw Invalid(description: "the frame rate must be between \(ScenarioSettings.frameRates.lowerBound) and \(ScenarioSettings.frameRates.upperBound) (got \(fps))")
        }
        let estimate = ((end - start) * Double(fps)).rounded(.up)
        guard estimate <= Double(Int32.max) else { throw Invalid(description: "that is too many frames (\(estimate))") }
        var count = Int(estimate)
        while count > 0, start + Double(count - 1) / Double(fps) >= end { count -= 1 }
        while start + Double(count) / Double(fps) < end { count += 1 }
        self.start = start
        self.end = end
        self.fps = fps
        self.count = count
        instants = nil
    }

    /// Frame k at `instants[k]` (finite, 0 or later, at most `maximumInstants`).
    public init(instants: [Double], fps: Int) throws {
        guard !instants.isEmpty else { throw Invalid(description: "no instants are given") }
        guard instants.count <= Self.maximumInstants else {
            throw Invalid(description: "at most \(Self.maximumInstants) instants may be given (got \(instants.count))")
        }
        for instant in instants {
            guard instant.isFinite, instant >= 0 else { throw Invalid(description: "each instant must be a finite number, 0 or later (got \(instant))") }
        }
        guard ScenarioSettings.frameRates.contains(fps) else {
            throw Invalid(description: "the frame rate must be between \(ScenarioSettings.frameRates.lowerBound) and \(ScenarioSettings.frameRates.upperBound) (got \(fps))")
        }
        start = instants.min() ?? 0
        end = instants.max() ?? 0
        self.fps = fps
        count = instants.count
        self.instants = instants
    }

    public func time(ofFrame index: Int) -> Double {
        instants?[index] ?? start + Double(index) / Double(fps)
    }
}
