import CallshadeCore

/// A blur stroke as drawn at one instant (`drawing.md` section 4), placed
/// in the frame: the pen's geometry at the eraser's width range (ours: the
/// spec gives it the same geometry as the eraser it follows) is a mask
/// through which a blurred copy of everything beneath shows (the canvas's
/// background with the strokes' layer over it), a Gaussian of deviation
/// 0.01 maxdim; beyond the frame the copy repeats the frame's edge (ours).
/// Within the mask the layer becomes opaque: the blurred copy at the mask's
/// coverage over the layer, so that the background under it is hidden there.
public struct BlurStroke: Equatable, Sendable {
    /// The mask: the union of its segments' coverage (its colour unused).
    public let mask: StrokeNode
    /// The blur's deviation, frame pixels.
    public let sigma: Double

    public init(_ stroke: Stroke, at time: Double, canvas: DrawingCanvas, placement: CanvasPlacement) {
        let pen = PenStroke(stroke, at: time, longerSide: canvas.longerSide,
                            range: PenWidthRange.eraser(longerSide: canvas.longerSide, size: stroke.size))
        mask = StrokeNode(pen: pen, colour: StrokeColour(color: .black, alpha: 1), scale: placement.scale, offset: placement.offset)
        sigma = 0.01 * canvas.longerSide * placement.scale
    }

    /// Lays the blurred copy through the mask over `pixels` (premultiplied
    /// RGBA, a frame of `size`), what lies under them being `background`.
    public func draw(into pixels: inout [Float], size: FrameSize, background: LayerBackground) {
        let reference = ReferenceStroke(node: mask, size: size), bounds = reference.bounds
        guard !bounds.isEmpty else { return }
        let gaussian = SeparableGaussian(sigma: sigma), reach = gaussian.reach
        // What is beneath, opaque, over the mask's box and the blur's reach about it (within the frame).
        let source = PixelRect(x: bounds.x - reach, y: bounds.y - reach, width: bounds.width + 2 * reach, height: bounds.height + 2 * reach)
            .intersection(PixelRect(x: 0, y: 0, width: size.width, height: size.height))
        var beneath = [Double](repeating: 0, count: source.width * source.height * 3)
        for y in source.y..<(source.y + source.height) {
            for x in source.x..<(source.x + source.width) {
                let at = (y * size.width + x) * 4, under = background.colour(x: x, y: y), clear = 1 - Double(pixels[at + 3])
                let index = ((y - source.y) * source.width + (x - source.x)) * 3
                beneath[index] = Double(pixels[at]) + under.r * clear
                beneath[index + 1] = Double(pixels[at + 1]) + under.g * clear
                beneath[index + 2] = Double(pixels[at + 2]) + under.b * clear
            }
        }
        let blurred = gaussian.blurred(beneath, width: source.width, height: source.height, channels: 3, clampsAtEdges: true)
        for y in bounds.y..<(bounds.y + bounds.height) {
            for x in bounds.x..<(bounds.x + bounds.width) {
                let coverage = reference.coverage[(y - bounds.y) * bounds.width + (x - bounds.x)]
                guard coverage > 0 else { continue }
                let at = (y * size.width + x) * 4, index = ((y - source.y) * source.width + (x - source.x)) * 3
                let keep = 1 - coverage
                for channel in 0..<3 { pixels[at + channel] = Float(blurred[index + channel] * coverage + Double(pixels[at + channel]) * keep) }
                pixels[at + 3] = Float(coverage + Double(pixels[at + 3]) * keep)
            }
        }
    }
}

/// What lies under a drawing's strokes' layer: the canvas's colour, or its
/// picture aspect-filled to the frame (opaque where the canvas is; a
/// transparent picture's values lie over white).
public enum LayerBackground: Sendable {
    case colour(RGB)
    case picture(FramePicture)

    /// The straight colour under pixel (`x`, `y`).
    func colour(x: Int, y: Int) -> RGB {
        switch self {
        case .colour(let colour): return colour
        case .picture(let picture):
            let at = (y * picture.width + x) * 4
            guard x >= 0, y >= 0, x < picture.width, y < picture.height else { return .white }
            let alpha = Double(picture.pixels[at + 3])
            // Premultiplied over white (`AspectFill` makes opaque pictures; this keeps a stray alpha honest).
            return RGB(Double(picture.pixels[at]) + (1 - alpha), Double(picture.pixels[at + 1]) + (1 - alpha), Double(picture.pixels[at + 2]) + (1 - alpha))
        }
    }
}
