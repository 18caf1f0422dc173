import CallshadeCore
import Foundation

/// The frame behind a framed or semi text (`drawing.md` section 5): one
/// rounded rectangle per line, as tall as the line and as wide as its used
/// width plus `0.24 * font size` each side, corners of `0.2 * line height`;
/// neighbouring lines whose widths differ by less than 2.5 radii take the
/// wider one's width; where lines of different widths meet, the wider's
/// corners there stay round and concave quarter-circle fillets join the
/// narrower's sides to the wider's edge (the fillet's radius is the
/// corner's, or less where the two lines' edges are too close to hold both:
/// ours). The one place its geometry lives: the pictures of text entities
/// are made from `signedDistance`, and the spec's oracle measures them.
public struct TextFrameShape: Equatable, Sendable {
    /// One line's rectangle, canvas pixels about the entity's centre (y down).
    public struct Row: Equatable, Sendable {
        public var left: Double
        public var right: Double
        public var top: Double
        public var bottom: Double

        public init(left: Double, right: Double, top: Double, bottom: Double) {
            self.left = left
            self.right = right
            self.top = top
            self.bottom = bottom
        }
    }

    public let rows: [Row]
    public let radius: Double

    /// The frame of lines `widths` wide (used widths, no padding), each
    /// `lineHeight` tall from `top` down, aligned within the widest
    /// (`alignment`) about x = 0, for text of `fontSize`. A line of no
    /// width has no rectangle.
    public init(widths: [Double], lineHeight: Double, top: Double, fontSize: Double, alignment: TextEntity.Alignment) {
        radius = 0.2 * lineHeight
        let padding = 0.24 * fontSize
        let merged = Self.merged(widths.map { $0 > 0 ? $0 + 2 * padding : 0 }, within: 2.5 * radius)
        let block = merged.max() ?? 0
        rows = merged.enumerated().compactMap { index, width in
            guard width > 0 else { return nil }
            let left: Double
            switch alignment {
            case .left: left = -block / 2
            case .center: left = -width / 2
            case .right: left = block / 2 - width
            }
            let rowTop = top + Double(index) * lineHeight
            return Row(left: left, right: left + width, top: rowTop, bottom: rowTop + lineHeight)
        }
    }

    /// Widths with each run of neighbours closer than `within` set to the run's widest.
    public static func merged(_ widths: [Double], within: Double) -> [Double] {
        var result = widths
        var start = 0
        while start < result.count {
            var end = start
            while end + 1 < result.count, result[end] > 0, result[end + 1] > 0, abs(result[end + 1] - result[end]) < within { end += 1 }
            let widest = result[start...end].max() ?? 0
            for index in start...end { result[index] = widest }
            start = end + 1
        }
        return result
    }

    /// The signed distance at `point` (canvas pixels about the entity's
    /// centre), negative inside; lines farther than their height and two
    /// radii above or below it are not asked (the distance there is over
    /// a radius either way).
    public func signedDistance(_ point: Vec2) -> Double {
        var distance = Double.infinity
        let slack = 1e-9
        // The lines are in order, top to bottom: the first that may matter, found by halves.
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if rows[middle].bottom + 2 * radius < point.y { low = middle + 1 } else { high = middle }
        }
        for index in low..<rows.count {
            let row = rows[index]
            if row.top - 2 * radius > point.y { break }
            let above = index > 0 && abs(rows[index - 1].bottom - row.top) < slack ? rows[index - 1] : nil
            let below = index + 1 < rows.count && abs(rows[index + 1].top - row.bottom) < slack ? rows[index + 1] : nil
            func contains(_ other: Row?) -> Bool { other.map { $0.left <= row.left + slack && $0.right >= row.right - slack } ?? false }
            // A corner is round where nothing reaches past it on its side.
            let topLeft = above.map { $0.left > row.left + slack } ?? true
            let topRight = above.map { $0.right < row.right - slack } ?? true
            let bottomLeft = below.map { $0.left > row.left + slack } ?? true
            let bottomRight = below.map { $0.right < row.right - slack } ?? true
            // Reaching into a neighbour that holds it, so the two leave no seam.
            let top = row.top - (contains(above) ? radius : 0), bottom = row.bottom + (contains(below) ? radius : 0)
            distance = min(distance, Self.roundedBox(point, left: row.left, top: top, right: row.right, bottom: bottom,
                                                     radii: (topLeft ? radius : 0, topRight ? radius : 0,
                                                             bottomLeft ? radius : 0, bottomRight ? radius : 0)))
            // Fillets where a wider neighbour meets this line's sides.
            for (neighbour, edge, down) in [(above, row.top, 1.0), (below, row.bottom, -1.0)] {
                guard let neighbour else { continue }
                if neighbour.left < row.left - slack {
                    let f = min(radius, row.left - neighbour.left - radius)
                    if f > 0 { distance = min(distance, Self.fillet(point, corner: Vec2(row.left, edge), radius: f, outward: -1, down: down, reach: radius)) }
                }
                if neighbour.right > row.right + slack {
                    let f = min(radius, neighbour.right - row.right - radius)
                    if f > 0 { distance = min(distance, Self.fillet(point, corner: Vec2(row.right, edge), radius: f, outward: 1, down: down, reach: radius)) }
                }
            }
        }
        return distance
    }

    /// The box from `left` to `right` and `top` to `bottom` with its corners
    /// rounded by `radii` (top-left, top-right, bottom-left, bottom-right).
    static func roundedBox(_ point: Vec2, left: Double, top: Double, right: Double, bottom: Double,
                           radii: (Double, Double, Double, Double)) -> Double {
        let centre = Vec2((left + right) / 2, (top + bottom) / 2), half = Vec2((right - left) / 2, (bottom - top) / 2)
        let p = point - centre
        let r = p.y < 0 ? (p.x < 0 ? radii.0 : radii.1) : (p.x < 0 ? radii.2 : radii.3)
        let qx = abs(p.x) - half.x + r, qy = abs(p.y) - half.y + r
        return min(max(qx, qy), 0) + (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot() - r
    }

    /// The concave fillet at `corner` (where a line's side meets a wider
    /// neighbour's edge): the `radius` square beside the side (`outward`:
    /// -1 left of it, 1 right) and beyond the edge into the line (`down`: 1
    /// below it, -1 above) less the disc there, reaching `reach` back into
    /// the line and the neighbour so that no seam shows.
    static func fillet(_ point: Vec2, corner: Vec2, radius: Double, outward: Double, down: Double, reach: Double) -> Double {
        let xs = [corner.x + outward * radius, corner.x - outward * reach], ys = [corner.y - down * reach, corner.y + down * radius]
        let box = roundedBox(point, left: xs.min() ?? 0, top: ys.min() ?? 0, right: xs.max() ?? 0, bottom: ys.max() ?? 0, radii: (0, 0, 0, 0))
        let disc = Vec2(corner.x + outward * radius, corner.y + down * radius)
        let d = point - disc
        return max(box, radius - (d.x * d.x + d.y * d.y).squareRoot())
    }
}
