import CallshadeCore

extension DrawingScenario {
    /// `validate`'s line for each entity, in the file's order: shapes and texts.
    public var entitySummaries: [String] {
        var shapes = entities.makeIterator()
        let texts = Dictionary(texts.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        return (0..<(entities.count + self.texts.count)).compactMap { index in
            texts[index].map { $0.summary(canvas: canvas) } ?? shapes.next()?.summary
        }
    }
}
