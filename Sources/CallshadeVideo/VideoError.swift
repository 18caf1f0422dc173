import CallshadeSystem
import CallshadeCore
import CallshadePNG

/// Why a video source was refused; each names the file and says why, in a line.
public enum VideoError: Error, Equatable, CustomStringConvertible {
    /// The path is not a regular file that can be opened (missing, a folder, a FIFO, a device...).
    case input(InputFile.Failure)
    /// A PNG still that could not be read.
    case still(PNGError)
    /// Not a video FFmpeg can read (text, an audio-only file...): the reason.
    case notVideo(path: String, reason: String)
    /// The file ends before its last frame.
    case truncated(path: String, reason: String)
    case noFrames(path: String)
    case tooLarge(path: String, width: Int, height: Int, limit: Int)
    case tooManyFrames(path: String, limit: Int)
    /// A frame's timestamp is not after the one before it.
    case timestampsGoBack(path: String, seconds: Double)
    /// The video's data cannot be decoded (no decoder, damaged beyond skipping, an I/O error): the reason.
    case cannotDecode(path: String, reason: String)

    public var description: String {
        switch self {
        case .input(let failure): return failure.description
        case .still(let failure): return failure.description
        case .notVideo(let path, let reason): return "'\(path)' is not a video: \(reason)"
        case .truncated(let path, let reason): return "video '\(path)' is truncated: \(reason)"
        case .noFrames(let path): return "video '\(path)' has no frames"
        case .tooLarge(let path, let width, let height, let limit):
            return "video '\(path)' is \(width)x\(height) pixels, more than the \(limit) a side accepted"
        case .tooManyFrames(let path, let limit): return "video '\(path)' has more than the \(limit) frames accepted"
        case .timestampsGoBack(let path, let seconds):
            return "video '\(path)': its timestamps go backwards at \(Self.format(seconds)) s (a frame is not after the one before it)"
        case .cannotDecode(let path, let reason): return "cannot decode video '\(path)': \(reason)"
        }
    }

    private static func format(_ seconds: Double) -> String {
        String(Double((seconds * 1000).rounded()) / 1000)
    }
}

/// Damaged data met in the middle of a video: the decoder skipped to the
/// next good frame. Reported once per source (`VideoSource.takeWarning`), for
/// the caller to print.
public struct VideoWarning: Equatable, Sendable, CustomStringConvertible {
    public let path: String
    /// Near where, in seconds of the source.
    public let seconds: Double
    public let reason: String

    public var description: String {
        "video '\(path)': skipped damaged data near \(String(Double((seconds * 1000).rounded()) / 1000)) s (\(reason)); the picture holds the last good frame"
    }
}
