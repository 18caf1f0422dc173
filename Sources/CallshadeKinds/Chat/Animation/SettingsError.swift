import CallshadeCore

/// What is wrong with animation settings (chat, section 6): the file (a
/// settings file, or the scenario holding an inline object), the field and
/// what; `Error [settings.invalid]` on the command line.
public struct SettingsError: Error, Equatable, CustomStringConvertible {
    public let file: String
    /// For example `smallMessage.xPosition.end`; empty for the whole file.
    public let field: String
    public let message: String

    public init(file: String, field: String = "", _ message: String) {
        self.file = file
        self.field = field
        self.message = message
    }

    public var description: String {
        field.isEmpty ? "\(file): \(message)" : "\(file): \(field): \(message)"
    }
}
