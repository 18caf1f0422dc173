/// What a render makes: PNG frames in a folder, a video file, or raw frames
/// on standard output (at the command line, from `-o OUT` and `--format`).
public enum OutputTarget: Equatable {
    /// PNG frames in a folder.
    case frames(String)
    /// A video file in a container.
    case video(String, VideoContainer)
    /// Raw frames on standard output.
    case raw
}

extension OutputTarget {
    /// The folder or file written; nil for standard output.
    public var path: String? {
        switch self {
        case .frames(let folder): return folder
        case .video(let file, _): return file
        case .raw: return nil
        }
    }
}
