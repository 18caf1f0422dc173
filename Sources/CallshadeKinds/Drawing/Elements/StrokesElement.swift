import CallshadeCore

/// The strokes (`drawing.md` sections 0 to 4): the layer of the finished
/// ones (and of those up to an eraser being drawn), then each stroke still
/// being drawn as it is at the instant.
public struct StrokesElement: DrawingElement {
    public init() {}

    public var tags: [SceneTag] { [.strokes] }

    public func add(to scene: inout Scene, at instant: DrawingInstant, showing: Set<SceneTag>) {
        if let layer = instant.strokesLayer { scene.nodes.append(PictureNode(.picture(layer))) }
        for index in instant.timeline.liveStrokes(at: instant.time) where index >= instant.layeredStrokes {
            guard let node = DrawnStroke.liveNode(index, timeline: instant.timeline, at: instant.time, placement: instant.placement) else { continue }
            scene.nodes.append(node)
        }
    }
}

extension SceneTag {
    public static let strokes = SceneTag("strokes", help: "The drawing's strokes.")
}
