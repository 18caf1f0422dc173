import CallshadeCore

/// The fields a stroke, a shape and a text share, read with the same rules and messages.
extension ScenarioFields {
    /// `color`: required, `#RRGGBB` or `#RRGGBBAA`.
    func strokeColour(in object: [String: JSONValue]) throws -> StrokeColour {
        guard let value = object["color"] else { throw error("color", "missing; give #RRGGBB or #RRGGBBAA") }
        let text = try string(value, "color")
        guard let colour = StrokeColour(hex: text) else {
            throw error("color", "must be #RRGGBB or #RRGGBBAA (got \"\(UserText.shown(text))\")")
        }
        return colour
    }

    /// `size`: required, the size slider, 0 to 1.
    func sizeSlider(in object: [String: JSONValue]) throws -> Double {
        guard let value = object["size"] else { throw error("size", "missing; give the size slider, 0 to 1") }
        let size = try number(value, "size")
        guard (0...1).contains(size) else { throw error("size", "must be between 0 and 1 (got \(ScenarioParser.format(size)))") }
        return size
    }
}
