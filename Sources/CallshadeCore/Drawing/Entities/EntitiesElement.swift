/// The drawing's entities (`drawing.md` sections 5 and 6) over its strokes,
/// in file order: the shapes that exist at the instant, as they are then.
public struct EntitiesElement: DrawingElement {
    public init() {}

    public var tags: [SceneTag] { [.entities] }

    public func add(to scene: inout Scene, at instant: DrawingInstant, showing: Set<SceneTag>) {
        let scenario = instant.scenario
        let shapes = scenario.entities.compactMap { $0.placed(at: instant.time, canvas: scenario.canvas, placement: instant.placement) }
        if !shapes.isEmpty { scene.nodes.append(ShapesNode(shapes: shapes)) }
    }
}

extension SceneTag {
    public static let entities = SceneTag("entities", help: "The drawing's shapes, placed, moved and turned by their keys.")
}
