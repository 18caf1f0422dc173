import Foundation

/// One shape entity as a frame draws it (`drawing.md` section 6): its
/// geometry about its own origin (canvas pixels, y down), filled or stroked
/// (`stroke`: half the stroke's width in the same units, 0 for a fill; an
/// arrow is always its lines), placed at `centre` (frame pixels), scaled by
/// `scale` (frame pixels a unit) and turned by `rotation` radians
/// (clockwise on screen), in a colour at an opacity. It is sampled exactly
/// where it lies: a frame pixel is taken back into the shape's own units.
public struct PlacedShape: Equatable, Sendable {
    public enum Geometry: Equatable, Sendable {
        case rectangle(RoundedRectangle)
        /// The ellipse of semi-axes `a` (along x) and `b`.
        case ellipse(a: Double, b: Double)
        case star(Star)
        case bubble(SpeechBubble)
        /// A shaft `length` long along x, centred, and the two head lines
        /// `head` long from its right end at +-0.45 rad back from it.
        case arrow(length: Double, head: Double)
        /// A polygon of at most `maximumVertices` vertices (the editor's tool silhouettes), filled by the even-odd rule.
        case polygon([Vec2])
        /// A segment whose radius goes from one end's to the other's (the editor's weight slider).
        case taperedCapsule(TaperedCapsule)
        /// Lines of no width (stroked by `stroke`, round ends), at most
        /// `maximumLines`, and an arc, all one outline (the editor's icons).
        case lines([Segment], arc: ShapeArc?)

        /// The most vertices a polygon has, and lines a `.lines` has (what the shader's block holds).
        public static let maximumVertices = 16
        public static let maximumLines = 8
    }

    /// A line from `start` to `end`.
    public struct Segment: Equatable, Sendable {
        public var start: Vec2
        public var end: Vec2

        public init(_ start: Vec2, _ end: Vec2) {
            self.start = start
            self.end = end
        }
    }

    /// The arrow's head lines' angle from the shaft (`drawing.md` section 2).
    public static let headAngle = 0.45

    public var geometry: Geometry
    public var stroke: Double
    public var centre: Vec2
    public var scale: Double
    public var rotation: Double
    public var color: RGB
    public var alpha: Double
    /// Its colour across its box (`.solid`: `color`).
    public var paint: ShapePaint
    /// A fade down the frame its coverage is multiplied by (nil: none).
    public var fade: ShapeFade?
    /// A soft edge's Gaussian, frame pixels (`SoftEdge`; 0: the one-pixel rule).
    public var softness: Double

    public init(geometry: Geometry, stroke: Double, centre: Vec2, scale: Double, rotation: Double, color: RGB, alpha: Double,
                paint: ShapePaint = .solid, fade: ShapeFade? = nil, softness: Double = 0) {
        self.geometry = geometry
        self.stroke = stroke
        self.centre = centre
        self.scale = scale
        self.rotation = rotation
        self.color = color
        self.alpha = alpha
        self.paint = paint
        self.fade = fade
        self.softness = softness
    }

    /// Its colour and the share of its coverage shown at frame pixel centre `point`, sampled by `sampler` (made from it).
    public func colourAndShare(at point: Vec2, sampler: Sampler) -> (RGB, Double) {
        (paint.colour(at: sampler.local(point), across: sampler.across(point), solid: color), fade?.share(atY: point.y) ?? 1)
    }

    /// Its coverage at signed distance `distance` (frame pixels): the one-pixel rule, or its soft edge's.
    public func coverage(signedDistance distance: Double) -> Double {
        softness > 0 ? SoftEdge.coverage(signedDistance: distance, sigma: softness) : EdgeCoverage.coverage(signedDistance: distance)
    }

    /// The arrow's three lines (shaft, then the head's two), about the origin.
    public static func arrowLines(length: Double, head: Double) -> [(Vec2, Vec2)] {
        let tip = Vec2(length / 2, 0)
        let back = Vec2(-head * cos(headAngle), head * sin(headAngle))
        return [(Vec2(-length / 2, 0), tip), (tip, tip + back), (tip, tip + Vec2(back.x, -back.y))]
    }

    /// The outline's signed distance at `local` (its own units), negative inside.
    public func outlineDistance(_ local: Vec2) -> Double {
        Sampler.Outline(geometry).distance(local)
    }

    /// The signed distance of what it draws at frame point `point`, in frame
    /// pixels (`Sampler`'s: one made for many points is cheaper).
    public func signedDistance(_ point: Vec2) -> Double {
        Sampler(self).signedDistance(point)
    }

    /// The box it may cover about its own origin, in its own units: its outline's and the stroke's.
    public var localBox: (left: Double, top: Double, right: Double, bottom: Double) {
        let box: (Double, Double, Double, Double)
        switch geometry {
        case .rectangle(let shape): box = (shape.x, shape.y, shape.x + shape.width, shape.y + shape.height)
        case .ellipse(let a, let b): box = (-a, -b, a, b)
        case .star(let star): box = (-star.outer, -star.outer, star.outer, star.outer)
        case .bubble(let bubble): box = (-bubble.width / 2, -bubble.height / 2, bubble.width / 2, (0.5 + SpeechBubble.tailLength) * bubble.height)
        case .arrow(let length, let head): box = (-length / 2, -head, length / 2, head)
        case .polygon(let vertices):
            let xs = vertices.map(\.x), ys = vertices.map(\.y)
            box = (xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0)
        case .taperedCapsule(let capsule):
            let r = max(capsule.startRadius, capsule.endRadius)
            box = (min(capsule.start.x, capsule.end.x) - r, min(capsule.start.y, capsule.end.y) - r,
                   max(capsule.start.x, capsule.end.x) + r, max(capsule.start.y, capsule.end.y) + r)
        case .lines(let lines, let arc):
            var points = lines.flatMap { [$0.start, $0.end] }
            if let arc { points += [arc.centre - Vec2(arc.radius, arc.radius), arc.centre + Vec2(arc.radius, arc.radius)] }
            let xs = points.map(\.x), ys = points.map(\.y)
            box = (xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0)
        }
        return (box.0 - stroke, box.1 - stroke, box.2 + stroke, box.3 + stroke)
    }
}

/// The drawing's shape entities at an instant, drawn in order, each
/// source-over what is below at its colour and its coverage (the
/// `EdgeCoverage` rule of its signed distance) times its opacity.
public struct ShapesNode: SceneNode, Equatable, Sendable {
    public var shapes: [PlacedShape]

    public init(shapes: [PlacedShape]) {
        self.shapes = shapes
    }

    /// A shape's box in frame pixels: its own box turned and scaled about
    /// its centre, and a pixel; above the row where its fade leaves nothing
    /// (pixel centres from there down show none of it).
    public static func box(of shape: PlacedShape) -> (left: Double, top: Double, right: Double, bottom: Double) {
        let local = shape.localBox, c = cos(shape.rotation), s = sin(shape.rotation)
        let corners = [Vec2(local.left, local.top), Vec2(local.right, local.top), Vec2(local.left, local.bottom), Vec2(local.right, local.bottom)]
            .map { Vec2($0.x * c - $0.y * s, $0.x * s + $0.y * c) * shape.scale + shape.centre }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let grow = 1 + SoftEdge.reach * shape.softness
        var bottom = (ys.max() ?? 0) + grow
        if let fade = shape.fade { bottom = min(bottom, fade.end > fade.start ? fade.end : fade.start) }
        return ((xs.min() ?? 0) - grow, (ys.min() ?? 0) - grow, (xs.max() ?? 0) + grow, bottom)
    }

    public func bounds(in size: FrameSize) -> PixelRect {
        shapes.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { bounds, shape in
            guard shape.alpha > 0, shape.scale > 0 else { return bounds }
            let box = Self.box(of: shape)
            return bounds.union(PixelRect(covering: box.left, box.top, box.right, box.bottom, within: size))
        }
    }

    /// An edge tile wherever a shape's box reaches and its outline may
    /// cover a pixel (a tile whose every pixel centre the shape's
    /// `Sampler.surelyUncovered` rules out is outside: a ring's hole, the
    /// corners of a turned shape's box); never opaque.
    public func tileCoverage(in region: PixelRect) -> [TileCoverage] {
        let (columns, rows) = SceneTiles.count(region)
        var touched = [Bool](repeating: false, count: columns * rows)
        // The tiles whose pixel centres may reach from `low` to `high` (each tested below), clamped before they become whole numbers.
        func tiles(_ low: Double, _ high: Double, from origin: Int, count: Int) -> Range<Int> {
            let side = Double(SceneTiles.side)
            let first = ((low - 0.5 - Double(origin)) / side - 1).rounded(.down), last = ((high + 0.5 - Double(origin)) / side + 1).rounded(.up)
            guard !first.isNaN, !last.isNaN else { return 0..<count }
            let lower = Int(min(max(first, 0), Double(count))), upper = Int(min(max(last, 0), Double(count)))
            return lower..<max(lower, upper)
        }
        for shape in shapes where shape.alpha > 0 && shape.scale > 0 {
            let box = Self.box(of: shape), sampler = PlacedShape.Sampler(shape)
            for row in tiles(box.top, box.bottom, from: region.y, count: rows) {
                for column in tiles(box.left, box.right, from: region.x, count: columns) where !touched[row * columns + column] {
                    let tile = SceneTiles.centreBox(column: column, row: row, region: region, origin: Vec2(0, 0))
                    guard tile.x.upperBound >= box.left, tile.x.lowerBound <= box.right, tile.y.upperBound >= box.top,
                          tile.y.lowerBound <= box.bottom else { continue }
                    let centre = Vec2((tile.x.lowerBound + tile.x.upperBound) / 2, (tile.y.lowerBound + tile.y.upperBound) / 2)
                    let radius = Vec2(tile.x.upperBound - tile.x.lowerBound, tile.y.upperBound - tile.y.lowerBound).length / 2
                    if !sampler.surelyUncovered(within: radius, of: centre) { touched[row * columns + column] = true }
                }
            }
        }
        return touched.map { $0 ? .edge : .outside }
    }

    public func referenceShader(in scene: Scene) -> any ReferenceNodeShader {
        ReferenceShapes(node: self)
    }
}
