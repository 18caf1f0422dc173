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

    /// A pointer on the shape's top edge (the tooltip's arrow): nil for none.
    public var arrow: Arrow?
    /// Over a full-screen video, what it shows instead of the toned
    /// gradient (video-call, section 7); nil in an audio call.
    public var video: GlassVideo?
    /// Over the chat's wallpaper (chat, sections 2.1 and 2.4), what it shows
    /// a toned copy of instead of `backdrop`: the wallpaper with its pattern.
    public var wallpaper: WallpaperNode?

    /// An isosceles triangle pointing up from the shape's top edge, its tip
    /// rounded: the union of the two is the glass's shape.
    public struct Arrow: Equatable, Sendable {
        /// The tip, in frame pixels.
        public var tipX: Double
        public var tipY: Double
        /// Its width where it meets the shape's top edge, and its height above it, in pixels.
        public var width: Double
        public var height: Double
        /// The tip's rounding radius, in pixels.
        public var tipRadius: Double

        public init(tipX: Double, tipY: Double, width: Double, height: Double, tipRadius: Double) {
            self.tipX = tipX
            self.tipY = tipY
            self.width = width
            self.height = height
            self.tipRadius = tipRadius
        }

        /// The triangle whose rounding by `tipRadius` gives the arrow: its
        /// apex (the radius below the tip, so that the rounded tip is at the
        /// tip) and its half-width and depth, its flanks such that the
        /// rounded ones pass through the base's corners (width apart, height
        /// below the tip), reaching `depth` pixels below the base (into the
        /// shape) so that its own base corners are never seen.
        public func core(depth: Double) -> (apexX: Double, apexY: Double, halfWidth: Double, depth: Double) {
            guard width > 0, height > 0 else { return (tipX, tipY, 0, 0) }
            let radius = min(max(tipRadius, 0), height / 2)
            // From the apex to a base corner: its angle from straight down, less the tangent's turn.
            let across = width / 2, down = height - radius
            let angle = atan2(across, down) - asin(radius / (across * across + down * down).squareRoot())
            let reach = height - radius + depth
            return (tipX, tipY + radius, reach * tan(angle), reach)
        }

        /// Its signed distance at `point` (negative inside), reaching
        /// `depth` pixels into the shape below its base.
        public func signedDistance(_ point: Vec2, depth: Double) -> Double {
            outline(depth: depth).signedDistance(point)
        }

        /// Its outline reaching `depth` pixels into the shape: worked out once, for many points.
        public func outline(depth: Double) -> Outline {
            Outline(core: core(depth: depth), radius: min(max(tipRadius, 0), height / 2))
        }

        /// The core triangle and its rounding.
        public struct Outline: Sendable {
            let core: (apexX: Double, apexY: Double, halfWidth: Double, depth: Double)
            let radius: Double

            /// The signed distance at `point`, negative inside.
            public func signedDistance(_ point: Vec2) -> Double {
                guard core.depth > 0 else { return .infinity }
                return Arrow.triangleDistance(x: abs(point.x - core.apexX), y: point.y - core.apexY, halfWidth: core.halfWidth,
                                              depth: core.depth) - radius
            }
        }

        /// The signed distance to the isosceles triangle with its apex at
        /// the origin and its base `depth` below (y down), `halfWidth` each
        /// side, at (x >= 0, y): the nearest of its flank and its base, negative inside.
        static func triangleDistance(x: Double, y: Double, halfWidth: Double, depth: Double) -> Double {
            let lengthSquared = halfWidth * halfWidth + depth * depth
            let along = min(max((x * halfWidth + y * depth) / lengthSquared, 0), 1)
            let flank = Vec2(x - halfWidth * along, y - depth * along)
            let base = Vec2(x - halfWidth * min(max(x / halfWidth, 0), 1), y - depth)
            let distance = min(flank.x * flank.x + flank.y * flank.y, base.x * base.x + base.y * base.y).squareRoot()
            let inside = x * depth - y * halfWidth < 0 && y < depth
            return inside ? -distance : distance
        }

        /// The pixels it may cover, from its tip to `depth` below its base, grown by one.
        public func box(depth: Double) -> (x: Double, y: Double, width: Double, height: Double) {
            let core = core(depth: depth)
            return (core.apexX - core.halfWidth - 1, tipY - 1, 2 * core.halfWidth + 2, core.apexY + core.depth - tipY + 2)
        }
    }

    /// How far the arrow's triangle reaches into the shape below its base, in pixels.
    public var arrowDepth: Double { min(max(height / 2, 0), 8) }

    /// The spec's blur: a standard deviation of 10 pt.
    public static let blurPoints = 10.0

    public init(x: Double, y: Double, width: Double, height: Double, shape: Shape, backdrop: GradientParameters, blur: Double,
                tone: Tone = .waves, opacity: Double = 1, arrow: Arrow? = nil, wallpaper: WallpaperNode? = nil) {
        self.wallpaper = wallpaper
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.shape = shape
        self.backdrop = backdrop
        self.blur = blur
        self.tone = tone
        self.opacity = opacity
        self.arrow = arrow
    }

    /// The corner radius in pixels, within 0...half the shorter side.
    public var cornerRadius: Double { body.radius }

    /// The rounded rectangle the shape is (without its arrow).
    public var body: RoundedRectangle {
        switch shape {
        case .capsule: return RoundedRectangle(x: x, y: y, width: width, height: height, cornerRadius: max(0, min(width, height) / 2))
        case .roundedRectangle(let radius): return RoundedRectangle(x: x, y: y, width: width, height: height, cornerRadius: radius)
        }
    }

    /// The signed distance from `point` (frame pixels) to the outline of the
    /// shape and its arrow: negative inside. 1-Lipschitz; convex without an arrow.
    public func signedDistance(_ point: Vec2) -> Double {
        guard let arrow else { return bodyDistance(point) }
        return min(bodyDistance(point), arrow.signedDistance(point, depth: arrowDepth))
    }

    /// The signed distance to the rounded rectangle alone.
    public func bodyDistance(_ point: Vec2) -> Double {
        body.signedDistance(point)
    }

    /// The shape's coverage of the pixel whose centre is `point` (`EdgeCoverage`).
    public func coverage(at point: Vec2) -> Double {
        EdgeCoverage.coverage(signedDistance: signedDistance(point))
    }

    public func bounds(in size: FrameSize) -> PixelRect {
        guard opacity > 0, width > 0, height > 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let whole = Self.pixels(from: x - 1, to: x + width + 1, extent: size.width)
        let rows = Self.pixels(from: y - 1, to: y + height + 1, extent: size.height)
        let body = PixelRect(x: whole.lowerBound, y: rows.lowerBound, width: whole.count, height: rows.count)
        guard let box = arrow?.box(depth: arrowDepth) else { return body }
        let columns = Self.pixels(from: box.x, to: box.x + box.width, extent: size.width)
        let arrowRows = Self.pixels(from: box.y, to: box.y + box.height, extent: size.height)
        return body.union(PixelRect(x: columns.lowerBound, y: arrowRows.lowerBound, width: columns.count, height: arrowRows.count))
    }

    /// The pixels from `low` to `high` within 0..<extent.
    private static func pixels(from low: Double, to high: Double, extent: Int) -> Range<Int> {
        guard low.isFinite, high.isFinite else { return 0..<0 }
        let first = Int(min(max(low.rounded(.down), 0), Double(extent)))
        let last = Int(min(max(high.rounded(.up), 0), Double(extent)))
        return first..<max(first, last)
    }

    /// Inside (coverage 1 at every pixel centre of the tile), outside
    /// (0 at every one) or edge, as `ConvexTiles` classifies a convex
    /// shape, from the distance to the shape and its arrow (which is convex
    /// away from the arrow). Full glass replaces what is below: opaque. A
    /// tile that meets the arrow's box is an edge tile.
    public func tileCoverage(in region: PixelRect) -> [TileCoverage] {
        let (columns, rows) = SceneTiles.count(region)
        guard opacity > 0, width > 0, height > 0 else { return [TileCoverage](repeating: .outside, count: columns * rows) }
        let arrowBox = arrow?.box(depth: arrowDepth)
        // `signedDistance`, with the body and the arrow's outline worked out once rather than at every corner.
        let body = body
        let outline = arrow?.outline(depth: arrowDepth)
        func signedDistance(_ point: Vec2) -> Double {
            guard let outline else { return body.signedDistance(point) }
            return min(body.signedDistance(point), outline.signedDistance(point))
        }
        return SceneTiles.coverages(in: region) { box in
            if let arrowBox, box.x.upperBound + 1 > arrowBox.x, box.x.lowerBound - 1 < arrowBox.x + arrowBox.width,
               box.y.upperBound + 1 > arrowBox.y, box.y.lowerBound - 1 < arrowBox.y + arrowBox.height {
                return .edge
            }
            switch ConvexTiles.classify(box, signedDistance: signedDistance) {
            // Over a video or the wallpaper the result depends on more than the background: not a backdrop tile.
            case .inside: return opacity >= 1 ? .opaque : video == nil && wallpaper == nil ? .backdrop : .edge
            case .outside: return .outside
            case .edge: return .edge
            }
        }
    }

    public func referenceShader(in scene: Scene) -> any ReferenceNodeShader {
        ReferenceGlass(glass: self, scene: scene)
    }
}
