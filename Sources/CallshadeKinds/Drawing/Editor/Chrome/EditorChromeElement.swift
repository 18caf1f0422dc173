import CallshadeCore

/// The editor's screen around the canvas (`editor.md` sections 1 to 3),
/// over everything on the canvas: for now the tool panel. Drawn only when
/// the scenario's editor is shown.
public struct EditorChromeElement: DrawingElement {
    public init() {}

    public var tags: [SceneTag] { [.chrome] }

    public func add(to scene: inout Scene, at instant: DrawingInstant, showing: Set<SceneTag>) {
        guard let chrome = instant.timeline.chrome else { return }
        let frame = EditorFrame(scene.size)
        scene.nodes.append(ShapesNode(shapes: EditorToolsPanel.shapes(chrome, frame: frame, at: instant.time)))
    }
}

extension SceneTag {
    public static let chrome = SceneTag("chrome", help: "The drawing editor's screen around the canvas: its tools, buttons and controls.")
}
