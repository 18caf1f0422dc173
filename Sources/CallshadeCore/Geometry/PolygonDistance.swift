/// The exact signed distance to a simple polygon's outline (its vertices in
/// order, either way round), negative inside: the distance to the nearest of
/// its edges, inside where a ray from the point crosses the outline an odd
/// number of times. The star's and the speech bubble's tail (`Star`,
/// `SpeechBubble`); `shapes.glsl` has the same as `polygonDistance`.
public enum PolygonDistance {
    public static func signedDistance(_ point: Vec2, vertices: [Vec2]) -> Double {
        guard vertices.count >= 3 else { return .infinity }
        // The nearest squared distance, its root taken once (the root is monotone: the same value as the least of the roots).
        var nearest = Double.infinity
        var inside = false
        var previous = vertices[vertices.count - 1]
        for vertex in vertices {
            let edge = vertex - previous, from = point - previous
            let lengthSquared = edge.x * edge.x + edge.y * edge.y
            let t = lengthSquared > 0 ? min(max((from.x * edge.x + from.y * edge.y) / lengthSquared, 0), 1) : 0
            let off = from - edge * t
            nearest = min(nearest, off.x * off.x + off.y * off.y)
            // The horizontal ray to the right from the point crosses this edge.
            if (previous.y > point.y) != (vertex.y > point.y) {
                let crossing = previous.x + (point.y - previous.y) / (vertex.y - previous.y) * edge.x
                if point.x < crossing { inside.toggle() }
            }
            previous = vertex
        }
        return inside ? -nearest.squareRoot() : nearest.squareRoot()
    }
}
