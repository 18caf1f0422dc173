/// What is wrong with a scenario file: where (the file, and the event and
/// field when there is one) and what.
public struct ScenarioError: Error, Equatable, CustomStringConvertible {
    public let file: String
    /// For example `events[3].level` or `duration`; empty for the whole file.
    public let location: String
    public let message: String

    public init(file: String, location: String = "", _ message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    public var description: String {
        location.isEmpty ? "\(file): \(message)" : "\(file): \(location): \(message)"
    }
}
