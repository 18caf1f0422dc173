import CallshadeCore

/// The editor's screen around the canvas (`editor.md` sections 1 to 3),
/// over everything on the canvas: the glass (a blur of the canvas as drawn
/// under the control's and Add's tints), the size preview, the top bar, the
/// tool panel, the Draw / Text control and the buttons, the lasso's
/// selection menu (`SelectionMenu`), then their labels. Drawn
/// only when the scenario's editor is shown.
public struct EditorChromeElement: DrawingElement {
    public init() {}

    public var tags: [SceneTag] { [.chrome] }

    public func texts(for scenario: DrawingScenario) -> [TextStyle: [String]] {
        guard scenario.editor?.shown == true else { return [:] }
        return [EditorControls.regular17: ["Clear All", "Zoom Out"], EditorControls.regular13: ["Draw", "Text"], EditorControls.bold13: ["Draw", "Text"],
                SelectionMenu.style: SelectionMenu.items]
    }

    public func add(to scene: inout Scene, at instant: DrawingInstant, showing: Set<SceneTag>) {
        guard let chrome = instant.timeline.chrome else { return }
        let frame = EditorFrame(scene.size)
        let controls = EditorControls(timeline: chrome, frame: frame, time: instant.time, text: instant.text)
        let top = controls.topBar(), control = controls.control()
        let zoom = instant.placement.scale / CanvasPlacement(canvas: instant.scenario.canvas.size, frame: scene.size).scale
        // The glass first: it blurs the canvas as drawn, under everything of the screen.
        let glass = controls.glass()
        if !glass.shown.isEmpty { scene.nodes.append(glass) }
        // One node a group, so that each covers only its own part of the frame.
        // A group that stays as it was is kept between frames (the shaded shapes) while others move.
        let groups = [controls.sizePreview(placement: instant.placement, canvas: instant.scenario.canvas.size, zoom: zoom), top.shapes]
            + EditorToolsPanel.tools(chrome, frame: frame, at: instant.time) + [control.outline, control.pill, controls.buttons()]
        for group in groups {
            let shown = group.filter { $0.alpha > 0 }
            if !shown.isEmpty { scene.nodes.append(ShapesNode(shapes: shown)) }
        }
        var marks = top.marks + control.marks
        if let menu = selectionMenu(controls, at: instant) {
            scene.nodes.append(ShapesNode(shapes: menu.shapes))
            marks += menu.marks
        }
        if let text = instant.text, !marks.isEmpty {
            scene.nodes.append(MarksNode(atlas: text.atlas, marks: marks))
        }
    }

    /// The lasso's selection menu over its outline's box, while a selection lives and the screen is idle.
    func selectionMenu(_ controls: EditorControls, at instant: DrawingInstant) -> (shapes: [PlacedShape], marks: [Mark])? {
        guard let editor = instant.scenario.editor, let live = instant.timeline.fates.liveSelection(at: instant.time),
              SelectionMenu.idle(editor, at: instant.time), controls.shown > 0 else { return nil }
        let placement = instant.placement
        let xs = live.hull.map(\.x), ys = live.hull.map(\.y)
        guard let left = xs.min(), let right = xs.max(), let top = ys.min(), let bottom = ys.max() else { return nil }
        let box = ((left - live.width) * placement.scale + placement.offset.x, (top - live.width) * placement.scale + placement.offset.y,
                   (right + live.width) * placement.scale + placement.offset.x, (bottom + live.width) * placement.scale + placement.offset.y)
        return SelectionMenu.drawn(by: controls, over: box, alpha: controls.shown)
    }
}

extension SceneTag {
    public static let chrome = SceneTag("chrome", help: "The drawing editor's screen around the canvas: its tools, buttons and controls.")
}
