/// A rectangle whose four corners have their own radii, in frame pixels (y
/// down): a chat bubble's body (chat, section 2.6: 16 pt corners, 8 on the
/// tail side facing a merged neighbour). The one definition of its signed
/// distance; `shapes.glsl` has the same as `bubbleBodyDistance`.
public struct BubbleBody: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// Top-left, top-right, bottom-right, bottom-left; each drawn within 0...half the shorter side.
    public var radii: (topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double)

    public init(x: Double, y: Double, width: Double, height: Double,
                radii: (topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double)) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.radii = radii
    }

    public static func == (a: BubbleBody, b: BubbleBody) -> Bool {
        a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height && a.radii == b.radii
    }

    /// The signed distance at `point`, negative inside: the rounded
    /// rectangle's, with the radius of the corner whose quarter the point is in.
    public func signedDistance(_ point: Vec2) -> Double {
        let (halfWidth, halfHeight) = (width / 2, height / 2)
        let (px, py) = (point.x - (x + halfWidth), point.y - (y + halfHeight))
        let corner = px > 0 ? (py > 0 ? radii.bottomRight : radii.topRight) : (py > 0 ? radii.bottomLeft : radii.topLeft)
        let radius = min(max(corner, 0), max(0, min(width, height) / 2))
        let qx = abs(px) - (halfWidth - radius), qy = abs(py) - (halfHeight - radius)
        return (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot() + min(max(qx, qy), 0) - radius
    }
}
