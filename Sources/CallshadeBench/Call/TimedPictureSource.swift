import CallshadeCore
import Foundation

/// A video picture source that adds up the wall time spent inside its
/// source's `picture(at:)`: on the thread that decodes ahead, and on the
/// bench's own (main) thread, where it is time the renderer waited for a
/// picture (a decode of its own, or for the lock while the other thread
/// decodes). The bench's alone: it reads the clock.
final class TimedPictureSource: VideoPictureSource, @unchecked Sendable {
    private let source: any VideoPictureSource
    private let lock = NSLock()
    private var aheadSeconds = 0.0
    private var waitedSeconds = 0.0

    init(_ source: any VideoPictureSource) {
        self.source = source
    }

    var input: VideoInput { source.input }

    func picture(at sourceTime: Double) throws -> SourcePicture {
        let clock = ContinuousClock()
        let start = clock.now
        defer {
            let seconds = BenchTiming.seconds(clock.now - start)
            let onMain = Thread.isMainThread
            lock.lock()
            if onMain { waitedSeconds += seconds } else { aheadSeconds += seconds }
            lock.unlock()
        }
        return try source.picture(at: sourceTime)
    }

    /// Seconds inside the source on other threads (decoding ahead) and on the main thread (the renderer waiting); then zeroed.
    func take() -> (ahead: Double, waited: Double) {
        lock.lock()
        defer {
            (aheadSeconds, waitedSeconds) = (0, 0)
            lock.unlock()
        }
        return (aheadSeconds, waitedSeconds)
    }
}
