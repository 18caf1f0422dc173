import Foundation

/// A parsed JSON document as a typed tree, so that `true` and `1` stay apart.
/// Parsing is Foundation's: JSONSerialization checks the syntax (and says where
/// it broke), JSONDecoder builds the typed tree.
public indirect enum JSONValue: Equatable, Sendable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Parses `data`; a syntax error says where it broke (line and column when
    /// the parser gives a position).
    public static func parse(_ data: Data) throws -> JSONValue {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw SyntaxError(message: describe(error, in: data))
        }
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw SyntaxError(message: "malformed JSON")
        }
    }

    public struct SyntaxError: Error, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// The parser's own words, with "around character N" turned into a line and column.
    static func describe(_ error: Error, in data: Data) -> String {
        let debug = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "not valid JSON"
        let text = debug.hasSuffix(".") ? String(debug.dropLast()) : debug
        guard let range = text.range(of: "around character "),
              let offset = Int(text[range.upperBound...].prefix { $0.isNumber }) else {
            return "malformed JSON: " + text
        }
        var line = 1
        var column = 1
        for byte in data.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return "malformed JSON at line \(line), column \(column): " + text[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
    }
}
