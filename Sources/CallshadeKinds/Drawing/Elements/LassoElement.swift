import CallshadeCore

/// The lasso's outline (`drawing-tools.md` section 2) over every stroke and
/// entity: a lasso being drawn, its samples so far as an open polyline; a
/// live selection, its hull grown by Wmax following its moves; both dashed
/// and marching (`LassoOutline`).
public struct LassoElement: DrawingElement {
    public init() {}

    public var tags: [SceneTag] { [.lasso] }

    public func add(to scene: inout Scene, at instant: DrawingInstant, showing: Set<SceneTag>) {
        let timeline = instant.timeline, placement = instant.placement, time = instant.time
        let pointPixels = Double(timeline.scenario.canvas.size.width) / 390 * placement.scale
        for (index, lasso) in timeline.scenario.strokes.enumerated() where lasso.tool == .lasso && lasso.startTime <= time {
            let path: LassoOutline.Path
            if time < lasso.endTime {
                path = LassoOutline.polyline(lasso.samples(drawnBy: time).map { $0.position * placement.scale + placement.offset })
            } else if let live = timeline.fates.liveSelection(at: time), live.lasso == index {
                path = LassoOutline.grownHull(live.hull.map { $0 * placement.scale + placement.offset }, by: live.width * placement.scale)
            } else {
                continue
            }
            let phase = LassoGeometry.phase(at: time, start: lasso.startTime) * pointPixels
            scene.nodes += LassoOutline.nodes(along: path, phase: phase, pointPixels: pointPixels) as [any SceneNode]
        }
    }
}

extension SceneTag {
    public static let lasso = SceneTag("lasso", help: "The lasso's marching outline: while drawn, and round its selection.")
}
