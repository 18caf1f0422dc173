import CallshadeCore
import Foundation

/// The $1 Unistroke Recognizer (Wobbrock, Wilson and Li, 2007) as
/// `drawing-tools.md` section 3 uses it: a stroke's points resampled to 64
/// at equal arc lengths (exactly: k L / 63 along the path, ours), turned by
/// minus their indicative angle (centroid minus first point) about the
/// centroid, scaled in x and y to a 250 square, moved so the centroid is
/// the origin; each template the same. A candidate's distance to a
/// template is the mean point-to-point distance at the best turn, found by
/// the paper's golden-section search over ±45° to 2°; its score 1 - d /
/// (0.5 √2 250). Written from the paper's description.
public struct UnistrokeRecognizer: Sendable {
    /// A template: its name and its points as processed.
    public struct Template: Sendable {
        public let name: String
        let points: [Vec2]
    }

    /// The best template's name and score, or nil when nothing was recognised.
    public struct Match: Equatable, Sendable {
        public let name: String
        public let score: Double
    }

    public static let pointCount = 64
    public static let squareSide = 250.0
    static let searchHalfAngle = 45.0 * Double.pi / 180
    static let searchPrecision = 2.0 * Double.pi / 180
    static let phi = 0.5 * (-1 + 5.0.squareRoot())

    /// The templates in order, each followed by its reverse.
    public let templates: [Template]

    /// Templates from named point lists; each is added as given and reversed. One that processes to nothing (a side of 0) is left out.
    public init(_ named: [(name: String, points: [Vec2])]) {
        templates = named.flatMap { entry in
            [entry.points, Array(entry.points.reversed())].compactMap { points in
                Self.processed(points).map { Template(name: entry.name, points: $0) }
            }
        }
    }

    /// Each template's best score for `points` (the higher of its two directions), in the templates' order; empty when the points cannot be processed.
    public func scores(_ points: [Vec2]) -> [(name: String, score: Double)] {
        guard let candidate = Self.processed(points) else { return [] }
        var best: [(name: String, score: Double)] = []
        for template in templates {
            let score = 1 - Self.distanceAtBestAngle(candidate, template.points) / (0.5 * (2 * Self.squareSide * Self.squareSide).squareRoot())
            if let at = best.firstIndex(where: { $0.name == template.name }) {
                best[at].score = max(best[at].score, score)
            } else {
                best.append((template.name, score))
            }
        }
        return best
    }

    /// The best template at or above `threshold` (ties: the first in order), or nil.
    public func recognise(_ points: [Vec2], threshold: Double) -> Match? {
        var found: Match?
        for (name, score) in scores(points) where score >= threshold && score > (found?.score ?? -.infinity) {
            found = Match(name: name, score: score)
        }
        return found
    }

    /// Resampled, turned to the indicative angle, scaled to the square and centred; nil for under 2 points, no length, or a side of 0.
    static func processed(_ points: [Vec2]) -> [Vec2]? {
        guard let resampled = resampled(points) else { return nil }
        let centre = centroid(resampled)
        let angle = atan2(centre.y - resampled[0].y, centre.x - resampled[0].x)
        let turned = rotated(resampled, by: -angle, about: centre)
        let xs = turned.map(\.x), ys = turned.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        let width = maxX - minX, height = maxY - minY
        guard width > 0, height > 0 else { return nil }
        let scaled = turned.map { Vec2($0.x * squareSide / width, $0.y * squareSide / height) }
        let middle = centroid(scaled)
        return scaled.map { $0 - middle }
    }

    /// 64 points at arc lengths k L / 63 along the path, k = 0...63, each on its segment by linear interpolation.
    static func resampled(_ points: [Vec2]) -> [Vec2]? {
        guard points.count >= 2 else { return nil }
        var lengths = [0.0]
        for index in 1..<points.count { lengths.append(lengths[index - 1] + (points[index] - points[index - 1]).length) }
        guard let total = lengths.last, total > 0 else { return nil }
        var result: [Vec2] = []
        result.reserveCapacity(pointCount)
        var segment = 1
        for k in 0..<pointCount {
            let target = total * Double(k) / Double(pointCount - 1)
            while segment < points.count - 1, lengths[segment] < target { segment += 1 }
            let start = lengths[segment - 1], span = lengths[segment] - start
            let t = span > 0 ? min(max((target - start) / span, 0), 1) : 0
            result.append(points[segment - 1] + (points[segment] - points[segment - 1]) * t)
        }
        return result
    }

    static func centroid(_ points: [Vec2]) -> Vec2 {
        points.reduce(Vec2(0, 0)) { $0 + $1 } * (1 / Double(points.count))
    }

    static func rotated(_ points: [Vec2], by angle: Double, about centre: Vec2) -> [Vec2] {
        let (c, s) = (cos(angle), sin(angle))
        return points.map { point in
            let d = point - centre
            return Vec2(d.x * c - d.y * s + centre.x, d.x * s + d.y * c + centre.y)
        }
    }

    /// The mean distance between corresponding points.
    static func pathDistance(_ a: [Vec2], _ b: [Vec2]) -> Double {
        zip(a, b).reduce(0) { $0 + ($1.0 - $1.1).length } / Double(min(a.count, b.count))
    }

    static func distance(_ points: [Vec2], _ template: [Vec2], at angle: Double) -> Double {
        pathDistance(rotated(points, by: angle, about: centroid(points)), template)
    }

    /// The paper's golden-section search for the turn within ±45° that brings the points nearest the template, to 2°.
    static func distanceAtBestAngle(_ points: [Vec2], _ template: [Vec2]) -> Double {
        var (low, high) = (-searchHalfAngle, searchHalfAngle)
        var x1 = phi * low + (1 - phi) * high, f1 = distance(points, template, at: x1)
        var x2 = (1 - phi) * low + phi * high, f2 = distance(points, template, at: x2)
        while abs(high - low) > searchPrecision {
            if f1 < f2 {
                high = x2
                (x2, f2) = (x1, f1)
                x1 = phi * low + (1 - phi) * high
                f1 = distance(points, template, at: x1)
            } else {
                low = x1
                (x1, f1) = (x2, f2)
                x2 = (1 - phi) * low + phi * high
                f2 = distance(points, template, at: x2)
            }
        }
        return min(f1, f2)
    }
}
