import Foundation

/// Turns a scenario's JSON tree into a scenario of its kind: the shared
/// part. It finds the kind ("scene"), refuses keys that are not the kind's
/// nor shared, reads the shared keys (`ScenarioSettings`), and hands the
/// rest to the kind's parser. Each error names the field (and the event, by
/// index).
public enum ScenarioParser {
    /// The top-level keys every kind has.
    public static let sharedKeys = ["scene", "duration", "seed", "size", "fps", "events"]

    /// Checks a scenario read as JSON (see CallshadeJSON's `ScenarioFile`,
    /// which reads files with limits); `file` names it in errors, `folder`
    /// resolves relative paths (`ScenarioReading.existingFile`), `namedFile`
    /// looks at the files it names; `kinds` are the kinds it may be, the default first.
    public static func parse(_ root: JSONValue, file: String, folder: String, namedFile: @escaping NamedFileCheck, kinds: [any SceneKind],
                             jsonFile: (@Sendable (String) throws -> JSONValue)? = nil) throws -> any ParsedScenario {
        let fields = ScenarioFields(file: file, location: "")
        guard case .object(let top) = root else {
            throw ScenarioError(file: file, "the scenario must be a JSON object with at least \"duration\"")
        }
        let kind = try self.kind(top["scene"], fields: fields, kinds: kinds)
        let reading = ScenarioReading(fields: fields, folder: folder, kind: kind, others: kinds.filter { $0.name != kind.name }, jsonFile: jsonFile,
                                      namedFile: namedFile)
        try reading.checkKeys(top.keys)
        return try kind.scenario(from: top, settings: try settings(top, fields: fields), reading: reading)
    }

    /// The kind "scene" names; the default when it is missing.
    static func kind(_ value: JSONValue?, fields: ScenarioFields, kinds: [any SceneKind]) throws -> any SceneKind {
        guard let value else {
            guard let first = kinds.first else { throw fields.error("scene", "no scene kinds are registered") }
            return first
        }
        let name = try fields.string(value, "scene")
        guard let kind = kinds.first(where: { $0.name == name }) else {
            throw fields.error("scene", "unknown scene kind '\(UserText.shown(name))'; valid kinds: \(kinds.map(\.name).joined(separator: ", "))")
        }
        return kind
    }

    /// The keys every kind has: its length, seed, size and frame rate.
    static func settings(_ top: [String: JSONValue], fields: ScenarioFields) throws -> ScenarioSettings {
        guard let durationValue = top["duration"] else {
            throw fields.error("duration", "missing; give the scenario's length in seconds")
        }
        let duration = try fields.number(durationValue, "duration")
        guard duration > 0 else { throw fields.error("duration", "must be more than 0 seconds (got \(format(duration)))") }
        guard duration <= ScenarioSettings.maximumDuration else {
            throw fields.error("duration", "must be at most \(format(ScenarioSettings.maximumDuration)) seconds (got \(format(duration)))")
        }
        let seed = try top["seed"].map { try fields.integer($0, "seed", in: -(1 << 53)...(1 << 53)) } ?? 0
        let size = try top["size"].map { value -> FrameSize in
            let text = try fields.string(value, "size")
            do { return try FrameSize(parsing: text) } catch {
                guard UserText.shown(text) == text else {
                    throw fields.error("size", "must be WIDTHxHEIGHT (got \"\(UserText.shown(text))\")")
                }
                throw fields.error("size", "\(error)")
            }
        }
        let rates = ScenarioSettings.frameRates
        let fps = try top["fps"].map { try fields.integer($0, "fps", in: Int64(rates.lowerBound)...Int64(rates.upperBound)) }
        return ScenarioSettings(duration: duration, seed: seed, size: size, fps: fps.map { Int($0) })
    }

    /// Numbers printed without a needless ".0".
    package static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
