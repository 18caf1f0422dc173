import Foundation

/// What `render -o OUT` makes, from OUT and --format.
enum OutputTarget: Equatable {
    /// PNG frames in a folder.
    case frames(String)
    /// A video file in a container.
    case video(String, VideoContainer)
    /// Raw frames on standard output.
    case raw

    static let formats = ["png", "raw"] + VideoContainer.allCases.map(\.rawValue)

    static func resolve(output: String, format: String?) throws -> OutputTarget {
        guard !output.isEmpty else { throw CLIError("the output path is empty") }
        if let format, !formats.contains(format) {
            throw CLIError("unknown --format '\(format)'; valid formats: \(formats.joined(separator: ", "))")
        }
        if output == "-" {
            guard format == nil || format == "raw" else {
                throw CLIError("-o - writes raw frames to standard output; --format must be raw there")
            }
            return .raw
        }
        switch format {
        case "png": return .frames(output)
        case "raw": throw CLIError("raw frames go to standard output: use -o -")
        case let name?:
            if let container = VideoContainer(rawValue: name) { return .video(output, container) }
        case nil:
            break
        }
        let name = URL(fileURLWithPath: output).lastPathComponent
        var isFolder: ObjCBool = false
        if output.hasSuffix("/") || (FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) && isFolder.boolValue) {
            return .frames(output)
        }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return .frames(output) }
        let suffix = name[name.index(after: dot)...].lowercased()
        if let container = VideoContainer(rawValue: suffix) { return .video(output, container) }
        throw CLIError("cannot tell the output format from '.\(suffix)'; give a folder (PNG frames), "
                       + ".mp4, .mov, .mkv, .webm, or - (raw frames), or say --format")
    }
}
