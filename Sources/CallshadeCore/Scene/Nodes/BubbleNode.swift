/// Chat bubbles (chat, sections 2.6 and 2.7): each a body with its own
/// corner radii united with its tail, filled with an opaque colour, its
/// edge outlined (black at an opacity, a band either side of the edge);
/// then round strokes over them (the checks). Bubbles do not overlap; each
/// is laid over what is below it.
public struct BubbleNode: SceneNode, Equatable, Sendable {
    public struct Bubble: Equatable, Sendable {
        public var body: BubbleBody
        /// The tail, if the bubble has one: the body's bottom corner on its
        /// side (frame pixels), pixels per point, and whether it is mirrored (incoming).
        public var tail: Tail?
        public var fill: RGB
        /// The outline's opacity (black) and half its width in pixels.
        public var outlineAlpha: Double
        public var outlineHalfWidth: Double
        /// The whole bubble's opacity (fill and outline together; 1: opaque): a flying send's bubble look fading in (chat, section 3.3).
        public var opacity: Double

        public struct Tail: Equatable, Sendable {
            public var corner: Vec2
            public var scale: Double
            public var mirrored: Bool

            public init(corner: Vec2, scale: Double, mirrored: Bool) {
                self.corner = corner
                self.scale = scale
                self.mirrored = mirrored
            }
        }

        public init(body: BubbleBody, tail: Tail?, fill: RGB, outlineAlpha: Double, outlineHalfWidth: Double, opacity: Double = 1) {
            self.opacity = opacity
            self.body = body
            self.tail = tail
            self.fill = fill
            self.outlineAlpha = outlineAlpha
            self.outlineHalfWidth = outlineHalfWidth
        }

        /// The signed distance of body and tail together, in pixels.
        public func signedDistance(_ point: Vec2) -> Double {
            let body = self.body.signedDistance(point)
            guard let tail, tail.scale > 0 else { return body }
            let local = Vec2((point.x - tail.corner.x) / tail.scale, (point.y - tail.corner.y) / tail.scale)
            return min(body, BubbleTail.signedDistance(local, mirrored: tail.mirrored) * tail.scale)
        }

        /// The fill's coverage and the outline's (the outline's opacity and the bubble's included) at `point`.
        public func coverage(at point: Vec2) -> (fill: Double, outline: Double) {
            let distance = signedDistance(point)
            let outline = min(max(outlineHalfWidth + 0.5 - abs(distance), 0), 1) * min(max(outlineAlpha, 0), 1)
            let fill = EdgeCoverage.coverage(signedDistance: distance)
            guard opacity < 1 else { return (fill, outline) }
            let opacity = max(opacity, 0)
            return (fill * opacity, outline * opacity)
        }

        /// The pixels it may touch, as a box (left, top, right, bottom).
        public var box: (Double, Double, Double, Double) {
            var box = (body.x, body.y, body.x + body.width, body.y + body.height)
            if let tail {
                let (left, right) = tail.mirrored ? (-BubbleTail.box.right, -BubbleTail.box.left) : (BubbleTail.box.left, BubbleTail.box.right)
                box = (min(box.0, tail.corner.x + left * tail.scale), min(box.1, tail.corner.y + BubbleTail.box.top * tail.scale),
                       max(box.2, tail.corner.x + right * tail.scale), max(box.3, tail.corner.y + BubbleTail.box.bottom * tail.scale))
            }
            let grow = outlineHalfWidth + 1
            return (box.0 - grow, box.1 - grow, box.2 + grow, box.3 + grow)
        }
    }

    /// A round stroke over the bubbles (a check): a capsule in one colour at an opacity.
    public struct Stroke: Equatable, Sendable {
        public var capsule: Capsule
        public var color: RGB
        public var alpha: Double

        public init(capsule: Capsule, color: RGB, alpha: Double = 1) {
            self.capsule = capsule
            self.color = color
            self.alpha = alpha
        }

        /// The pixels it may touch, as a box (left, top, right, bottom).
        public var box: (Double, Double, Double, Double) {
            let grow = capsule.radius + 1
            return (min(capsule.start.x, capsule.end.x) - grow, min(capsule.start.y, capsule.end.y) - grow,
                    max(capsule.start.x, capsule.end.x) + grow, max(capsule.start.y, capsule.end.y) + grow)
        }
    }

    public var bubbles: [Bubble]
    /// Drawn over every bubble, in order.
    public var strokes: [Stroke]

    public init(bubbles: [Bubble], strokes: [Stroke] = []) {
        self.bubbles = bubbles
        self.strokes = strokes
    }

    /// Every bubble's box and every stroke's.
    var boxes: [(Double, Double, Double, Double)] { bubbles.map(\.box) + strokes.map(\.box) }

    public func bounds(in size: FrameSize) -> PixelRect {
        boxes.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { bounds, box in
            bounds.union(PixelRect(covering: box.0, box.1, box.2, box.3, within: size))
        }
    }

    /// The edge wherever a bubble's box reaches a tile, outside elsewhere.
    public func tileCoverage(in region: PixelRect) -> [TileCoverage] {
        let boxes = self.boxes
        return SceneTiles.coverages(in: region) { tile in
            let touched = boxes.contains { box in
                tile.x.upperBound >= box.0 && tile.x.lowerBound <= box.2 && tile.y.upperBound >= box.1 && tile.y.lowerBound <= box.3
            }
            return touched ? .edge : .outside
        }
    }

    public func referenceShader(in scene: Scene) -> any ReferenceNodeShader {
        ReferenceBubbles(node: self)
    }
}
