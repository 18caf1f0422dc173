/// A shape's coverage over all the pixel centres of a tile.
public enum PartCoverage: Equatable, Sendable {
    /// Exactly 0 at every pixel.
    case outside
    /// Exactly 1 at every pixel.
    case inside
    /// Anything: it must be worked out pixel by pixel.
    case edge
}

/// The box of a tile's pixel centres (`SceneTiles.centreBox`).
public typealias CentreBox = (x: ClosedRange<Double>, y: ClosedRange<Double>)

/// Tile classification of a shape whose signed distance is convex (a
/// rounded rectangle, a capsule): inside where the distance at the box's
/// four corners (its largest over the box) is at most -(1/2 + slack);
/// outside where the distance at the middle, less half the box's diagonal
/// (its smallest over the box: it is 1-Lipschitz), is at least 1/2 + slack.
public enum ConvexTiles {
    /// Slack for the GPU's float arithmetic, in pixels.
    public static let slack = 0.01

    @inlinable
    public static func classify(_ box: CentreBox, signedDistance: (Vec2) -> Double) -> PartCoverage {
        // The four corners' distances (no arrays: this runs for every tile of every frame).
        let farthest = max(max(signedDistance(Vec2(box.x.lowerBound, box.y.lowerBound)), signedDistance(Vec2(box.x.upperBound, box.y.lowerBound))),
                           max(signedDistance(Vec2(box.x.lowerBound, box.y.upperBound)), signedDistance(Vec2(box.x.upperBound, box.y.upperBound))))
        if farthest <= -(0.5 + slack) { return .inside }
        let middle = Vec2((box.x.lowerBound + box.x.upperBound) / 2, (box.y.lowerBound + box.y.upperBound) / 2)
        let halfDiagonal = (Vec2(box.x.lowerBound, box.y.lowerBound) - middle).length
        if signedDistance(middle) - halfDiagonal >= 0.5 + slack { return .outside }
        return .edge
    }
}

/// Spans of a row of pixel centres, as the shapes give them.
public enum RowSpan {
    /// A span that holds no pixel centre: the row misses the shape.
    public static let none = Double.infinity...Double.infinity
    /// How far inside (or outside) the exact span a shape's runs (spans) stop, in pixels.
    public static let margin = 0.01
}
