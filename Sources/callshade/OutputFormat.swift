import ArgumentParser
import CallshadeRender
import Foundation

/// What `--format` names: PNG frames, a video container, or raw frames.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case png, mp4, mov, mkv, webm, raw
}

/// A command that can write its output to standard output (`-o -`). Where
/// standard output was closed at start (it is /dev/null now), `main` refuses
/// it before it starts, instead of letting it write everything to /dev/null.
protocol WritesToStandardOutput {
    /// Whether this command line's output is standard output.
    var outputIsStandardOutput: Bool { get }
}

extension OutputTarget {
    /// What `render -o OUT` makes, from OUT and --format.
    static func resolve(output: String, format: OutputFormat?) throws -> OutputTarget {
        guard !output.isEmpty else { throw Diagnostic.output(.empty) }
        if output == "-" {
            guard format == nil || format == .raw else {
                throw Diagnostic.optionCombination(option: "-o -", rule: "writes raw frames to standard output; --format must be raw there")
            }
            return .raw
        }
        switch format {
        case .png: return .frames(output)
        case .raw: throw Diagnostic.optionCombination(option: "--format raw", rule: "writes to standard output: use -o -")
        case let video?:
            if let container = VideoContainer(rawValue: video.rawValue) { return .video(output, container) }
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
        throw Diagnostic.outputKind(path: output, rule: "does not say its format ('.\(suffix)'); give a folder (PNG frames), "
                                     + ".mp4, .mov, .mkv, .webm, or - (raw frames), or say --format")
    }
}
