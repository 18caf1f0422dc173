import Foundation

/// Glass over whatever lies below it (the editor's glass, `editor.md`
/// section 2: "in the shape, a Gaussian (sigma 10 pt) of the canvas as
/// drawn, under the tint"): inside its shapes, the frame as the nodes below
/// it drew it, blurred by a Gaussian of deviation `sigma` pixels, replacing
/// what is below by the shapes' coverage. The tint is an ordinary shape
/// drawn over it.
///
/// The blur is the discrete Gaussian over the frame's pixels (weights
/// exp(-d^2 / 2 sigma^2) out to `reach` pixels each way, normalised;
/// separable), a pixel beyond the frame taken as its edge pixel. A pixel
/// shows below + c (blurred - below), where c is the shapes' coverage (each
/// shape's edge or soft coverage times its fade's share and its opacity,
/// put together source-over: 1 - the product of 1 - each). The shapes'
/// colours and paints are not used.
///
/// Unlike every other node its look depends on pixels around each one
/// (`pixelsRead`): the routes draw it once everything below it is drawn
/// there, and a node above it never hides a tile of that region from the
/// nodes below it.
public struct FrostedGlassNode: SceneNode, Equatable, Sendable {
    public var shapes: [PlacedShape]
    /// The Gaussian's standard deviation, frame pixels.
    public var sigma: Double
    /// Frame pixels its shapes may cover over a while (the editor's glass
    /// at rest), read by the fast routes with their bounds (`pixelsRead`),
    /// so that what they keep of the blur stays while the shapes move in
    /// it; nil for the bounds alone. It changes no pixel: the blur's values
    /// where the shapes are do not depend on how much more is read.
    public var area: PixelRect?

    public init(shapes: [PlacedShape], sigma: Double, area: PixelRect? = nil) {
        self.shapes = shapes
        self.sigma = sigma
        self.area = area
    }

    /// The shapes that show (opacity and scale above 0).
    public var shown: [PlacedShape] { shapes.filter { $0.alpha > 0 && $0.scale > 0 } }

    /// The kernel's reach each way, pixels: 4 sigma, rounded up (0 for no blur).
    public var reach: Int { sigma > 1e-6 && sigma.isFinite ? Int((4 * min(sigma, 4096)).rounded(.up)) : 0 }

    /// The side of the square blocks the fast routes average the frame over
    /// before blurring (their lattice, `FrostedLattice`): 2 floor(sigma / 8)
    /// pixels from a sigma of 16 (even, at most sigma / 4: the averaging and
    /// the bilinear reading between block centres add at most side^2 / 4
    /// to sigma^2, under 1/64 of it), 1 below (the pixels themselves).
    public var blockSide: Int { sigma >= 16 ? 2 * Int(min(sigma, 4096) / 8) : 1 }

    public func bounds(in size: FrameSize) -> PixelRect {
        shown.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { bounds, shape in
            let box = ShapesNode.box(of: shape)
            return bounds.union(PixelRect(covering: box.left, box.top, box.right, box.bottom, within: size))
        }
    }

    /// Its bounds (with `area`) grown by the kernel's reach and two of the fast routes'
    /// blocks, out to edges on multiples of the block's side (even ones at
    /// least), within the frame.
    public func pixelsRead(in size: FrameSize) -> PixelRect? {
        let shapesBounds = bounds(in: size)
        guard !shapesBounds.isEmpty else { return nil }
        let frame = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        let bounds = area.map { shapesBounds.union($0.intersection(frame)) } ?? shapesBounds
        let grow = reach + 2 * blockSide, side = max(blockSide, 2)
        let left = max((bounds.x - grow) / side * side, 0), top = max((bounds.y - grow) / side * side, 0)
        let right = min((bounds.x + bounds.width + grow + side - 1) / side * side, size.width)
        let bottom = min((bounds.y + bounds.height + grow + side - 1) / side * side, size.height)
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// An edge tile wherever a shape's box reaches (what it shows depends on what is below); never opaque.
    public func tileCoverage(in region: PixelRect) -> [TileCoverage] {
        ShapesNode(shapes: shown).tileCoverage(in: region)
    }

    /// The shapes' coverage at `pixel` (frame pixels), given each one's sampler (made from it, in order).
    public func coverage(at pixel: Vec2, samplers: [PlacedShape.Sampler]) -> Double {
        var clear = 1.0
        for (shape, sampler) in zip(shown, samplers) {
            let box = ShapesNode.box(of: shape)
            guard pixel.x >= box.left, pixel.x <= box.right, pixel.y >= box.top, pixel.y <= box.bottom else { continue }
            let share = shape.fade?.share(atY: pixel.y) ?? 1
            clear *= 1 - min(shape.alpha, 1) * share * shape.coverage(signedDistance: sampler.signedDistance(pixel))
        }
        return 1 - clear
    }

    /// Asked only where it reads nothing (no shape shows, `pixelsRead` is
    /// nil): it then changes no pixel. Elsewhere the reference asks
    /// `referenceShader(in:below:)`.
    public func referenceShader(in scene: Scene) -> any ReferenceNodeShader {
        ReferenceFrostedGlass(glass: self, below: Scene(size: scene.size, background: nil))
    }

    public func referenceShader(in scene: Scene, below: Scene) -> any ReferenceNodeShader {
        ReferenceFrostedGlass(glass: self, below: below)
    }
}
