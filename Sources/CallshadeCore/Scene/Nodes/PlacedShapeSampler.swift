import Foundation

extension PlacedShape {
    /// The shape made ready to be sampled at many frame points: its turn's
    /// cosine and sine and its outline's parts (a star's corners, an arrow's
    /// lines) worked out once. `signedDistance` is the one definition of
    /// what a shape draws; `coverages` gives a row of it, working out only
    /// the pixels near its edges.
    public struct Sampler: Sendable {
        enum Outline: Sendable {
            case rectangle(RoundedRectangle)
            case ellipse(Ellipse)
            case polygon([Vec2])
            case bubble(body: RoundedRectangle, tail: [Vec2])
            case lines([Capsule])
            case tapered(TaperedCapsule)
            case path([Capsule], arc: ShapeArc?)
        }

        let outline: Outline
        /// Its outline's box and the stroke's, in its own units (`PlacedShape.localBox`).
        let box: (left: Double, top: Double, right: Double, bottom: Double)
        let centre: Vec2
        let scale: Double
        let cosine: Double
        let sine: Double
        /// Half the stroke's width in the shape's units (0: filled).
        let stroke: Double
        /// Whether it is drawn by its outline's lines (stroked, or an arrow).
        let isLines: Bool
        /// Its soft edge's Gaussian, frame pixels (0: the one-pixel rule).
        let softness: Double

        public init(_ shape: PlacedShape) {
            outline = Outline(shape.geometry)
            box = shape.localBox
            centre = shape.centre
            scale = shape.scale
            cosine = cos(shape.rotation)
            sine = sin(shape.rotation)
            stroke = shape.stroke
            let drawnAsLines = switch shape.geometry {
            case .arrow, .lines: true
            default: false
            }
            isLines = shape.stroke > 0 || drawnAsLines
            softness = shape.softness
        }

        /// Where frame point `point` lies across its own box, 0 at the left to 1 at the right (what a paint goes by).
        public func across(_ point: Vec2) -> Double {
            (local(point).x - box.left) / max(box.right - box.left, 1e-12)
        }

        /// Frame point `point` in the shape's own units (the sampling turned and scaled, not the shape).
        @inline(__always)
        public func local(_ point: Vec2) -> Vec2 {
            let d = point - centre
            return Vec2((d.x * cosine + d.y * sine) / scale, (-d.x * sine + d.y * cosine) / scale)
        }

        /// The signed distance of what it draws at frame point `point`, in frame pixels.
        public func signedDistance(_ point: Vec2) -> Double {
            guard scale > 0 else { return .infinity }
            let outline = outline.distance(local(point))
            return (isLines ? abs(outline) - stroke : outline) * scale
        }

        /// Two bounds at `point` that let a row skip pixels: `outside`
        /// changes by at most 1 a frame pixel, and where it is at least
        /// 1/2 + `RowSpan.margin` the signed distance is at least 1/2 (the
        /// coverage 0); `inside` changes by at most `insideSlope` a pixel,
        /// and where it is at most -(1/2 + `RowSpan.margin`) the distance is
        /// at most -1/2 (the coverage 1). `exact`: the signed distance
        /// itself where it served as both (nil: not worked out).
        ///
        /// The outlines' distances are exact (1-Lipschitz), and so is the
        /// smaller of two, the magnitude less the stroke, and a turn and a
        /// scale of them: the distance is its own bound. The ellipse's is
        /// the first-order estimate, (r - 1) / |(cos t / a, sin t / b)| at
        /// the point (a r cos t, b r sin t): its magnitude lies between
        /// |r - 1| min(a, b) and |r - 1| max(a, b), with r - 1's sign, and
        /// g = (r - 1) min(a, b) (in frame pixels) changes by at most 1 a
        /// pixel; so g bounds a fill both ways, and a stroke's |f| - w lies
        /// between |g| - w and (max / min) |g| - w.
        public func bounds(_ point: Vec2) -> (outside: Double, inside: Double, insideSlope: Double, exact: Double?) {
            guard scale > 0 else { return (.infinity, .infinity, 1, .infinity) }
            guard case .ellipse(let ellipse) = outline else {
                let distance = signedDistance(point)
                return (distance, distance, 1, distance)
            }
            let q = local(point), shorter = min(ellipse.a, ellipse.b), longer = max(ellipse.a, ellipse.b)
            let g = (Vec2(q.x / ellipse.a, q.y / ellipse.b).length - 1) * shorter * scale
            guard isLines else { return (g, g, 1, nil) }
            let width = stroke * scale
            return (abs(g) - width, longer / shorter * abs(g) - width, longer / shorter, nil)
        }

        /// Along the row of pixel centres at `centreY`, the centres' x
        /// outside which the coverage is surely 0: the row's stretch across
        /// its own box (`box`, turned and scaled as the sampling is) grown
        /// by 1/2 + `RowSpan.margin` frame pixels of distance; nil where the
        /// row misses it. What it draws lies in that box, and an exact
        /// distance grows by one a pixel away from it. The ellipse's estimate
        /// is at least |g| (see `bounds`), which grows by min(a, b) / max(a, b)
        /// as fast, so its box is grown by that much more (and its stroke's,
        /// which |g| does not reach as fast).
        public func reach(atRow centreY: Double) -> ClosedRange<Double>? {
            guard scale > 0, scale.isFinite, centreY.isFinite else { return nil }
            let margin = (0.5 + RowSpan.margin + SoftEdge.reach * softness) / scale
            var grow = margin
            if case .ellipse(let ellipse) = outline {
                let ratio = max(ellipse.a, ellipse.b) / min(ellipse.a, ellipse.b)
                grow = ratio * (margin + (isLines ? stroke : 0)) - (isLines ? stroke : 0) + margin
            }
            guard grow.isFinite else { return -Double.infinity...Double.infinity }
            // Along the row, local = origin + x * step, with x the frame column's centre.
            let dy = centreY - centre.y
            let origin = Vec2((-centre.x * cosine + dy * sine) / scale, (centre.x * sine + dy * cosine) / scale)
            let step = Vec2(cosine / scale, -sine / scale)
            var low = -Double.infinity, high = Double.infinity, missed = false
            // The x where start + x * rate lies in lower...upper (each axis of the box; no arrays: a row of every shape calls it).
            func narrow(_ start: Double, _ rate: Double, _ lower: Double, _ upper: Double) {
                guard abs(rate) >= 1e-12 else {
                    if start < lower || start > upper { missed = true }
                    return
                }
                let a = (lower - start) / rate, b = (upper - start) / rate
                (low, high) = (max(low, min(a, b)), min(high, max(a, b)))
            }
            narrow(origin.x, step.x, box.left - grow, box.right + grow)
            narrow(origin.y, step.y, box.top - grow, box.bottom + grow)
            guard !missed else { return nil }
            return low <= high ? low...high : nil
        }

        /// Fills `coverage[0..<columns.count]` with the `EdgeCoverage` of
        /// the signed distance at the centres of pixels `columns` of the
        /// row whose centres lie at `centreY`, each exactly the value
        /// `signedDistance` gives; only pixels that `bounds` cannot settle
        /// are worked out, the rest filled with 0 or 1 in runs.
        public func coverages(row centreY: Double, columns: Range<Int>, into coverage: UnsafeMutablePointer<Double>) {
            let reach = edgeReach
            let margin = RowSpan.margin
            var column = columns.lowerBound
            while column < columns.upperBound {
                let point = Vec2(Double(column) + 0.5, centreY)
                let bound = bounds(point)
                let left = columns.upperBound - column - 1
                if bound.outside >= reach + margin {
                    // Each pixel further along is at most 1 nearer.
                    let run = Self.pixels(within: bound.outside - reach - margin, atMost: left)
                    (coverage + column - columns.lowerBound).update(repeating: 0, count: run + 1)
                    column += run + 1
                } else if bound.inside <= -(reach + margin) {
                    let run = Self.pixels(within: (-bound.inside - reach - margin) / bound.insideSlope, atMost: left)
                    (coverage + column - columns.lowerBound).update(repeating: 1, count: run + 1)
                    column += run + 1
                } else {
                    let distance = bound.exact ?? signedDistance(point)
                    coverage[column - columns.lowerBound] = softness > 0
                        ? SoftEdge.coverage(signedDistance: distance, sigma: softness) : EdgeCoverage.coverage(signedDistance: distance)
                    column += 1
                }
            }
        }

        /// How far outside its outline a pixel centre may still be covered:
        /// a soft edge reaches 4 sigma (`SoftEdge`) rather than half a pixel.
        var edgeReach: Double { softness > 0 ? SoftEdge.reach * softness : 0.5 }

        /// Whether every point within `radius` of `point` surely has
        /// coverage 0 (what `coverages` fills with 0 there): `bounds`'
        /// `outside` changes by at most 1 a frame pixel.
        public func surelyUncovered(within radius: Double, of point: Vec2) -> Bool {
            bounds(point).outside - radius >= edgeReach + RowSpan.margin
        }

        /// The whole pixels within `distance` (at least 0, as the callers
        /// give it), at most `limit`: truncation is the floor there.
        @inline(__always)
        private static func pixels(within distance: Double, atMost limit: Int) -> Int {
            distance < Double(limit) ? Int(max(distance, 0)) : limit
        }
    }
}

extension PlacedShape.Sampler.Outline {
    init(_ geometry: PlacedShape.Geometry) {
        switch geometry {
        case .rectangle(let shape): self = .rectangle(shape)
        case .ellipse(let a, let b): self = .ellipse(Ellipse(centre: Vec2(0, 0), a: a, b: b, angle: 0))
        case .star(let star): self = .polygon(star.vertices)
        case .bubble(let bubble): self = .bubble(body: bubble.body, tail: bubble.tail)
        case .arrow(let length, let head):
            self = .lines(PlacedShape.arrowLines(length: length, head: head).map { Capsule(from: $0.0, to: $0.1, radius: 0) })
        case .polygon(let vertices): self = .polygon(vertices)
        case .taperedCapsule(let capsule): self = .tapered(capsule)
        case .lines(let lines, let arc): self = .path(lines.map { Capsule(from: $0.start, to: $0.end, radius: 0) }, arc: arc)
        }
    }

    /// The outline's signed distance at `local` (its own units), negative inside.
    func distance(_ local: Vec2) -> Double {
        switch self {
        case .rectangle(let shape): return shape.signedDistance(local)
        case .ellipse(let ellipse): return ellipse.signedDistance(local)
        case .polygon(let vertices): return PolygonDistance.signedDistance(local, vertices: vertices)
        case .bubble(let body, let tail): return min(body.signedDistance(local), PolygonDistance.signedDistance(local, vertices: tail))
        case .lines(let lines):
            var nearest = Double.infinity
            for line in lines { nearest = min(nearest, line.signedDistance(local)) }
            return nearest
        case .tapered(let capsule): return capsule.signedDistance(local)
        case .path(let lines, let arc):
            var nearest = arc?.distance(local) ?? .infinity
            for line in lines { nearest = min(nearest, line.signedDistance(local)) }
            return nearest
        }
    }
}
