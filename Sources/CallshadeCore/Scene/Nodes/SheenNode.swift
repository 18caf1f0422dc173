/// White laid over a rounded rectangle in a band across it (the access
/// screen's sparkle, `drawing.md` section 7): along x the band's opacity
/// goes linearly from 0 at `bandCentre - bandHalfWidth` to its peak at the
/// centre and back to 0 (a tent), evaluated at each pixel's centre; it is
/// `fillAlpha` at its peak inside the shape, and `ringAlpha` in the ring
/// `ringWidth` wide inside the shape's edge (the shape's coverage less that
/// of the shape inset by `ringWidth`). The two combine as layers of white:
/// 1 - (1 - fill)(1 - ring).
public struct SheenNode: SceneNode, Equatable, Sendable {
    public var shape: RoundedRectangle
    public var ringWidth: Double
    public var bandCentre: Double
    public var bandHalfWidth: Double
    public var fillAlpha: Double
    public var ringAlpha: Double

    public init(shape: RoundedRectangle, ringWidth: Double, bandCentre: Double, bandHalfWidth: Double, fillAlpha: Double, ringAlpha: Double) {
        self.shape = shape
        self.ringWidth = ringWidth
        self.bandCentre = bandCentre
        self.bandHalfWidth = bandHalfWidth
        self.fillAlpha = fillAlpha
        self.ringAlpha = ringAlpha
    }

    /// The shape inset by `ringWidth` (its corners by as much, not below 0): the ring's inner edge.
    public var inner: RoundedRectangle {
        RoundedRectangle(x: shape.x + ringWidth, y: shape.y + ringWidth, width: max(0, shape.width - 2 * ringWidth),
                         height: max(0, shape.height - 2 * ringWidth), cornerRadius: max(0, shape.radius - ringWidth))
    }

    /// The band's strength at frame x `x`: 1 at its centre, 0 at and beyond half its width either side.
    public func band(atX x: Double) -> Double {
        guard bandHalfWidth > 0 else { return 0 }
        return max(0, 1 - abs(x - bandCentre) / bandHalfWidth)
    }

    /// The opacity of the white over the pixel whose centre is `point`.
    public func alpha(at point: Vec2) -> Double {
        let band = band(atX: point.x)
        guard band > 0 else { return 0 }
        let outer = shape.coverage(at: point)
        guard outer > 0 else { return 0 }
        let ring = max(0, outer - inner.coverage(at: point))
        let fill = Self.unit(fillAlpha) * band * outer
        let rim = Self.unit(ringAlpha) * band * ring
        return 1 - (1 - fill) * (1 - rim)
    }

    private static func unit(_ value: Double) -> Double { min(max(value, 0), 1) }

    /// The band's span across the shape (grown by a pixel for the edge).
    public func bounds(in size: FrameSize) -> PixelRect {
        guard bandHalfWidth > 0, fillAlpha > 0 || ringAlpha > 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let left = max(shape.x - 1, bandCentre - bandHalfWidth), right = min(shape.x + shape.width + 1, bandCentre + bandHalfWidth)
        guard left < right else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(covering: left, shape.y - 1, right, shape.y + shape.height + 1, within: size)
    }

    /// Never opaque; an edge tile wherever its pixel centres may lie both in the band and near the shape.
    public func tileCoverage(in region: PixelRect) -> [TileCoverage] {
        SceneTiles.coverages(in: region) { box in
            let inBand = box.x.upperBound > bandCentre - bandHalfWidth && box.x.lowerBound < bandCentre + bandHalfWidth
            let nearShape = shape.tileCoverage(box) != .outside
            return inBand && nearShape ? .edge : .outside
        }
    }

    public func referenceShader(in scene: Scene) -> any ReferenceNodeShader {
        ReferenceSheen(node: self)
    }
}
