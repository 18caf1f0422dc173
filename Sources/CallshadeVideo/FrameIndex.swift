/// Every frame of a video stream by its presentation time, and the keyframes
/// decoding can start at: what turns a source time into a frame exactly,
/// and a frame into the keyframe to seek to. Times are in the stream's time
/// base; frame 0 is the first frame shown, at source time 0. 8 bytes a frame.
struct FrameIndex: Equatable {
    /// Seconds per tick.
    let timeBase: AVCalls.Rational
    /// Each frame's presentation time, ascending, no two equal.
    let times: [Int64]
    /// The presentation times of the keyframes decoding can start at,
    /// ascending; the first is at or before frame 0's. (A keyframe may be
    /// decoded without being shown: an edit list's pre-roll.)
    let keyTimes: [Int64]
    /// Where to seek for each keyframe (its decode time, at or before its
    /// presentation time), parallel to `keyTimes`.
    let seekTimes: [Int64]
    /// How long one pass of the source lasts, in ticks: from the first
    /// frame's time to the end of the last frame (its time plus its duration).
    let loopLength: Int64

    var count: Int { times.count }

    /// The loop's length in seconds.
    var loopDuration: Double { Double(loopLength) * secondsPerTick }

    /// A time within this much before a frame's time counts as at it, so that
    /// k/30 computed in floating point picks frame k of a 30 fps source.
    static let tolerance = 1e-9

    /// The frame shown at `seconds` of source time: the last whose time is at
    /// or before it, counting from the first frame and looping every
    /// `loopLength`. Negative times (and NaN, and times too large to count in ticks) give the first frame.
    func frame(at seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        let ticks = ((seconds + Self.tolerance) * Double(timeBase.denominator) / Double(timeBase.numerator)).rounded(.down)
        // Past about 1e300 s the ticks overflow: no loop position to speak of, so the first frame.
        guard ticks.isFinite else { return 0 }
        let offset = ticks.truncatingRemainder(dividingBy: Double(loopLength))
        return frame(atTimestamp: times[0] + Int64(offset)) ?? 0
    }

    /// The last frame whose time is at or before `timestamp`; nil when it is before the first.
    func frame(atTimestamp timestamp: Int64) -> Int? {
        Self.lastIndex(in: times, atOrBefore: timestamp)
    }

    /// The keyframe decoding starts at to reach `frame` (an index into
    /// `keyTimes`): the last at or before it.
    func keyframe(of frame: Int) -> Int {
        Self.lastIndex(in: keyTimes, atOrBefore: times[frame]) ?? 0
    }

    /// The last position in ascending `values` holding at most `value` (a binary search); nil when all are above it.
    private static func lastIndex(in values: [Int64], atOrBefore value: Int64) -> Int? {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// `frame`'s time in seconds of source time.
    func seconds(of frame: Int) -> Double {
        Double(times[frame] - times[0]) * secondsPerTick
    }

    /// A timestamp's seconds of source time.
    func seconds(ofTimestamp timestamp: Int64) -> Double {
        Double(timestamp - times[0]) * secondsPerTick
    }

    private var secondsPerTick: Double {
        Double(timeBase.numerator) / Double(timeBase.denominator)
    }
}
