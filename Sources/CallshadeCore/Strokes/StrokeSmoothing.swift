/// A point of a smoothed centre line: where, and the width there (canvas pixels).
public struct CentrePoint: Equatable, Sendable {
    public var position: Vec2
    public var width: Double

    public init(position: Vec2, width: Double) {
        self.position = position
        self.width = width
    }
}

/// The 4-point midpoint cubic smoothing and its sampling (`drawing.md`
/// section 1): the one smoothing every route and tool that uses it draws from.
public enum StrokeSmoothing {
    /// A curve of the smoothing: 2, 3 or 4 control points (a line, a
    /// quadratic, a cubic) and the widths at its two ends.
    public struct Curve: Equatable, Sendable {
        public var controls: [Vec2]
        public var startWidth: Double
        public var endWidth: Double

        /// The point at parameter `t` (0...1), by de Casteljau.
        public func point(at t: Double) -> Vec2 {
            var points = controls
            while points.count > 1 {
                for index in 0..<(points.count - 1) { points[index] = Vec2.lerp(points[index], points[index + 1], t) }
                points.removeLast()
            }
            return points[0]
        }

        /// Steps along it: clamp(floor(chord / 6), 24, 48), the chord from its first control point to its last.
        public var steps: Int {
            let chord = (controls[controls.count - 1] - controls[0]).length
            return Int(min(max((chord / 6).rounded(.down), 24), 48))
        }

        /// Its `steps` + 1 points, from its start to its end, the width linear in the parameter.
        public var sampled: [CentrePoint] {
            let count = steps
            return (0...count).map { step in
                let t = Double(step) / Double(count)
                return CentrePoint(position: point(at: t), width: startWidth + (endWidth - startWidth) * t)
            }
        }
    }

    /// The curves through `kept` (in order): a window of 4 samples; when a
    /// 5th arrives the 4th becomes the midpoint of the 3rd and the new one
    /// (its width the mean of theirs), the window is a cubic whose width
    /// goes from (w0 + w1) / 2 to (w2 + wm) / 2, and the next window starts
    /// from the midpoint and the new sample. What is left at the end is a
    /// cubic (4, ours), a quadratic (3) or a line (2), its width from
    /// (w0 + w1) / 2 to its last sample's; one sample gives no curve.
    public static func curves(_ kept: [KeptSample]) -> [Curve] {
        var curves: [Curve] = []
        var window: [CentrePoint] = []
        for sample in kept {
            let point = CentrePoint(position: sample.position, width: sample.width)
            guard window.count == 4 else {
                window.append(point)
                continue
            }
            let middle = CentrePoint(position: Vec2.lerp(window[2].position, point.position, 0.5), width: (window[2].width + point.width) / 2)
            curves.append(Curve(controls: [window[0].position, window[1].position, window[2].position, middle.position],
                                startWidth: (window[0].width + window[1].width) / 2, endWidth: (window[2].width + middle.width) / 2))
            window = [middle, point]
        }
        if window.count >= 2 {
            curves.append(Curve(controls: window.map(\.position), startWidth: (window[0].width + window[1].width) / 2,
                                endWidth: window[window.count - 1].width))
        }
        return curves
    }

    /// The smoothed centre line: each curve's sampled points, one curve after another.
    public static func centreLine(_ kept: [KeptSample]) -> [CentrePoint] {
        curves(kept).flatMap(\.sampled)
    }
}
