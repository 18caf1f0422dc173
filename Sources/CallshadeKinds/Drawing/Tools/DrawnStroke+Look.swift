import CallshadeCore

extension DrawnStroke {
    /// What the stroke at position `index` does to the strokes' layer with `look`
    /// (`StrokeLook`), drawn as it is at `drawnBy` (its finish for a
    /// finished stroke, else the instant): nothing; its layer stroke; faded,
    /// its samples to its hold under its shape; or its shape. `placement`
    /// is the stroke's own (its lasso offset in it: `DrawingTimeline.placement(of:at:in:)`).
    static func layerStrokes(_ index: Int, look: StrokeLook, timeline: DrawingTimeline, drawnBy: Double,
                             placement: CanvasPlacement) -> [LayerStroke] {
        let stroke = timeline.stroke(index), canvas = timeline.scenario.canvas
        switch look {
        case .absent:
            return []
        case .plain:
            return layerStroke(stroke, at: drawnBy, canvas: canvas, placement: placement).map { [$0] } ?? []
        case .shape:
            return shapeNode(index, timeline: timeline, share: 1, placement: placement).map { [.drawn($0)] } ?? []
        case .faded(let opacity, let share):
            let conversion = timeline.conversion(of: index)
            let strokeOpacity = opacity * (1 - (share ?? 0))
            var strokes: [LayerStroke] = []
            if strokeOpacity > 0, let drawn = layerStroke(stroke, at: share == nil ? drawnBy : conversion?.at ?? drawnBy, canvas: canvas, placement: placement) {
                strokes.append(.faded(drawn, opacity: strokeOpacity))
            }
            if let share, let node = shapeNode(index, timeline: timeline, share: opacity * share, placement: placement) {
                strokes.append(.drawn(node))
            }
            return strokes
        }
    }

    /// The node of the stroke at position `index` over the layer at `time`: nil when it is
    /// absent or drawn into the layer, its shape once it is the shape alone; `placement` the canvas's.
    static func liveNode(_ index: Int, timeline: DrawingTimeline, at time: Double, placement canvasPlacement: CanvasPlacement) -> (any SceneNode)? {
        let placement = timeline.placement(of: index, at: time, in: canvasPlacement)
        switch timeline.look(of: index, at: time) {
        case .absent, .faded: return nil
        case .plain: return node(timeline.stroke(index), at: time, canvas: timeline.scenario.canvas, placement: placement)
        case .shape: return shapeNode(index, timeline: timeline, share: 1, placement: placement)
        }
    }

    /// Whether stroke `index` is drawn into the layer at `time`: its tool's
    /// strokes always are (but an object eraser, which draws nothing), a
    /// fading stroke while it fades.
    static func drawsInLayer(_ index: Int, timeline: DrawingTimeline, at time: Double) -> Bool {
        let stroke = timeline.stroke(index)
        return (drawsInLayer(stroke.tool) && !stroke.erasesObjects) || timeline.look(of: index, at: time).drawsInLayer
    }

    /// A converted stroke's shape at `share` of its alpha, placed (`drawing-tools.md` section 3, rules 4 and 5).
    static func shapeNode(_ index: Int, timeline: DrawingTimeline, share: Double, placement: CanvasPlacement) -> ShapesNode? {
        guard let conversion = timeline.conversion(of: index),
              var placed = conversion.shape.placedStill(canvas: timeline.scenario.canvas, placement: placement) else { return nil }
        placed.alpha *= share
        return ShapesNode(shapes: [placed])
    }
}
