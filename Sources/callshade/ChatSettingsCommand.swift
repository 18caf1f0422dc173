import ArgumentParser
import CallshadeCore
import CallshadeKinds
import CallshadeJSON
import CallshadeSystem
import Foundation

/// `callshade chat-settings`: the chat's animation settings as files (chat, section 4.3).
struct ChatSettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat-settings",
        abstract: "Export the chat's animation settings, or check a settings file.",
        discussion: """
        The contest editor's model (a window in frames at 60 fps and a bezier per \
        property, per kind of message and for the background). `export` writes the \
        defaults, always the same bytes; `check` reads a file (or - for standard \
        input), refuses what is wrong as settings.invalid, and prints the effective \
        settings in the same form, so that checking an exported file gives it back.

        Examples:
          callshade chat-settings export -o settings.json
          callshade chat-settings export | callshade chat-settings check -
        """,
        subcommands: [Export.self, Check.self]
    )

    struct Export: ParsableCommand, WritesToStandardOutput {
        static let configuration = CommandConfiguration(commandName: "export", abstract: "Write the default settings.")

        @Option(name: .shortAndLong, help: ArgumentHelp("Where to write them (- for standard output, the default).", valueName: "FILE"))
        var output = "-"

        var outputIsStandardOutput: Bool { output == "-" }

        func run() throws {
            try ChatSettingsCommand.write(ChatAnimationSettingsWriter.text(.defaults), to: output)
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "check", abstract: "Check a settings file and print its effective settings.")

        @Argument(help: ArgumentHelp("The settings file, or - for standard input.", valueName: "FILE"))
        var file: String

        func run() throws {
            let settings = try ChatSettingsCommand.read(file)
            try ChatSettingsCommand.write(ChatAnimationSettingsWriter.text(settings), to: "-")
        }
    }

    /// The settings in `file` (- : standard input, at most 1 MiB), checked.
    static func read(_ file: String) throws -> ChatAnimationSettings {
        guard file == "-" else { return try SettingsFile.settings(path: file) }
        var bytes: [UInt8] = []
        while true {
            let chunk: [UInt8]
            do { chunk = try FileDescriptor.standardInput.read() } catch { throw SettingsError(file: "-", "cannot be read: \(error.reason)") }
            if chunk.isEmpty { break }
            bytes += chunk
            guard bytes.count <= ChatAnimationSettingsReader.maximumBytes else {
                throw SettingsError(file: "-", "is more than the 1 MiB settings may have")
            }
        }
        return try ChatAnimationSettingsReader(file: "-").settings(try SettingsFile.parse(bytes, file: "-"))
    }

    /// `text` to standard output, or to a file put in place only when whole.
    static func write(_ text: String, to output: String) throws {
        let bytes = Array(text.utf8)
        if output == "-" {
            try bytes.withUnsafeBytes { buffer in try FileDescriptor.standardOutput.writeAll(buffer) }
            return
        }
        try AtomicFile.write(bytes, to: output)
    }
}
