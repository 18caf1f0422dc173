/// One recorded sample of a stroke: canvas pixels (y down) and seconds.
public struct StrokeSample: Equatable, Sendable {
    public var position: Vec2
    public var time: Double

    public init(x: Double, y: Double, time: Double) {
        position = Vec2(x, y)
        self.time = time
    }
}

/// One recorded stroke (`drawing.md` section 0): its tool, colour, slider
/// size, zoom, whether a pen stroke ends in an arrow, the pencil's seed, an
/// eraser's mode (`drawing-tools.md` section 0) and its samples. Valid by construction: the initialiser refuses bad input,
/// naming the stroke's index and the field.
public struct Stroke: Equatable, Sendable {
    public let tool: DrawingTool
    public let colour: StrokeColour
    /// The size slider, 0...1.
    public let size: Double
    /// The canvas zoom while it was drawn (the point filter's distance is 8 / zoom).
    public let zoom: Double
    public let arrow: Bool
    public let seed: Int64
    /// What an eraser takes away: pixels (`drawing.md` section 4) or whole strokes (`drawing-tools.md` section 1).
    public let eraserMode: EraserMode
    /// At least one; finite; times never going backwards.
    public let samples: [StrokeSample]

    /// Points far outside the canvas are allowed (they are clipped when drawn).
    public init(index: Int, tool: DrawingTool, colour: StrokeColour, size: Double, zoom: Double = 1, arrow: Bool = false,
                seed: Int64 = 0, eraserMode: EraserMode = .pixel, samples: [StrokeSample]) throws {
        func fail(_ field: String, _ problem: String) -> StrokeError {
            StrokeError(strokeIndex: index, field: field, problem: problem)
        }
        guard size.isFinite, (0...1).contains(size) else { throw fail("size", "is \(size); a size is a number in 0...1") }
        guard zoom.isFinite, zoom > 0 else { throw fail("zoom", "is \(zoom); a zoom is a finite number above 0") }
        guard !arrow || tool == .pen else { throw fail("arrow", "is true for a \(tool.rawValue) stroke; only a pen stroke has an arrow") }
        guard eraserMode == .pixel || tool == .eraser else {
            throw fail("mode", "is \(eraserMode.rawValue) for a \(tool.rawValue) stroke; only an eraser has a mode")
        }
        let colourValues = [colour.color.r, colour.color.g, colour.color.b, colour.alpha]
        guard colourValues.allSatisfy({ $0.isFinite && (0...1).contains($0) }) else { throw fail("color", "has a component outside 0...1") }
        guard !samples.isEmpty else { throw fail("points", "is empty; a stroke has at least one [x, y, t] point") }
        guard tool != .lasso || samples.count >= DrawingLimits.lassoSamples else {
            throw fail("points", "has \(samples.count) point\(samples.count == 1 ? "" : "s"); a lasso has at least \(DrawingLimits.lassoSamples)")
        }
        guard samples.count <= DrawingLimits.points else {
            throw fail("points", "has \(samples.count) points; a session has at most \(DrawingLimits.points) in all")
        }
        for (pointIndex, sample) in samples.enumerated() {
            guard sample.position.x.isFinite, sample.position.y.isFinite, sample.time.isFinite else {
                throw fail("points[\(pointIndex)]", "is not finite (\(sample.position.x), \(sample.position.y), \(sample.time))")
            }
            if pointIndex > 0, sample.time < samples[pointIndex - 1].time {
                throw fail("points[\(pointIndex)]", "goes back in time (\(sample.time) s after \(samples[pointIndex - 1].time) s)")
            }
        }
        self.tool = tool
        self.colour = colour
        self.size = size
        self.zoom = zoom
        self.arrow = arrow
        self.seed = seed
        self.eraserMode = eraserMode
        self.samples = samples
    }

    /// Whether it is an object eraser, which removes whole strokes and draws nothing.
    public var erasesObjects: Bool { tool == .eraser && eraserMode == .object }

    /// The time of its first sample: before it, the stroke shows nothing.
    public var startTime: Double { samples[0].time }
    /// The time of its last sample: from it on, the stroke is finished (an arrow then draws in).
    public var endTime: Double { samples[samples.count - 1].time }

    /// Its samples as drawn by `time` (`drawing.md` section 0): those with
    /// t <= time, and, while it is still being drawn, a last one at the
    /// position interpolated at `time` on the segment then being drawn;
    /// empty before its first sample.
    public func samples(drawnBy time: Double) -> [StrokeSample] {
        guard time >= startTime else { return [] }
        guard time < endTime else { return samples }
        // The first sample after `time` (there is one: time < endTime).
        var low = 0, high = samples.count - 1
        while low < high {
            let middle = (low + high) / 2
            if samples[middle].time > time { high = middle } else { low = middle + 1 }
        }
        var drawn = Array(samples[..<low])
        let before = samples[low - 1], after = samples[low]
        if before.time < time {
            let fraction = (time - before.time) / (after.time - before.time)
            let position = Vec2.lerp(before.position, after.position, fraction)
            drawn.append(StrokeSample(x: position.x, y: position.y, time: time))
        }
        return drawn
    }
}

/// A session's strokes, within `DrawingLimits`.
public enum StrokeLimits {
    /// Throws naming the first stroke past a limit.
    public static func check(_ strokes: [Stroke]) throws {
        guard strokes.count <= DrawingLimits.strokes else {
            throw StrokeError(strokeIndex: DrawingLimits.strokes, field: "tool",
                              problem: "is one stroke too many; a session has at most \(DrawingLimits.strokes) strokes")
        }
        var total = 0
        for (index, stroke) in strokes.enumerated() {
            total += stroke.samples.count
            guard total <= DrawingLimits.points else {
                throw StrokeError(strokeIndex: index, field: "points",
                                  problem: "brings the session to \(total) points; a session has at most \(DrawingLimits.points) in all")
            }
        }
    }
}
