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
        var shapes = scenario.entities.makeIterator(), run: [PlacedShape] = []
        let texts = Dictionary(scenario.texts.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        let removals = instant.timeline.fates.entityRemovals
        for index in 0..<(scenario.entities.count + scenario.texts.count) {
            let removed = (removals[index] ?? .infinity) <= instant.time
            if let text = texts[index] {
                guard !removed else { continue }
                if !run.isEmpty { scene.nodes.append(ShapesNode(shapes: run)) }
                run = []
                if let picture = instant.textPictures[index], let placed = text.placed(at: instant.time, picture: picture, placement: instant.placement) {
                    scene.nodes.append(TextEntityNode(text: placed))
                }
            } else if let shape = shapes.next(), !removed, let placed = shape.placed(at: instant.time, canvas: scenario.canvas, placement: instant.placement) {
                run.append(placed)
            }
        }
        if !run.isEmpty { scene.nodes.append(ShapesNode(shapes: run)) }
    }
}

extension SceneTag {
    public static let entities = SceneTag("entities", help: "The drawing's shapes and texts, placed, moved and turned by their keys.")
}
