import CallshadeCore

/// Reads one JSON document into a `JSONValue` in a single streaming pass
/// (yajl), within `JSONLimits`: strict JSON (UTF-8, no comments, nothing
/// after the value), duplicate keys refused.
public enum JSONReader {
    public static func read(_ bytes: [UInt8], limits: JSONLimits) throws(JSONReadError) -> JSONValue {
        let builder = JSONTreeBuilder(limits: limits)
        let outcome: Result<Void, YAJLStream.Failure> = bytes.withUnsafeBytes { text in
            Result { () throws(YAJLStream.Failure) in try YAJLStream.parse(text, into: builder) }
        }
        switch outcome {
        case .success:
            guard let root = builder.root else {
                throw JSONReadError(location: "", .readerFailure("the parse ended without a value"))
            }
            return root
        case .failure(.stopped(let error)):
            throw error
        case .failure(.syntax(let offset, let message)):
            let (line, column) = position(of: offset, in: bytes)
            throw JSONReadError(location: "", .syntax(line: line, column: column, message: message))
        case .failure(.unavailable(let why)):
            throw JSONReadError(location: "", .readerFailure(why))
        }
    }

    /// The line and column (1-based) of byte `offset`; columns count
    /// characters (UTF-8 lead bytes), not bytes.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(max(0, offset)) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
