/// A parsed JSON document as a typed tree, so that `true` and `1` stay apart.
/// Objects hold each key once (readers refuse duplicates). The reader that
/// builds it from text lives in CallshadeJSON.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// What kind of value this is, for messages.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
