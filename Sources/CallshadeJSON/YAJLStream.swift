import CYAJL

/// What a JSON text contains, told token by token in document order. Texts
/// (strings, keys, numbers) are lent for the call only: strings and keys
/// unescaped and checked to be UTF-8 by yajl, numbers as written. Throwing
/// stops the parse at once.
protocol JSONTokenSink: AnyObject {
    func null() throws(JSONReadError)
    func bool(_ value: Bool) throws(JSONReadError)
    func number(_ text: UnsafeRawBufferPointer) throws(JSONReadError)
    func string(_ bytes: UnsafeRawBufferPointer) throws(JSONReadError)
    func startObject() throws(JSONReadError)
    func key(_ bytes: UnsafeRawBufferPointer) throws(JSONReadError)
    func endObject() throws(JSONReadError)
    func startArray() throws(JSONReadError)
    func endArray() throws(JSONReadError)
}

/// The only caller of yajl: runs its stream parser over a whole text with
/// strict settings (UTF-8 checked, no comments, nothing after the value, no
/// partial values) and turns every result into Swift.
enum YAJLStream {
    /// Why a parse failed.
    enum Failure: Error, Equatable {
        /// yajl's own message (its first line, without the final period), and
        /// the offset of the byte it stopped on (the text's length when the
        /// text ended too soon).
        case syntax(offset: Int, message: String)
        /// The sink threw.
        case stopped(JSONReadError)
        /// yajl could not be set up (out of memory).
        case unavailable(String)
    }

    /// Parses `text`, telling `sink` each token.
    static func parse(_ text: UnsafeRawBufferPointer, into sink: any JSONTokenSink) throws(Failure) {
        let session = Session(sink: sink)
        let outcome: Result<Void, Failure> = withUnsafePointer(to: callbacks) { table in
            withExtendedLifetime(session) {
                guard let handle = yajl_alloc(table, nil, Unmanaged.passUnretained(session).toOpaque()) else {
                    return .failure(.unavailable("yajl_alloc failed"))
                }
                defer { yajl_free(handle) }
                for (option, on) in [(yajl_allow_comments, 0), (yajl_dont_validate_strings, 0),
                                     (yajl_allow_trailing_garbage, 0), (yajl_allow_multiple_values, 0),
                                     (yajl_allow_partial_values, 0)] {
                    guard callshade_yajl_switch(handle, option, Int32(on)) != 0 else {
                        return .failure(.unavailable("yajl_config refused option \(option.rawValue)"))
                    }
                }
                var status = yajl_status_ok
                if let start = text.baseAddress?.assumingMemoryBound(to: UInt8.self), text.count > 0 {
                    status = yajl_parse(handle, start, text.count)
                }
                // The end of the text, where "premature EOF" is found; else the
                // last byte yajl read, which completed the offending token.
                var offset = text.count
                if status == yajl_status_ok {
                    status = yajl_complete_parse(handle)
                } else {
                    offset = max(0, min(yajl_get_bytes_consumed(handle), text.count) - 1)
                }
                if status == yajl_status_ok { return .success(()) }
                if status == yajl_status_client_canceled, let failure = session.failure {
                    return .failure(.stopped(failure))
                }
                return .failure(.syntax(offset: offset, message: message(of: handle)))
            }
        }
        try outcome.get()
    }

    /// yajl's message for the error it stopped at, on one line.
    private static func message(of handle: yajl_handle) -> String {
        guard let raw = yajl_get_error(handle, 0, nil, 0) else { return "not valid JSON" }
        defer { yajl_free_error(handle, raw) }
        let text = String(cString: raw)
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
        return line.hasSuffix(".") ? String(line.dropLast()) : line
    }

    /// The sink of one parse, and what it threw.
    private final class Session {
        let sink: any JSONTokenSink
        var failure: JSONReadError?

        init(sink: any JSONTokenSink) {
            self.sink = sink
        }
    }

    /// Passes one token to the session behind `context`: 1 to go on, 0 to stop.
    private static func deliver(_ context: UnsafeMutableRawPointer?,
                                _ token: (any JSONTokenSink) throws(JSONReadError) -> Void) -> Int32 {
        guard let context else { return 0 }
        let session = Unmanaged<Session>.fromOpaque(context).takeUnretainedValue()
        do {
            try token(session.sink)
            return 1
        } catch {
            session.failure = error
            return 0
        }
    }

    /// A text yajl lends to a callback.
    private static func lent(_ start: UnsafeRawPointer?, _ count: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: count > 0 ? start : nil, count: start == nil ? 0 : count)
    }

    /// The callbacks; numbers come as text (yajl_number), so the integer and
    /// double callbacks are never used.
    private static let callbacks = yajl_callbacks(
        yajl_null: { deliver($0) { sink throws(JSONReadError) in try sink.null() } },
        yajl_boolean: { context, value in deliver(context) { sink throws(JSONReadError) in try sink.bool(value != 0) } },
        yajl_integer: nil,
        yajl_double: nil,
        yajl_number: { context, text, count in
            deliver(context) { sink throws(JSONReadError) in try sink.number(lent(text, count)) }
        },
        yajl_string: { context, bytes, count in
            deliver(context) { sink throws(JSONReadError) in try sink.string(lent(bytes, count)) }
        },
        yajl_start_map: { deliver($0) { sink throws(JSONReadError) in try sink.startObject() } },
        yajl_map_key: { context, bytes, count in
            deliver(context) { sink throws(JSONReadError) in try sink.key(lent(bytes, count)) }
        },
        yajl_end_map: { deliver($0) { sink throws(JSONReadError) in try sink.endObject() } },
        yajl_start_array: { deliver($0) { sink throws(JSONReadError) in try sink.startArray() } },
        yajl_end_array: { deliver($0) { sink throws(JSONReadError) in try sink.endArray() } }
    )
}
