import CallshadeCore

/// Where a drawing's canvas lies in a frame: scaled to fit it, keeping its
/// aspect, centred (ours; a frame of the canvas's aspect is filled exactly).
/// Strokes are in canvas pixels; frame pixel = canvas pixel x `scale` + `offset`.
public struct CanvasPlacement: Hashable, Sendable {
    public let scale: Double
    public let offset: Vec2

    public init(scale: Double, offset: Vec2) {
        self.scale = scale
        self.offset = offset
    }

    public init(canvas: FrameSize, frame: FrameSize) {
        scale = min(Double(frame.width) / Double(canvas.width), Double(frame.height) / Double(canvas.height))
        offset = Vec2((Double(frame.width) - Double(canvas.width) * scale) / 2, (Double(frame.height) - Double(canvas.height) * scale) / 2)
    }

    /// The same with the canvas moved by `shift` canvas pixels (a lasso's offset, `drawing-tools.md` section 2 rule 5).
    public func moved(by shift: Vec2) -> CanvasPlacement {
        shift == Vec2(0, 0) ? self : CanvasPlacement(scale: scale, offset: offset + shift * scale)
    }
}

/// A stroke's node at an instant: what it shows of itself then, placed in
/// the frame (`drawing.md` sections 1 to 3).
public enum DrawnStroke {
    /// `stroke` as drawn by `time` on `canvas`, placed by `placement`; nil
    /// before its first sample, and for the tools drawn only into the
    /// strokes' layer (neon, eraser, blur: `drawsInLayer`).
    public static func node(_ stroke: Stroke, at time: Double, canvas: DrawingCanvas, placement: CanvasPlacement) -> (any SceneNode)? {
        guard time >= stroke.startTime else { return nil }
        let longer = canvas.longerSide
        switch stroke.tool {
        case .pen:
            return StrokeNode(pen: PenStroke(stroke, at: time, longerSide: longer), colour: stroke.colour, scale: placement.scale,
                              offset: placement.offset)
        case .marker:
            return StampNode(marker: MarkerStroke(stroke, at: time, longerSide: longer), colour: stroke.colour, scale: placement.scale,
                             offset: placement.offset)
        case .pencil:
            return PencilNode(pencil: PencilStroke(stroke, at: time, longerSide: longer), colour: stroke.colour, scale: placement.scale,
                              offset: placement.offset)
        case .neon, .eraser, .blur, .lasso:
            return nil
        }
    }

    /// What `stroke` does to the strokes' layer by `time`: its node drawn
    /// over it; an eraser's, the pen's geometry at the eraser's width range
    /// clearing it; a neon's passes laid over it; a blur's mask showing a
    /// blurred copy of what is beneath (`drawing.md` section 4); nil when it
    /// does nothing then.
    public static func layerStroke(_ stroke: Stroke, at time: Double, canvas: DrawingCanvas, placement: CanvasPlacement) -> LayerStroke? {
        guard drawsInLayer(stroke.tool) else { return node(stroke, at: time, canvas: canvas, placement: placement).map { .drawn($0) } }
        guard time >= stroke.startTime, !stroke.erasesObjects else { return nil }
        switch stroke.tool {
        case .neon: return .neon(NeonStroke(stroke, at: time, canvas: canvas, placement: placement))
        case .blur: return .blurred(BlurStroke(stroke, at: time, canvas: canvas, placement: placement))
        default:
            let pen = PenStroke(stroke, at: time, longerSide: canvas.longerSide,
                                range: PenWidthRange.eraser(longerSide: canvas.longerSide, size: stroke.size))
            return .erased(StrokeNode(pen: pen, colour: StrokeColour(color: .black, alpha: 1), scale: placement.scale, offset: placement.offset))
        }
    }

    /// Whether `tool`'s strokes are drawn only into the strokes' layer, by
    /// the CPU, on every route: the eraser's and the blur's, which work on
    /// what is beneath them, and the neon's, whose glow is a wide Gaussian
    /// (ours); while one is being drawn the strokes up to it join the layer
    /// for that frame.
    public static func drawsInLayer(_ tool: DrawingTool) -> Bool {
        switch tool {
        case .pen, .marker, .pencil, .lasso: false
        case .neon, .eraser, .blur: true
        }
    }
}

/// A stroke as the strokes' layer takes it: a node drawn over the layer, an
/// eraser's coverage clearing it (never the canvas's background, which lies
/// under the layer), a neon's passes over it, a blur's mask, or another of
/// these drawn alone and laid over the layer at an opacity (a stroke fading,
/// `drawing-tools.md` sections 1 and 3).
public indirect enum LayerStroke: Sendable {
    case drawn(any SceneNode)
    case erased(StrokeNode)
    case neon(NeonStroke)
    case blurred(BlurStroke)
    case faded(LayerStroke, opacity: Double)
}
