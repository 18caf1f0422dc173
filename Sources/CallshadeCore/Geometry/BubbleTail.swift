import Foundation

/// A chat bubble's tail (chat, section 2.6), in points about the body's
/// bottom corner on the tail's side (y down; an outgoing bubble's tail, at
/// the bottom-right; an incoming one's is its mirror image): the rectangle
/// [-16.5, 0] x [-17, -8], united with the region between y = -8.5 and the
/// quadratics (-9, -8.5) ctl (-9, 0) -> (4.5, 0) ctl (18, 0) -> (18, -8.5),
/// less the ellipse about (11.5, -8.5) of radii 11.5 x 10.5: its tip at
/// (4.75, 0). The one definition of its signed distance; `shapes.glsl` has
/// the same as `bubbleTailDistance`.
///
/// The distance is exact for the rectangle and, to first order, for the
/// curve (its vertical and horizontal offsets combined) and the ellipse
/// (its value over its gradient's length), so it is negative exactly
/// inside and near the true distance by the edge, where the coverage rule reads it.
public enum BubbleTail {
    /// Where the tip is: the curve meets the ellipse at y = 0.
    public static let tip = Vec2(4.75, 0)
    /// The box the tail lies in (points, about the corner): x -16.5 ... 18, y -17 ... 0.
    public static let box = (left: -16.5, top: -17.0, right: 18.0, bottom: 0.0)

    /// Whether the point (points, about the corner, outgoing) is inside, by the spec's sets.
    public static func contains(_ p: Vec2) -> Bool {
        let inRectangle = p.x >= -16.5 && p.x <= 0 && p.y >= -17 && p.y <= -8
        let inRegion = p.x >= -9 && p.x <= 18 && p.y >= -8.5 && p.y <= curve(p.x)
        let e = Vec2((p.x - 11.5) / 11.5, (p.y + 8.5) / 10.5)
        return (inRectangle || inRegion) && e.x * e.x + e.y * e.y > 1
    }

    /// The signed distance in points at `p` (about the corner, outgoing), negative inside.
    public static func signedDistance(_ p: Vec2) -> Double {
        max(min(rectangleDistance(p), regionDistance(p)), -ellipseDistance(p))
    }

    /// The same for a tail `mirrored` (incoming) left to right.
    public static func signedDistance(_ p: Vec2, mirrored: Bool) -> Double {
        signedDistance(mirrored ? Vec2(-p.x, p.y) : p)
    }

    /// The lower edge of the region: the two quadratics as y = curve(x), x in -9 ... 18.
    static func curve(_ x: Double) -> Double {
        if x <= 4.5 {
            let s = (max(x + 9, 0) / 13.5).squareRoot()
            return -8.5 * (1 - s) * (1 - s)
        }
        let t = 1 - (max(18 - x, 0) / 13.5).squareRoot()
        return -8.5 * t * t
    }

    /// The curve's two branches at height y (-8.5 ... 0): the left one's x and the right one's.
    static func branches(_ y: Double) -> (left: Double, right: Double) {
        let s = (min(max(-y, 0), 8.5) / 8.5).squareRoot()
        return (-9 + 13.5 * (1 - s) * (1 - s), 18 - 13.5 * (1 - s) * (1 - s))
    }
    static func rectangleDistance(_ p: Vec2) -> Double {
        let qx = abs(p.x + 8.25) - 8.25, qy = abs(p.y + 12.5) - 4.5
        return (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot() + min(max(qx, qy), 0)
    }

    /// Below the line y = -8.5 and above the curve. The curve's part is
    /// its vertical offset v combined with its horizontal offset h as
    /// v |h| / |(v, h)| (exact for a straight edge, and well-behaved where
    /// the curve stands vertical at its ends).
    static func regionDistance(_ p: Vec2) -> Double {
        let vertical = p.y - curve(min(max(p.x, -9), 18))
        var edge = vertical
        if p.y >= -8.5, p.y <= 0 {
            let (left, right) = branches(p.y)
            let horizontal = max(left - p.x, p.x - right)
            let length = (vertical * vertical + horizontal * horizontal).squareRoot()
            if length > 0 { edge = vertical * abs(horizontal) / length }
        }
        return max(max(-8.5 - p.y, edge), max(-9 - p.x, p.x - 18))
    }

    static func ellipseDistance(_ p: Vec2) -> Double {
        let (rx, ry) = (11.5, 10.5)
        let (dx, dy) = (p.x - 11.5, p.y + 8.5)
        let k0 = ((dx / rx) * (dx / rx) + (dy / ry) * (dy / ry)).squareRoot()
        let k1 = ((dx / (rx * rx)) * (dx / (rx * rx)) + (dy / (ry * ry)) * (dy / (ry * ry))).squareRoot()
        return k1 > 0 ? k0 * (k0 - 1) / k1 : -min(rx, ry)
    }
}
