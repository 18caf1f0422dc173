import CallshadeCore
import Foundation

/// The lasso's outline as a frame draws it (`drawing-tools.md` section 2
/// rules 1, 3 and 4): while drawn, the open polyline of its samples; after
/// release, the selection's hull grown by Wmax (its edges pushed out, joined
/// by arcs); along it, black and white dashes 2 pt wide with round caps,
/// marching with the phase. Each colour is one `StrokeNode`: the union of
/// capsules along its dashes' centre lines, at alpha 0.5, so the arcs come
/// out as fine chords (within `arcTolerance`) and nothing builds up where
/// pieces meet.
public enum LassoOutline {
    /// The dash's width, points.
    public static let widthPoints = 2.0
    /// The most a chord of an arc strays from it, frame pixels.
    public static let arcTolerance = 0.01

    /// A centre line: points in frame pixels with their arc lengths from its start.
    public struct Path: Equatable, Sendable {
        public var points: [Vec2] = []
        public var lengths: [Double] = []

        public var length: Double { lengths.last ?? 0 }

        mutating func append(_ point: Vec2, length: Double? = nil) {
            lengths.append(length ?? ((points.last.map { (point - $0).length } ?? 0) + (lengths.last ?? 0)))
            points.append(point)
        }

        /// The point at arc length `s` (within the path).
        func point(at s: Double, near index: Int) -> Vec2 {
            let before = index, after = min(index + 1, points.count - 1)
            let span = lengths[after] - lengths[before]
            guard span > 0 else { return points[before] }
            return Vec2.lerp(points[before], points[after], min(max((s - lengths[before]) / span, 0), 1))
        }

        /// The piece of the path from arc length `a` to `b`: its ends and the points between.
        public func piece(from a: Double, to b: Double) -> [Vec2] {
            guard points.count > 1 else { return points }
            // The last point at or before a.
            var low = 0, high = lengths.count
            while low < high {
                let middle = (low + high) / 2
                if lengths[middle] <= a { low = middle + 1 } else { high = middle }
            }
            var index = max(low - 1, 0)
            var piece = [point(at: a, near: index)]
            while index + 1 < points.count, lengths[index + 1] < b {
                index += 1
                piece.append(points[index])
            }
            piece.append(point(at: b, near: min(index, points.count - 2)))
            return piece
        }
    }

    /// The open polyline of `points` (frame pixels).
    public static func polyline(_ points: [Vec2]) -> Path {
        var path = Path()
        for point in points { path.append(point) }
        return path
    }

    /// The hull `hull` (clockwise on screen from its top-most, then
    /// left-most, vertex; frame pixels) grown by `width`, closed: from the
    /// point straight above the first vertex, clockwise, arcs in chords
    /// within `arcTolerance` carrying their true arc lengths.
    public static func grownHull(_ hull: [Vec2], by width: Double) -> Path {
        var path = Path()
        guard let first = hull.first else { return path }
        let up = -Double.pi / 2
        let step = width > arcTolerance ? max(2 * acos(1 - arcTolerance / width), 2 * Double.pi / 4096) : Double.pi / 2
        func arc(about centre: Vec2, from start: Double, sweep: Double) {
            let steps = max(Int((sweep / step).rounded(.up)), 1)
            let startLength = path.length
            for index in 1...steps {
                let angle = start + sweep * Double(index) / Double(steps)
                path.append(centre + Vec2(cos(angle), sin(angle)) * width, length: startLength + width * sweep * Double(index) / Double(steps))
            }
        }
        path.append(first + Vec2(0, -width))
        guard hull.count > 1 else {
            arc(about: first, from: up, sweep: 2 * Double.pi)
            return path
        }
        // Each edge's outward normal's angle (clockwise on screen: the normal of direction d is (d.y, -d.x)).
        let normals = hull.indices.map { index -> Double in
            let direction = hull[(index + 1) % hull.count] - hull[index]
            return atan2(-direction.x, direction.y)
        }
        func sweep(from a: Double, to b: Double) -> Double {
            let turn = (b - a).truncatingRemainder(dividingBy: 2 * Double.pi)
            let sweep = turn < 0 ? turn + 2 * Double.pi : turn
            return sweep > 2 * Double.pi - 1e-9 ? 0 : sweep
        }
        arc(about: first, from: up, sweep: sweep(from: up, to: normals[0]))
        for index in 1...hull.count {
            let vertex = hull[index % hull.count], normal = normals[index - 1]
            path.append(vertex + Vec2(cos(normal), sin(normal)) * width)
            if index < hull.count {
                arc(about: vertex, from: normal, sweep: sweep(from: normal, to: normals[index]))
            } else {
                arc(about: vertex, from: normal, sweep: sweep(from: normal, to: up))
            }
        }
        return path
    }

    /// The arc-length stretches of `path` that are dashes: those whose
    /// points s have `(s + phase + shift) mod period < dash` (`shift` 0 for the black, half a period for the white).
    public static func dashes(along path: Path, phase: Double, shift: Double, dash: Double, period: Double) -> [(Double, Double)] {
        let length = path.length
        guard period > 0, dash > 0, !path.points.isEmpty else { return [] }
        // Dash k starts at k period - phase - shift.
        var k = ((phase + shift) / period).rounded(.down)
        var stretches: [(Double, Double)] = []
        while true {
            let start = k * period - phase - shift
            guard start <= length else { break }
            let a = max(start, 0), b = min(start + dash, length)
            if b > a || (b == a && length == 0) { stretches.append((a, b)) }
            k += 1
        }
        return stretches
    }

    /// The two dashed strokes along `path` at `phase` (frame pixels: the dash, gap and width already scaled).
    public static func nodes(along path: Path, phase: Double, pointPixels: Double) -> [StrokeNode] {
        let period = LassoGeometry.periodPoints * pointPixels, dash = LassoGeometry.dashPoints * pointPixels
        let radius = widthPoints * pointPixels / 2
        return [(RGB.black, 0.0), (RGB.white, period / 2)].compactMap { colour, shift in
            var segments: [TaperedCapsule] = []
            for (a, b) in dashes(along: path, phase: phase, shift: shift, dash: dash, period: period) {
                let piece = path.piece(from: a, to: b)
                if piece.count == 1 { segments.append(TaperedCapsule(from: piece[0], to: piece[0], startRadius: radius, endRadius: radius)) }
                for index in piece.indices.dropFirst() {
                    segments.append(TaperedCapsule(from: piece[index - 1], to: piece[index], startRadius: radius, endRadius: radius))
                }
            }
            return segments.isEmpty ? nil : StrokeNode(segments: segments, color: colour, alpha: 0.5)
        }
    }
}
