import CallshadeCore

/// The lasso's selection menu (`drawing-tools.md` section 2 rule 7,
/// `editor.md` 2.5's entity-menu look): Delete and Duplicate, Regular 14
/// padded 12 either side, on a #1C1C1E body 38 pt high with corners of 8,
/// centred over the selected outline's box with its 16 x 8 arrow's tip 6 pt
/// above it (ours: kept 8 pt inside the screen's sides). It shows while a
/// selection lives and the screen is idle: no drag (a size, a pinch, a
/// lasso's move) under way and the editor not left; no animation.
struct SelectionMenu {
    static let items = ["Delete", "Duplicate"]
    static let style = TextStyle(.regular, 14)
    static let body = RGB(bytes: 0x1C, 0x1C, 0x1E)
    static let height = 38.0, corner = 8.0, padding = 12.0, arrowWidth = 16.0, arrowHeight = 8.0, gap = 6.0, margin = 8.0

    /// Whether the screen is idle at `time`: no drag under way, the editor not left.
    static func idle(_ editor: DrawingEditor, at time: Double) -> Bool {
        for event in editor.events where event.at <= time {
            if event.end > event.at, time < event.end { return false }
            if case .done = event.action { return false }
        }
        return true
    }

    /// The menu's shapes and labels over the outline's box `box` (frame pixels: left, top, right, bottom).
    static func drawn(by controls: EditorControls, over box: (Double, Double, Double, Double), alpha: Double) -> (shapes: [PlacedShape], marks: [Mark]) {
        let scale = controls.frame.scale
        let widths = items.map { controls.labelWidth($0, style: style) + 2 * padding }
        let width = widths.reduce(0, +)
        let centre = (box.0 + box.2) / 2 / scale, tip = box.1 / scale - gap
        let left = min(max(centre - width / 2, margin), EditorLayout.width - margin - width)
        let top = tip - arrowHeight - height
        let arrowX = min(max(centre, left + corner + arrowWidth / 2), left + width - corner - arrowWidth / 2)
        let shapes = [
            controls.shape(.rectangle(RoundedRectangle(x: 0, y: 0, width: width, height: height, cornerRadius: corner)), at: Vec2(left, top), colour: body, alpha: alpha),
            controls.shape(.polygon([Vec2(-arrowWidth / 2, -0.5), Vec2(arrowWidth / 2, -0.5), Vec2(0, arrowHeight)]), at: Vec2(arrowX, top + height),
                           colour: body, alpha: alpha),
        ]
        var marks: [Mark] = [], x = left
        for (item, itemWidth) in zip(items, widths) {
            marks += controls.label(item, style: style, left: x + padding, y: top + height / 2, alpha: alpha)
            x += itemWidth
        }
        return (shapes, marks)
    }
}
