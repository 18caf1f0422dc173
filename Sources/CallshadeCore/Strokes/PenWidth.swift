/// The pen's width range on a canvas (`drawing.md` section 1), canvas pixels.
public struct PenWidthRange: Equatable, Sendable {
    /// The chosen width W (the slider's).
    public let width: Double
    /// The live minimum Wmin a fast hand thins the pen to.
    public let liveMinimum: Double

    /// `longerSide`: the canvas's longer side in pixels (maxdim).
    public init(longerSide: Double, size: Double) {
        self.init(low: max(1, 0.002 * longerSide), high: max(10, 0.07 * longerSide), size: size)
    }

    /// The range from `low` to `high` at the slider's `size`.
    init(low: Double, high: Double, size: Double) {
        width = low + (high - low) * size
        liveMinimum = low + (width - low) * 0.2
    }

    /// The eraser's: the pen's rule over the marker's range (`drawing.md` section 4).
    public static func eraser(longerSide: Double, size: Double) -> PenWidthRange {
        PenWidthRange(low: max(10, 0.01 * longerSide), high: max(20, 0.09 * longerSide), size: size)
    }
}

/// A sample the point filter kept, with its speed-dependent width.
public struct KeptSample: Equatable, Sendable {
    public var position: Vec2
    public var time: Double
    /// The pen's width there, canvas pixels (low-passed).
    public var width: Double

    public init(position: Vec2, time: Double, width: Double) {
        self.position = position
        self.time = time
        self.width = width
    }
}

/// The point filter and the width from speed (`drawing.md` sections 0-1).
public enum PenSamples {
    /// Samples closer than `minimumDistance` (8 / zoom for the pen) to the
    /// previous kept sample are dropped; the last is always kept.
    public static func filtered(_ samples: [StrokeSample], minimumDistance: Double) -> [StrokeSample] {
        guard let first = samples.first else { return [] }
        var kept = [first]
        for index in samples.indices.dropFirst() {
            let sample = samples[index]
            if (sample.position - kept[kept.count - 1].position).length >= minimumDistance || index == samples.count - 1 {
                kept.append(sample)
            }
        }
        return kept
    }

    /// The kept samples with the pen's width: the first takes W; each other
    /// clamp(W - v / 200, Wmin, W) from its speed v (distance over time to
    /// the previous kept sample; the previous speed when no time passed,
    /// none, so W, for the second), then w = 0.3 w + 0.7 w_prev.
    public static func widths(of kept: [StrokeSample], range: PenWidthRange) -> [KeptSample] {
        var result: [KeptSample] = []
        result.reserveCapacity(kept.count)
        var speed = 0.0
        for (index, sample) in kept.enumerated() {
            guard index > 0 else {
                result.append(KeptSample(position: sample.position, time: sample.time, width: range.width))
                continue
            }
            let previous = kept[index - 1], elapsed = sample.time - previous.time
            if elapsed > 0 { speed = (sample.position - previous.position).length / elapsed }
            let raw = min(max(range.width - speed / 200, range.liveMinimum), range.width)
            result.append(KeptSample(position: sample.position, time: sample.time, width: 0.3 * raw + 0.7 * result[index - 1].width))
        }
        return result
    }
}
