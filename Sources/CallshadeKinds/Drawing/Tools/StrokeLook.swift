import CallshadeCore

/// How one stroke shows at an instant once its fate is known
/// (`StrokeFates`): not at all, as drawn so far, fading (an object eraser's
/// fade, a hold's cross-fade into its shape, or both), or as its shape.
public enum StrokeLook: Hashable, Sendable {
    /// Before its first sample, gone after an object eraser's fade, or removed by an undo or a clear.
    case absent
    /// As drawn by the instant (`DrawnStroke`).
    case plain
    /// The stroke at `opacity`; with a share, drawn as at its hold and
    /// faded by 1 - share, its shape over it at `share` (both times `opacity`).
    /// Drawn only into the strokes' layer, by the CPU, on every route.
    case faded(opacity: Double, shapeShare: Double?)
    /// Its shape alone, whole.
    case shape

    /// The look of stroke `index` of `strokes` at `time`, after `fates`.
    /// (`index`: its id, `stroke` the file's stroke it draws; a lasso draws nothing on the canvas.)
    static func of(_ index: Int, _ stroke: Stroke, fates: StrokeFates, at time: Double) -> StrokeLook {
        guard stroke.tool != .lasso, time >= fates.start(of: index, stroke), (fates.removals[index] ?? .infinity) > time else { return .absent }
        var opacity = 1.0
        if let erasure = fates.erasure(of: index, at: time) {
            if time >= erasure.gone { return .absent }
            opacity = ObjectEraserContact.opacity(at: time, touched: erasure.at)
        }
        let share = fates.conversions[index].flatMap { conversion in
            time >= conversion.at ? min((time - conversion.at) / HoldToShape.crossFadeSeconds, 1) : nil
        }
        if opacity == 1 {
            if share == nil { return .plain }
            if share == 1 { return .shape }
        }
        return .faded(opacity: opacity, shapeShare: share)
    }

    /// Whether it is drawn only into the strokes' layer at this instant.
    var drawsInLayer: Bool {
        if case .faded = self { return true }
        return false
    }
}
