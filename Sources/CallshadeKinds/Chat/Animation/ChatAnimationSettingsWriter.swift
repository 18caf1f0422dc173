import CallshadeCore

/// Animation settings as the file `chat-settings export` writes (chat,
/// section 4.3): every block and property, in the fixed order of
/// `ChatAnimationSettings.defaults`, 2-space indent, each window on one
/// line, numbers in their shortest form; the same bytes every run.
public enum ChatAnimationSettingsWriter {
    public static func text(_ settings: ChatAnimationSettings) -> String {
        var blocks: [String] = []
        for block in settings.blocks {
            var lines = ["    \"duration\": \(block.duration)"]
            if let colors = block.colors {
                lines.append("    \"colors\": [\(colors.map { "\"\($0.description)\"" }.joined(separator: ", "))]")
            }
            for (name, window) in block.properties {
                lines.append("    \"\(name)\": {\"start\": \(window.start), \"end\": \(window.end), \"x1\": \(number(window.x1)), \"x2\": \(number(window.x2))}")
            }
            blocks.append("  \"\(block.name)\": {\n" + lines.joined(separator: ",\n") + "\n  }")
        }
        let head = ["  \"format\": \"\(ChatAnimationSettings.format)\"", "  \"version\": \(ChatAnimationSettings.version)",
                    "  \"fps\": \(ChatAnimationSettings.fps)"]
        return "{\n" + (head + blocks).joined(separator: ",\n") + "\n}\n"
    }

    /// A handle in its shortest form that reads back as the same number (0, 1, 0.33).
    public static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
