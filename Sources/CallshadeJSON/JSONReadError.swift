import CallshadeCore

/// Why a JSON text was refused, and where: `location` is the path of the
/// value concerned, such as `events[3].at` or `events[3]` (empty for the
/// document itself or a syntax error, whose line and column are in `reason`).
public struct JSONReadError: Error, Equatable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// yajl's message, with where it stopped (1-based; columns count characters).
        case syntax(line: Int, column: Int, message: String)
        /// A container opened deeper than `limit` levels.
        case tooDeep(limit: Int)
        /// A string, key or number of more than `limit` bytes.
        case tooLong(what: String, limit: Int)
        /// An array with more than `limit` items.
        case tooManyItems(limit: Int)
        /// More than `limit` values in the document.
        case tooManyValues(limit: Int)
        /// An object with this key twice.
        case duplicateKey(String)
        /// Text that is not UTF-8 once unescaped (a lone surrogate such as "\udc00").
        case invalidUTF8(what: String)
        /// The reader failed in a way no text should cause (yajl out of
        /// memory, tokens out of order).
        case readerFailure(String)
    }

    public let location: String
    public let reason: Reason

    public init(location: String, _ reason: Reason) {
        self.location = location
        self.reason = reason
    }

    /// What is wrong, without the location.
    public var message: String {
        switch reason {
        case .syntax(let line, let column, let message):
            return "malformed JSON at line \(line), column \(column): \(message)"
        case .tooDeep(let limit): return "nested more than \(limit) levels deep"
        case .tooLong(let what, let limit): return "\(what) longer than \(limit) bytes"
        case .tooManyItems(let limit): return "more than \(limit) items"
        case .tooManyValues(let limit): return "more than \(limit) JSON values"
        case .duplicateKey(let key): return "duplicate key \"\(UserText.shown(key))\""
        case .invalidUTF8(let what): return "\(what) is not valid UTF-8"
        case .readerFailure(let why): return "cannot read the JSON: \(why)"
        }
    }

    public var description: String { location.isEmpty ? message : "\(location): \(message)" }
}
