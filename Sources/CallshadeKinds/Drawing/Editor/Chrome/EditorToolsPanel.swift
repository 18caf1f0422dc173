import CallshadeCore

/// The tool panel as drawn at an instant (`editor.md` sections 1 and 2.2):
/// each tool's parts placed at its pose, the image's centre at (x, P + 58 + o)
/// and scaled by its scale (0.5 at rest), under the panel's mask (opaque
/// to 105.6 pt below the panel's top, nothing at 120, linear).
public enum EditorToolsPanel {
    public static let maskStart = 105.6, maskEnd = 120.0

    public static func shapes(_ timeline: EditorChromeTimeline, frame: EditorFrame, at time: Double) -> [PlacedShape] {
        tools(timeline, frame: frame, at: time).flatMap { $0 }
    }

    /// Each tool's parts, in the order they are drawn (one group a tool, so
    /// that a tool that stays as it was is kept while another moves).
    public static func tools(_ timeline: EditorChromeTimeline, frame: EditorFrame, at time: Double) -> [[PlacedShape]] {
        let panel = frame.panelTop, fade = ShapeFade(start: (panel + maskStart) * frame.scale, end: (panel + maskEnd) * frame.scale)
        let centre = Vec2(EditorToolSilhouettes.imageWidth / 2, EditorToolSilhouettes.imageHeight / 2)
        // The focused tool (or the one moving to or from the middle) over the others: drawn last.
        let order = EditorTool.allCases.map { (tool: $0, pose: timeline.tools.pose(of: $0, at: time)) }
            .sorted { ($0.pose.scale, $0.tool.position) < ($1.pose.scale, $1.tool.position) }
        return order.map { tool, pose -> [PlacedShape] in
            let at = Vec2(pose.x, panel + 58 + pose.drop) * frame.scale, scale = pose.scale * frame.scale
            guard scale > 0 else { return [] }
            let parts = EditorToolSilhouettes.parts(tool, colour: timeline.colour(of: tool, at: time), size: timeline.size(of: tool, at: time))
            return parts.map { part in
                PlacedShape(geometry: part.geometry.moved(by: centre * -1), stroke: 0, centre: at, scale: scale, rotation: 0, color: part.colour,
                            alpha: part.alpha, paint: part.paint, fade: fade, softness: part.softness * scale)
            }
        }
    }
}

extension PlacedShape.Geometry {
    /// The same outline moved by `offset` in its own units (a rectangle's or a polygon's; the others are about their centres).
    func moved(by offset: Vec2) -> PlacedShape.Geometry {
        switch self {
        case .rectangle(let r): .rectangle(RoundedRectangle(x: r.x + offset.x, y: r.y + offset.y, width: r.width, height: r.height, cornerRadius: r.radius))
        case .polygon(let vertices): .polygon(vertices.map { $0 + offset })
        default: self
        }
    }
}
