import CallshadeCore

/// A drawing's text entity (`drawing.md` section 5), read with the shared
/// rules: each refusal names the entity's index, the field and what it got.
/// Whether an installed font has every character is checked where the
/// fonts are (`CallshadeText`'s `TextEntityPictures`).
enum TextEntityParser {
    static let keys = ["text", "style", "color", "size", "align", "keys"]

    /// The longest text, in characters (ours).
    static let maximumCharacters = 2_000

    static func entity(_ object: [String: JSONValue], index: Int, fields: ScenarioFields) throws -> TextEntity {
        for key in object.keys.sorted() where !keys.contains(key) {
            throw fields.error(UserText.shown(key), "unknown key; a text has \(keys.joined(separator: ", "))")
        }
        let text = try fields.string(object["text"] ?? .null, "text")
        guard !text.isEmpty else { throw fields.error("text", "is empty; give the words to draw (got \"\")") }
        guard text.count <= maximumCharacters else {
            throw fields.error("text", "is over \(maximumCharacters) characters long (got \(text.count))")
        }
        // A line break starts a new line; any other control character is refused.
        if let control = text.unicodeScalars.first(where: { $0 != "\n" && $0.properties.generalCategory == .control }) {
            throw fields.error("text", "has a control character; only a line break (\\n) is allowed "
                               + "(got U+\(String(control.value, radix: 16, uppercase: true)))")
        }
        let styles = TextEntity.Style.allCases.map(\.rawValue).joined(separator: ", ")
        let styleName = try object["style"].map { try fields.string($0, "style") } ?? TextEntity.Style.regular.rawValue
        guard let style = TextEntity.Style(rawValue: styleName) else {
            throw fields.error("style", "unknown style; valid styles: \(styles) (got \"\(UserText.shown(styleName))\")")
        }
        let colour = try fields.strokeColour(in: object)
        let size = try fields.sizeSlider(in: object)
        let alignments = TextEntity.Alignment.allCases.map(\.rawValue).joined(separator: ", ")
        let alignName = try object["align"].map { try fields.string($0, "align") } ?? TextEntity.Alignment.center.rawValue
        guard let alignment = TextEntity.Alignment(rawValue: alignName) else {
            throw fields.error("align", "unknown alignment; valid alignments: \(alignments) (got \"\(UserText.shown(alignName))\")")
        }
        guard let keysValue = object["keys"] else { throw fields.error("keys", "missing; give a list of {\"at\", \"x\", \"y\"}") }
        return TextEntity(index: index, text: text, style: style, colour: colour, size: size, alignment: alignment,
                          keys: try EntityParser.keys(keysValue, fields: fields))
    }
}
