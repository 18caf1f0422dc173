import Foundation

/// One scenario file being read: the shared rules a kind's parser reads its
/// keys and events with. Its errors name the file, the event and the field.
public struct ScenarioReading: Sendable {
    /// The file's top-level fields.
    public let fields: ScenarioFields
    /// Where relative paths lead.
    public let folder: String
    /// The kind the file is.
    public let kind: any SceneKind
    /// The kinds it could have been: a key of theirs is refused naming them.
    public let others: [any SceneKind]
    /// Reads another JSON file the scenario names (a chat's animation
    /// settings) by its path, throwing its own error; nil where none can be read.
    public var jsonFile: (@Sendable (String) throws -> JSONValue)? = nil
    /// How a file the scenario names is looked at (the reader's; Core does no I/O).
    public var namedFile: NamedFileCheck

    /// The same reading for an object inside the file: its errors name `fields`; it reads no other JSON file.
    public func naming(_ fields: ScenarioFields) -> ScenarioReading {
        ScenarioReading(fields: fields, folder: folder, kind: kind, others: others, namedFile: namedFile)
    }

    /// Refuses a key that is neither the kind's nor shared: one of another
    /// kind's names it, any other is unknown; both list the valid keys.
    func checkKeys(_ keys: some Sequence<String>) throws {
        let valid = Set(ScenarioParser.sharedKeys + kind.keys)
        for key in keys.sorted() where !valid.contains(key) {
            let list = valid.sorted().joined(separator: ", ")
            if let owner = others.first(where: { $0.keys.contains(key) }) {
                throw ScenarioError(file: fields.file, location: UserText.shown(key),
                                    "a key of \"\(owner.name)\" scenarios, not of \"\(kind.name)\" ones; valid keys: \(list)")
            }
            throw ScenarioError(file: fields.file, location: UserText.shown(key), "unknown key; valid keys: \(list)")
        }
    }

    /// The events, from `value` (none when nil): a list of at most
    /// `ScenarioSettings.maximumEvents` objects, each with "at" (seconds, 0 to
    /// `duration`) and keys among the kind's event kinds and qualifiers;
    /// `make` makes the event of each, given its object, its instant, its
    /// index and its fields.
    public func events<Event>(_ value: JSONValue?, duration: Double,
                              make: (_ object: [String: JSONValue], _ at: Double, _ index: Int, _ fields: ScenarioFields) throws -> Event)
        throws -> [Event] {
        guard let value else { return [] }
        guard case .array(let items) = value else { throw fields.error("events", "must be a list of events") }
        guard items.count <= ScenarioSettings.maximumEvents else {
            throw fields.error("events", "more than \(ScenarioSettings.maximumEvents) events")
        }
        var events: [Event] = []
        events.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let fields = ScenarioFields(file: fields.file, location: "events[\(index)]")
            guard case .object(let object) = item else {
                throw fields.error("", "an event must be an object such as {\"at\": 1.5, \"tap\": true}")
            }
            try checkEventKeys(object.keys, fields: fields)
            guard let atValue = object["at"] else { throw fields.error("at", "missing; give the event's time in seconds") }
            let at = try fields.number(atValue, "at")
            guard at >= 0 else { throw fields.error("at", "must be 0 or later (got \(ScenarioParser.format(at)))") }
            guard at <= duration else {
                throw fields.error("at", "\(ScenarioParser.format(at)) is past the scenario's duration of \(ScenarioParser.format(duration)) seconds")
            }
            events.append(try make(object, at, index, fields))
        }
        return events
    }

    /// Refuses a key of an event that is not "at", nor one of the kind's event kinds or qualifiers.
    private func checkEventKeys(_ keys: some Sequence<String>, fields: ScenarioFields) throws {
        for key in keys.sorted() where key != "at" && !kind.eventKinds.contains(key) && !kind.eventQualifiers.contains(key) {
            let list = kind.eventKinds.joined(separator: ", ")
            if let owner = others.first(where: { $0.eventKinds.contains(key) || $0.eventQualifiers.contains(key) }) {
                throw fields.error(UserText.shown(key),
                                   "an event of \"\(owner.name)\" scenarios, not of \"\(kind.name)\" ones; an event has \"at\" and one of: \(list)")
            }
            throw fields.error(UserText.shown(key), "unknown key; an event has \"at\" and one of: \(list)")
        }
    }

    /// The path of a file the scenario names at `key`, which must exist and
    /// be a regular file; a relative path is resolved against `folder`.
    /// `missingHint` may add what to do when the file is not found (given the resolved path).
    public func existingFile(_ value: JSONValue, _ key: String, missingHint: (String) -> String? = { _ in nil }) throws -> String {
        try existingFileAndSize(value, key, missingHint: missingHint).path
    }

    /// `existingFile`'s path, and the file's size in bytes.
    public func existingFileAndSize(_ value: JSONValue, _ key: String, missingHint: (String) -> String? = { _ in nil }) throws -> (path: String, size: Int64) {
        let given = try fields.string(value, key)
        guard !given.isEmpty else { throw fields.error(key, "is empty") }
        guard !given.contains("\0") else { throw fields.error(key, "must not contain a NUL character") }
        let path = given.hasPrefix("/") ? given : URL(fileURLWithPath: folder).appendingPathComponent(given).path
        // Checked (not opened): a regular file, as the commands will need it.
        switch namedFile(path) {
        case .missing:
            let hint = missingHint(path).map { "; " + $0 } ?? ""
            throw fields.error(key, "file '\(UserText.shown(given))' not found (looked for \(UserText.shown(path, limit: 200)))\(hint)")
        case .refused(let reason):
            throw fields.error(key, "'\(UserText.shown(given))': \(reason)")
        case .regular(let size):
            return (path, size)
        }
    }
}
