import CallshadeCore
import CallshadeVideo
import Foundation

/// A scenario's video file as the call screen's picture source: a
/// `VideoSource` opened before the first frame, read behind a lock.
///
/// `@unchecked Sendable`: `VideoSource` is not thread-safe (it keeps its
/// decoder's state and a few decoded pictures), and a render may ask for
/// frames on more than one thread. Every use of `source` after `init` is
/// inside `lock`, so one thread at a time reads it; the other stored
/// properties are constants.
public final class VideoFileSource: VideoPictureSource, @unchecked Sendable {
    public let path: String
    public let input: VideoInput
    /// How long one pass lasts (seconds; nil for a still), as `VideoSource` has it.
    public let loopDuration: Double?
    private let lock = NSLock()
    private let source: VideoSource

    /// Opens `path` (errors: `VideoError`, naming the file).
    public init(path: String) throws(VideoError) {
        let source = try VideoSource(path: path)
        self.path = path
        self.source = source
        input = VideoInput(width: source.width, height: source.height, rotation: source.rotation)
        loopDuration = source.loopDuration
    }

    public func picture(at sourceTime: Double) throws -> SourcePicture {
        lock.lock()
        defer { lock.unlock() }
        return try source.picture(at: sourceTime)
    }

    /// The first damaged data met while decoding, once (then nil).
    public func takeWarning() -> VideoWarning? {
        lock.lock()
        defer { lock.unlock() }
        return source.takeWarning()
    }
}
