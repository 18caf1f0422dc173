import CallshadeCore

/// The drawing's entities (`drawing.md` sections 5 and 6) over its strokes,
/// in file order: the shapes that exist at the instant (and are not
/// cleared by the editor), as they are then.
public struct EntitiesElement: DrawingElement {
    public init() {}

    public var tags: [SceneTag] { [.entities] }

    public func add(to scene: inout Scene, at instant: DrawingInstant, showing: Set<SceneTag>) {
        let scenario = instant.scenario
        // Shapes and texts in file order: each run of shapes one node, each text one.
        var run: [PlacedShape] = []
        let removals = instant.timeline.fates.entityRemovals
        for (index, entity) in scenario.entitiesInFileOrder.enumerated() where (removals[index] ?? .infinity) > instant.time {
            switch entity {
            case .text(let text):
                if !run.isEmpty { scene.nodes.append(ShapesNode(shapes: run)) }
                run = []
                if let picture = instant.textPictures[index], let placed = text.placed(at: instant.time, picture: picture, placement: instant.placement) {
                    scene.nodes.append(TextEntityNode(text: placed))
                }
            case .shape(let shape):
                if let placed = shape.placed(at: instant.time, canvas: scenario.canvas, placement: instant.placement) { run.append(placed) }
            }
        }
        if !run.isEmpty { scene.nodes.append(ShapesNode(shapes: run)) }
    }
}

extension SceneTag {
    public static let entities = SceneTag("entities", help: "The drawing's shapes and texts, placed, moved and turned by their keys.")
}
