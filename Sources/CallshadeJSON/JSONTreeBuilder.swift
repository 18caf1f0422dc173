import CallshadeCore

/// Builds a `JSONValue` from a token stream, enforcing `JSONLimits` and
/// refusing duplicate keys as each token arrives. It keeps one frame per open
/// container, so the work per token is constant (amortised) and the memory is
/// that of the values built so far.
final class JSONTreeBuilder: JSONTokenSink {
    /// An open container and what it holds so far.
    private struct Frame {
        let isObject: Bool
        var items: [JSONValue] = []
        var members: [String: JSONValue] = [:]
        /// In an object: the key whose value comes next.
        var key: String?
    }

    /// The longest location shown in messages, in characters.
    static let longestPath = 160

    private let limits: JSONLimits
    private var frames: [Frame] = []
    private var valueCount = 0
    /// The document, once its last token has come.
    private(set) var root: JSONValue?

    init(limits: JSONLimits) {
        self.limits = limits
    }

    func null() throws(JSONReadError) {
        try begin()
        try finish(.null)
    }

    func bool(_ value: Bool) throws(JSONReadError) {
        try begin()
        try finish(.bool(value))
    }

    func number(_ text: UnsafeRawBufferPointer) throws(JSONReadError) {
        try begin()
        guard text.count <= limits.textBytes else {
            throw JSONReadError(location: location(withCurrent: true), .tooLong(what: "a number", limit: limits.textBytes))
        }
        // yajl passes only numbers in JSON's syntax, which Double reads
        // (too large a magnitude gives an infinity, for the caller to refuse).
        guard let value = Double(String(decoding: text, as: UTF8.self)) else {
            throw JSONReadError(location: location(withCurrent: true), .readerFailure("a number Double cannot read"))
        }
        try finish(.number(value))
    }

    func string(_ bytes: UnsafeRawBufferPointer) throws(JSONReadError) {
        try begin()
        try finish(.string(text(bytes, what: "a string", location: location(withCurrent: true))))
    }

    func startObject() throws(JSONReadError) {
        try begin()
        try enter(Frame(isObject: true))
    }

    func key(_ bytes: UnsafeRawBufferPointer) throws(JSONReadError) {
        let key = try text(bytes, what: "a key", location: location(withCurrent: false))
        guard let last = frames.indices.last, frames[last].isObject else {
            throw JSONReadError(location: location(withCurrent: false), .readerFailure("a key outside an object"))
        }
        guard frames[last].members[key] == nil else {
            throw JSONReadError(location: location(withCurrent: false), .duplicateKey(key))
        }
        frames[last].key = key
    }

    func endObject() throws(JSONReadError) {
        guard let frame = frames.popLast(), frame.isObject else {
            throw JSONReadError(location: location(withCurrent: false), .readerFailure("an object ends that is not open"))
        }
        try finish(.object(frame.members))
    }

    func startArray() throws(JSONReadError) {
        try begin()
        try enter(Frame(isObject: false))
    }

    func endArray() throws(JSONReadError) {
        guard let frame = frames.popLast(), !frame.isObject else {
            throw JSONReadError(location: location(withCurrent: false), .readerFailure("an array ends that is not open"))
        }
        try finish(.array(frame.items))
    }

    /// Counts a value that starts, and checks it fits its container.
    private func begin() throws(JSONReadError) {
        valueCount += 1
        guard valueCount <= limits.values else {
            throw JSONReadError(location: "", .tooManyValues(limit: limits.values))
        }
        if let last = frames.last, !last.isObject, last.items.count >= limits.arrayItems {
            throw JSONReadError(location: location(withCurrent: false), .tooManyItems(limit: limits.arrayItems))
        }
    }

    private func enter(_ frame: Frame) throws(JSONReadError) {
        guard frames.count < limits.depth else {
            throw JSONReadError(location: location(withCurrent: true), .tooDeep(limit: limits.depth))
        }
        frames.append(frame)
    }

    /// Puts a complete value in its container, or makes it the document.
    private func finish(_ value: JSONValue) throws(JSONReadError) {
        guard let last = frames.indices.last else {
            root = value
            return
        }
        if frames[last].isObject {
            guard let key = frames[last].key else {
                throw JSONReadError(location: location(withCurrent: false), .readerFailure("a value without a key"))
            }
            frames[last].members[key] = value
            frames[last].key = nil
        } else {
            frames[last].items.append(value)
        }
    }

    /// A string or key after its length check and a strict UTF-8 check (yajl
    /// checks the text, but an escaped lone surrogate unescapes to bytes that
    /// are not UTF-8).
    private func text(_ bytes: UnsafeRawBufferPointer, what: String, location: @autoclosure () -> String) throws(JSONReadError) -> String {
        guard bytes.count <= limits.textBytes else {
            throw JSONReadError(location: location(), .tooLong(what: what, limit: limits.textBytes))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw JSONReadError(location: location(), .invalidUTF8(what: what))
        }
        return text
    }

    /// The path of the innermost open container, such as `events[3]`; with
    /// `withCurrent`, that of the value coming in it, such as `events[3].at`.
    private func location(withCurrent: Bool) -> String {
        var path = ""
        for (index, frame) in frames.enumerated() where index + 1 < frames.count || withCurrent {
            if frame.isObject {
                let key = UserText.shown(frame.key ?? "?")
                path += path.isEmpty ? key : "." + key
            } else {
                path += "[\(frame.items.count)]"
            }
        }
        // Deep paths keep their end, where the trouble is.
        return path.count > Self.longestPath ? "..." + path.suffix(Self.longestPath - 3) : path
    }
}
