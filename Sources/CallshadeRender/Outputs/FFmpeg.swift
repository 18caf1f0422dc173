import CallshadeSystem
import Foundation

/// Finding ffmpeg and asking it what it can do.
public enum FFmpeg {
    public static let installHint = "install it with 'apt-get install ffmpeg' (Scripts/bootstrap does)"

    /// The path of `name` on PATH, or nil.
    public static func locate(_ name: String = "ffmpeg") -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// ffmpeg's path, or an error that says how to install it.
    public static func require() throws -> String {
        guard let path = locate() else { throw FFmpegMissing() }
        return path
    }

    /// The names of the encoders this ffmpeg has. With `cleanup`, a stop
    /// while it lists them kills it.
    public static func encoders(ffmpeg: String, cleanup: StopCleanup? = nil) throws -> Set<String> {
        var text: [UInt8] = []
        // Its exit says nothing more: an ffmpeg that lists nothing has no encoder asked for.
        _ = try ChildProcess.run(executable: ffmpeg, arguments: ["-hide_banner", "-encoders"], cleanup: cleanup) { text += $0 }
        // Lines look like " V....D libx264   libx264 H.264 ...": flags, then the name.
        let names = String(decoding: text, as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count >= 2, words[0].count == 6 else { return nil }
            return String(words[1])
        }
        return Set(names)
    }
}

/// ffmpeg is not on PATH.
public struct FFmpegMissing: Error, CustomStringConvertible {
    public init() {}

    public var description: String { "ffmpeg was not found on PATH; \(FFmpeg.installHint)" }
}
