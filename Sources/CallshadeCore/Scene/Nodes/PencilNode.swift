import Foundation

/// A pencil stroke (`drawing.md` section 3, ours): grained disc stamps,
/// each at the stamp alpha times its coverage, source-over into the
/// stroke's layer, laid over what is below in the colour. In frame pixels
/// (y down); each stamp's lattice values come with it (the GPU reads the
/// same table), so both routes grain alike.
public struct PencilNode: SceneNode, Equatable, Sendable {
    public struct Stamp: Equatable, Sendable {
        public var centre: Vec2
        public let turn: Double
        /// cos and sin of `turn`, worked out once (the grain asks them at every pixel).
        let cosine: Double, sine: Double

        public init(centre: Vec2, turn: Double) {
            self.centre = centre
            self.turn = turn
            (cosine, sine) = (cos(turn), sin(turn))
        }
    }

    public var stamps: [Stamp]
    /// Each stamp's radius, frame pixels.
    public var radius: Double
    /// The grain lattice's spacing, frame pixels.
    public var lattice: Double
    /// Lattice values a stamp covers: `side` x `side` from lattice point (`first`, `first`), row by row, a stamp after another.
    public var values: [Double]
    public var side: Int
    public var first: Int
    public var stampAlpha: Double
    public var color: RGB

    public init(pencil: PencilStroke, colour: StrokeColour, scale: Double = 1, offset: Vec2 = Vec2(0, 0)) {
        stamps = pencil.stamps.map { Stamp(centre: $0.centre * scale + offset, turn: $0.turn) }
        radius = pencil.width * PencilStroke.stampDiameter / 2 * scale
        lattice = PencilStroke.lattice * scale
        // Every lattice cell a pixel of coverage can fall in: its reach in lattice units, and one more.
        let reach = Int(((radius + 1) / max(lattice, 1e-9)).rounded(.up)) + 1
        first = -reach
        side = 2 * reach + 2
        var values: [Double] = []
        values.reserveCapacity(stamps.count * side * side)
        for stamp in pencil.stamps {
            for j in 0..<side {
                for i in 0..<side { values.append(pencil.latticeValue(stampIndex: stamp.index, first + i, first + j)) }
            }
        }
        self.values = values
        stampAlpha = pencil.stampAlpha
        color = colour.color
    }

    /// The stamp alpha within 0...1.
    public var opacity: Double { min(max(stampAlpha, 0), 1) }

    /// Stamp `index`'s coverage at `point`: its disc's times the grain there.
    public func coverage(ofStamp index: Int, at point: Vec2) -> Double {
        let stamp = stamps[index], disc = Disc(centre: stamp.centre, radius: radius).coverage(at: point)
        guard disc > 0 else { return 0 }
        let local = PencilStroke.latticePoint(point, centre: stamp.centre, cosine: stamp.cosine, sine: stamp.sine, lattice: lattice)
        let grain = PencilStroke.grain(atLattice: local) { i, j in
            let (column, row) = (min(max(i - first, 0), side - 1), min(max(j - first, 0), side - 1))
            return values[(index * side + row) * side + column]
        }
        return disc * grain
    }

    /// The pixels a stamp can touch.
    static func reach(of stamp: Stamp, radius: Double) -> (left: Double, top: Double, right: Double, bottom: Double) {
        let reach = radius + 0.5 + RowSpan.margin
        return (stamp.centre.x - reach, stamp.centre.y - reach, stamp.centre.x + reach, stamp.centre.y + reach)
    }

    public func bounds(in size: FrameSize) -> PixelRect {
        guard opacity > 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return stamps.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { bounds, stamp in
            let box = Self.reach(of: stamp, radius: radius)
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
            let box = Self.reach(of: stamp, radius: radius)
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
        ReferencePencil(node: self, size: scene.size)
    }

    public func referenceShader(in scene: Scene, within area: PixelRect) -> any ReferenceNodeShader {
        ReferencePencil(node: self, size: scene.size, within: area)
    }
}
