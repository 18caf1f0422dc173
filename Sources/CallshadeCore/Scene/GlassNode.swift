import Foundation

/// Glass (call-screen-elements, section 0): inside a rounded rectangle, a
/// circle or a capsule, a copy of the background alone, toned like the
/// waves' layer and blurred with a Gaussian, replacing what is below; the
/// edge is anti-aliased over one pixel. Buttons, pills, the tooltip and the
/// panels are glass.
///
/// The tone is applied first and the blur second: the blur averages toned
/// colours. Outside the frame the background is its edge pixel's colour (the
/// blur's samples are clamped to the frame).
public struct GlassNode: SceneNode, Equatable, Sendable {
    public enum Shape: Equatable, Sendable {
        /// Corners of this radius in pixels (at most half the shorter side).
        case roundedRectangle(cornerRadius: Double)
        /// Corners of half the shorter side: a circle when the rectangle is square.
        case capsule
    }

    /// The rectangle the shape fills, in frame pixels (y down).
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var shape: Shape
    /// The background it shows a copy of (whether or not the frame shows the background itself).
    public var backdrop: GradientParameters
    /// The Gaussian's standard deviation, in pixels (10 pt at the layout's scale).
    public var blur: Double
    public var tone: Tone
    /// How much of the glass shows, 0...1 (fades): the result is
    /// mix(below, glass, coverage x opacity).
    public var opacity: Double

    /// The spec's blur: a standard deviation of 10 pt.
    public static let blurPoints = 10.0

    public init(x: Double, y: Double, width: Double, height: Double, shape: Shape, backdrop: GradientParameters, blur: Double,
                tone: Tone = .waves, opacity: Double = 1) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.shape = shape
        self.backdrop = backdrop
        self.blur = blur
        self.tone = tone
        self.opacity = opacity
    }

    /// The corner radius in pixels, within 0...half the shorter side.
    public var cornerRadius: Double {
        let half = max(0, min(width, height) / 2)
        switch shape {
        case .capsule: return half
        case .roundedRectangle(let radius): return min(max(radius, 0), half)
        }
    }

    /// The signed distance from `point` (frame pixels) to the shape's
    /// outline: negative inside. 1-Lipschitz and convex.
    public func signedDistance(_ point: Vec2) -> Double {
        let radius = cornerRadius
        let qx = abs(point.x - (x + width / 2)) - (width / 2 - radius)
        let qy = abs(point.y - (y + height / 2)) - (height / 2 - radius)
        let outside = Vec2(max(qx, 0), max(qy, 0)).length
        return outside + min(max(qx, qy), 0) - radius
    }

    /// The shape's coverage of the pixel whose centre is `point`: clamp(1/2 - d, 0, 1).
    public func coverage(at point: Vec2) -> Double {
        min(max(0.5 - signedDistance(point), 0), 1)
    }

    /// Slack for the GPU's float arithmetic in the tile classification, in pixels.
    static let slack = 0.01

    public func bounds(in size: FrameSize) -> PixelRect {
        guard opacity > 0, width > 0, height > 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let whole = Self.pixels(from: x - 1, to: x + width + 1, extent: size.width)
        let rows = Self.pixels(from: y - 1, to: y + height + 1, extent: size.height)
        return PixelRect(x: whole.lowerBound, y: rows.lowerBound, width: whole.count, height: rows.count)
    }

    /// The pixels from `low` to `high` within 0..<extent.
    private static func pixels(from low: Double, to high: Double, extent: Int) -> Range<Int> {
        guard low.isFinite, high.isFinite else { return 0..<0 }
        let first = Int(min(max(low.rounded(.down), 0), Double(extent)))
        let last = Int(min(max(high.rounded(.up), 0), Double(extent)))
        return first..<max(first, last)
    }

    /// Inside (coverage 1 at every pixel centre of the tile), outside
    /// (0 at every one) or edge, from the distance at the tile's corners
    /// (its largest: the distance is convex) and at its middle (within half
    /// the diagonal of the smallest). Full glass replaces what is below: opaque.
    public func tileCoverage(in region: PixelRect) -> [TileCoverage] {
        let (columns, rows) = SceneTiles.count(region)
        guard opacity > 0, width > 0, height > 0 else { return [TileCoverage](repeating: .outside, count: columns * rows) }
        var result: [TileCoverage] = []
        result.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let box = SceneTiles.centreBox(column: column, row: row, region: region, origin: Vec2(0, 0))
                // The four corners' distances (no arrays: this runs for every tile of every frame).
                let farthest = max(max(signedDistance(Vec2(box.x.lowerBound, box.y.lowerBound)), signedDistance(Vec2(box.x.upperBound, box.y.lowerBound))),
                                   max(signedDistance(Vec2(box.x.lowerBound, box.y.upperBound)), signedDistance(Vec2(box.x.upperBound, box.y.upperBound))))
                let middle = Vec2((box.x.lowerBound + box.x.upperBound) / 2, (box.y.lowerBound + box.y.upperBound) / 2)
                let halfDiagonal = (Vec2(box.x.lowerBound, box.y.lowerBound) - middle).length
                if farthest <= -(0.5 + Self.slack) {
                    result.append(opacity >= 1 ? .opaque : .backdrop)
                } else if signedDistance(middle) - halfDiagonal >= 0.5 + Self.slack {
                    result.append(.outside)
                } else {
                    result.append(.edge)
                }
            }
        }
        return result
    }

    public func referenceShader(in scene: Scene) -> any ReferenceNodeShader {
        ReferenceGlass(glass: self, scene: scene)
    }
}
