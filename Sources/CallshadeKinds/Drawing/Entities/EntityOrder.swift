import CallshadeCore

/// One of a drawing's entities: a shape or a text.
enum DrawingEntity {
    case shape(ShapeEntity)
    case text(TextEntity)

    var keys: [EntityKey] {
        switch self {
        case .shape(let shape): shape.keys
        case .text(let text): text.keys
        }
    }
}

extension DrawingScenario {
    /// The entities in the file's order, shapes and texts together (a text
    /// knows its place, `TextEntity.index`; the shapes fill the others in turn).
    var entitiesInFileOrder: [DrawingEntity] {
        var shapes = entities.makeIterator()
        let texts = Dictionary(texts.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        return (0..<(entities.count + self.texts.count)).compactMap { index in
            texts[index].map(DrawingEntity.text) ?? shapes.next().map(DrawingEntity.shape)
        }
    }
}
