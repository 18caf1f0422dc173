/// One drawn stroke (`drawing.md` section 1): the union of its segments,
/// filled with one colour whose alpha applies once to the whole stroke, so
/// overlapping segments do not build up. Its segments are in frame pixels
/// (y down); `init(pen:colour:scale:offset:)` places a canvas's pen stroke.
public struct StrokeNode: SceneNode, Equatable, Sendable {
    public var segments: [TaperedCapsule]
    public var color: RGB
    /// 0...1 (clamped where it is drawn).
    public var alpha: Double

    public init(segments: [TaperedCapsule], color: RGB, alpha: Double) {
        self.segments = segments
        self.color = color
        self.alpha = alpha
    }

    /// A pen stroke of a canvas drawn at `scale` frame pixels a canvas pixel, the canvas's corner at `offset`.
    public init(pen: PenStroke, colour: StrokeColour, scale: Double = 1, offset: Vec2 = Vec2(0, 0)) {
        segments = pen.segments.map {
            TaperedCapsule(from: $0.start * scale + offset, to: $0.end * scale + offset, startRadius: $0.startRadius * scale,
                           endRadius: $0.endRadius * scale)
        }
        color = colour.color
        alpha = colour.alpha
    }

    /// Its alpha within 0...1.
    public var opacity: Double { min(max(alpha, 0), 1) }

    /// The stroke's coverage of the pixel whose centre is `point`: the
    /// largest of its segments' (the union's, by the `EdgeCoverage` rule).
    public func coverage(at point: Vec2) -> Double {
        segments.reduce(0) { max($0, $1.coverage(at: point)) }
    }

    /// The pixels a segment can touch: its larger radius and half a pixel
    /// more, and `RowSpan.margin`, about its ends.
    public static func reach(of segment: TaperedCapsule) -> (left: Double, top: Double, right: Double, bottom: Double) {
        let reach = max(segment.startRadius, segment.endRadius) + 0.5 + RowSpan.margin
        return (min(segment.start.x, segment.end.x) - reach, min(segment.start.y, segment.end.y) - reach,
                max(segment.start.x, segment.end.x) + reach, max(segment.start.y, segment.end.y) + reach)
    }

    public func bounds(in size: FrameSize) -> PixelRect {
        guard opacity > 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return segments.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { bounds, segment in
            let box = Self.reach(of: segment)
            return bounds.union(PixelRect(covering: box.left, box.top, box.right, box.bottom, within: size))
        }
    }

    /// Each tile a segment's box reaches is an edge tile (opaque where an
    /// opaque stroke's segment surely covers the whole tile); the rest outside.
    public func tileCoverage(in region: PixelRect) -> [TileCoverage] {
        let (columns, rows) = SceneTiles.count(region)
        var result = [TileCoverage](repeating: .outside, count: columns * rows)
        for segment in segments { mark(segment, in: region, into: &result) }
        return result
    }

    /// `tileCoverage`'s part from one segment: raises `result` (the tiles
    /// of `region`, row by row) to edge where its box reaches and opaque
    /// where it surely covers a tile (an opaque stroke's), never lowers
    /// one; so the segments may come in any order, in any number of calls.
    public func mark(_ segment: TaperedCapsule, in region: PixelRect, into result: inout [TileCoverage]) {
        let (columns, rows) = SceneTiles.count(region)
        guard opacity > 0, columns > 0, rows > 0, result.count == columns * rows else { return }
        let side = Double(SceneTiles.side)
        let box = Self.reach(of: segment)
        guard box.left.isFinite, box.top.isFinite, box.right.isFinite, box.bottom.isFinite else { return }
        let first = (Int(max(((box.left - Double(region.x)) / side).rounded(.down), 0)),
                     Int(max(((box.top - Double(region.y)) / side).rounded(.down), 0)))
        let last = (Int(min(((box.right - Double(region.x)) / side).rounded(.down), Double(columns - 1))),
                    Int(min(((box.bottom - Double(region.y)) / side).rounded(.down), Double(rows - 1))))
        guard first.0 <= last.0, first.1 <= last.1 else { return }
        for row in first.1...last.1 {
            for column in first.0...last.0 {
                let index = row * columns + column
                guard result[index] != .opaque else { continue }
                let inside = opacity >= 1
                    && segment.tileCoverage(SceneTiles.centreBox(column: column, row: row, region: region, origin: Vec2(0, 0))) == .inside
                result[index] = inside ? .opaque : .edge
            }
        }
    }

    public func referenceShader(in scene: Scene) -> any ReferenceNodeShader {
        ReferenceStroke(node: self, size: scene.size)
    }

    public func referenceShader(in scene: Scene, within area: PixelRect) -> any ReferenceNodeShader {
        ReferenceStroke(node: self, size: scene.size, within: area)
    }
}
