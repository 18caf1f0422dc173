/// A marker stroke (`drawing.md` section 3): chisel stamps, each at the
/// stamp alpha times its coverage, accumulated source-over into the
/// stroke's layer, which is then laid over what is below in the colour.
/// Its stamps are in frame pixels (y down).
public struct StampNode: SceneNode, Equatable, Sendable {
    public var stamps: [Ellipse]
    /// Each stamp's alpha, 0...1 (clamped where it is drawn).
    public var stampAlpha: Double
    public var color: RGB

    public init(stamps: [Ellipse], stampAlpha: Double, color: RGB) {
        self.stamps = stamps
        self.stampAlpha = stampAlpha
        self.color = color
    }

    /// A marker stroke of a canvas drawn at `scale` frame pixels a canvas pixel, the canvas's corner at `offset`.
    public init(marker: MarkerStroke, colour: StrokeColour, scale: Double = 1, offset: Vec2 = Vec2(0, 0)) {
        stamps = marker.stamps.map { Ellipse(centre: $0.centre * scale + offset, a: $0.a * scale, b: $0.b * scale, angle: $0.angle) }
        stampAlpha = marker.stampAlpha
        color = colour.color
    }

    /// The stamp alpha within 0...1.
    public var opacity: Double { min(max(stampAlpha, 0), 1) }

    /// The layer's alpha at `point`: the stamps source-over, in order.
    public func layerAlpha(at point: Vec2) -> Double {
        1 - stamps.reduce(1) { $0 * (1 - opacity * $1.coverage(at: point)) }
    }

    /// The pixels a stamp can touch: its longer semi-axis, half a pixel and `RowSpan.margin` about its centre.
    static func reach(of stamp: Ellipse) -> (left: Double, top: Double, right: Double, bottom: Double) {
        let reach = max(stamp.a, stamp.b) + 0.5 + RowSpan.margin
        return (stamp.centre.x - reach, stamp.centre.y - reach, stamp.centre.x + reach, stamp.centre.y + reach)
    }

    public func bounds(in size: FrameSize) -> PixelRect {
        guard opacity > 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return stamps.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { bounds, stamp in
            let box = Self.reach(of: stamp)
            return bounds.union(PixelRect(covering: box.left, box.top, box.right, box.bottom, within: size))
        }
    }

    /// Each tile a stamp's box reaches is an edge tile; the rest outside.
    public func tileCoverage(in region: PixelRect) -> [TileCoverage] {
        let (columns, rows) = SceneTiles.count(region)
        var result = [TileCoverage](repeating: .outside, count: columns * rows)
        guard opacity > 0, columns > 0, rows > 0 else { return result }
        let side = Double(SceneTiles.side)
        for stamp in stamps {
            let box = Self.reach(of: stamp)
            guard box.left.isFinite, box.top.isFinite, box.right.isFinite, box.bottom.isFinite else { continue }
            let left = Int(max(((box.left - Double(region.x)) / side).rounded(.down), 0))
            let top = Int(max(((box.top - Double(region.y)) / side).rounded(.down), 0))
            let right = Int(min(((box.right - Double(region.x)) / side).rounded(.down), Double(columns - 1)))
            let bottom = Int(min(((box.bottom - Double(region.y)) / side).rounded(.down), Double(rows - 1)))
            guard left <= right, top <= bottom else { continue }
            for row in top...bottom {
                for column in left...right { result[row * columns + column] = .edge }
            }
        }
        return result
    }

    public func referenceShader(in scene: Scene) -> any ReferenceNodeShader {
        ReferenceStamps(node: self, size: scene.size)
    }

    public func referenceShader(in scene: Scene, within area: PixelRect) -> any ReferenceNodeShader {
        ReferenceStamps(node: self, size: scene.size, within: area)
    }
}
