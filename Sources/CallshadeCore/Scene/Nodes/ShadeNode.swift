/// Black laid over what is below at an opacity that varies across the
/// frame (video-call, section 2): the video call's backdrop (inside a
/// rounded rectangle), the phone's corners (outside one) and the shadows
/// (bands at the top and the bottom). Its parts' opacities combine as
/// layers of black do: 1 - the product of (1 - each).
public struct ShadeNode: SceneNode, Equatable, Sendable {
    public enum Part: Equatable, Sendable {
        /// Black inside the shape (its edge anti-aliased), at `alpha`.
        case inside(RoundedRectangle, alpha: Double)
        /// Black outside the shape (its edge anti-aliased), at `alpha`.
        case outside(RoundedRectangle, alpha: Double)
        /// A shadow from the frame row `edge` (pixels) inwards, `depth`
        /// pixels deep (downwards from the top edge, upwards from the
        /// bottom): black at `alpha` x 0.35 (1 - s)^2 at the point a
        /// fraction s of the depth in, evaluated at each pixel's centre.
        case shadow(edge: Double, depth: Double, downward: Bool, alpha: Double)
    }

    /// The shadows' opacity at their edge (video-call, section 2, ours).
    public static let shadowPeak = 0.35

    public var parts: [Part]

    public init(parts: [Part]) {
        self.parts = parts
    }

    /// The opacity of the black over the pixel whose centre is `point`.
    public func alpha(at point: Vec2) -> Double {
        var clear = 1.0
        for part in parts {
            switch part {
            case .inside(let shape, let alpha): clear *= 1 - Self.unit(alpha) * shape.coverage(at: point)
            case .outside(let shape, let alpha): clear *= 1 - Self.unit(alpha) * (1 - shape.coverage(at: point))
            case .shadow(let edge, let depth, let downward, let alpha):
                guard depth > 0 else { continue }
                let s = (downward ? point.y - edge : edge - point.y) / depth
                if s >= 0, s < 1 { clear *= 1 - Self.unit(alpha) * Self.shadowPeak * (1 - s) * (1 - s) }
            }
        }
        return 1 - clear
    }

    private static func unit(_ value: Double) -> Double { min(max(value, 0), 1) }

    public func bounds(in size: FrameSize) -> PixelRect {
        let frame = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        return parts.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { bounds, part in
            switch part {
            case .inside(let shape, let alpha):
                guard alpha > 0 else { return bounds }
                return bounds.union(PixelRect(covering: shape.x - 1, shape.y - 1, shape.x + shape.width + 1, shape.y + shape.height + 1,
                                              within: size))
            case .outside(_, let alpha):
                return alpha > 0 ? frame : bounds
            case .shadow(let edge, let depth, let downward, let alpha):
                guard alpha > 0, depth > 0 else { return bounds }
                let top = downward ? edge : edge - depth
                return bounds.union(PixelRect(covering: 0, top, Double(size.width), top + depth, within: size))
            }
        }
    }

    /// Opaque where a part at full opacity covers every pixel centre of a
    /// tile, outside where no part reaches any, the edge elsewhere.
    public func tileCoverage(in region: PixelRect) -> [TileCoverage] {
        SceneTiles.coverages(in: region) { box in
            var opaque = false, touched = false
            for part in parts {
                switch part {
                case .inside(let shape, let alpha):
                    guard alpha > 0 else { continue }
                    let covered = shape.tileCoverage(box)
                    if covered != .outside { touched = true }
                    if covered == .inside, alpha >= 1 { opaque = true }
                case .outside(let shape, let alpha):
                    guard alpha > 0 else { continue }
                    let covered = shape.tileCoverage(box)
                    if covered != .inside { touched = true }
                    if covered == .outside, alpha >= 1 { opaque = true }
                case .shadow(let edge, let depth, let downward, let alpha):
                    guard alpha > 0, depth > 0 else { continue }
                    let top = downward ? edge : edge - depth
                    if box.y.upperBound >= top, box.y.lowerBound < top + depth { touched = true }
                }
            }
            return opaque ? .opaque : touched ? .edge : .outside
        }
    }

    public func referenceShader(in scene: Scene) -> any ReferenceNodeShader {
        ReferenceShade(node: self)
    }
}
