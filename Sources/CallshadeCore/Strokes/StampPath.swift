/// The stamp brushes' width range on a canvas (`drawing.md` section 3, the
/// marker's; the pencil's too, ours), canvas pixels; no speed dependence.
public struct StampWidthRange: Equatable, Sendable {
    /// The chosen width W.
    public let width: Double

    /// `longerSide`: the canvas's longer side in pixels (maxdim).
    public init(longerSide: Double, size: Double) {
        let low = max(10, 0.01 * longerSide), high = max(20, 0.09 * longerSide)
        width = low + (high - low) * size
    }

    /// Each stamp's alpha: a / (W / 2) x 2.5, at most 1, for the colour's alpha `a`.
    public func stampAlpha(colourAlpha: Double) -> Double {
        min(colourAlpha / (width / 2) * 2.5, 1)
    }
}

/// The stamp brushes' path (`drawing.md` section 3): the quadratic midpoint
/// curve through the samples, flattened, and stamp centres spaced along it.
public enum StampPath {
    /// The path flattened every `step` px: a quadratic from mid(p[k-1], p[k])
    /// via p[k] to mid(p[k], p[k+1]) for each inner sample (the first from
    /// p0), then a line on to the last sample (ours); each curve cut into
    /// pieces of equal parameter at most `step` px long (ours), so at least
    /// 2 points.
    /// One sample is one point; two, the line between them.
    public static func flattened(_ points: [Vec2], step: Double = 5) -> [Vec2] {
        guard points.count > 1 else { return points }
        var path = [points[0]]
        func add(_ controls: [Vec2]) {
            // The curve's speed in its parameter is at most (its degree) x (its longest leg): pieces of equal parameter
            // that many px of it apart are at most `step` long.
            var leg = 0.0
            for index in controls.indices.dropFirst() { leg = max(leg, (controls[index] - controls[index - 1]).length) }
            let pieces = max(1, Int((Double(controls.count - 1) * leg / step).rounded(.up)))
            for piece in 1...pieces {
                let t = Double(piece) / Double(pieces)
                if controls.count == 2 {
                    path.append(Vec2.lerp(controls[0], controls[1], t))
                } else {
                    path.append(Vec2.lerp(Vec2.lerp(controls[0], controls[1], t), Vec2.lerp(controls[1], controls[2], t), t))
                }
            }
        }
        var start = points[0]
        for index in 1..<(points.count - 1) {
            let end = Vec2.lerp(points[index], points[index + 1], 0.5)
            add([start, points[index], end])
            start = end
        }
        add([start, points[points.count - 1]])
        return path
    }

    /// Points every `spacing` px of arc length along `polyline`, from its first point on.
    public static func spaced(_ polyline: [Vec2], spacing: Double) -> [Vec2] {
        guard let first = polyline.first, spacing > 0 else { return [] }
        var result = [first]
        // How far from the current piece's start the next stamp lies.
        var carry = spacing
        for index in polyline.indices.dropFirst() {
            let a = polyline[index - 1], b = polyline[index], length = (b - a).length
            var along = carry
            while along <= length {
                result.append(Vec2.lerp(a, b, along / length))
                along += spacing
            }
            carry = along - length
        }
        return result
    }
}
