import CallshadeCore

extension DrawingScenario {
    /// `validate`'s line for each entity, in the file's order: shapes and texts.
    public var entitySummaries: [String] {
        entitiesInFileOrder.map { entity in
            switch entity {
            case .shape(let shape): shape.summary
            case .text(let text): text.summary(canvas: canvas)
            }
        }
    }
}
