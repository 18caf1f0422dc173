import CallshadeCore
import CallshadeRender
import Dispatch
import Foundation

/// Decodes a video call's pictures ahead of the renderer, on a thread of
/// its own: told the instant of a frame still to come, it fetches that
/// frame's pictures from their sources, which keep the last few decoded
/// (`VideoSource.picturesKept`), so that when the renderer asks for them
/// they are ready and it does not wait for the decoder.
///
/// It changes no picture: a source gives the same bytes for a source time
/// however and in whatever order it is asked. Its failures are left for
/// the renderer's own fetch to meet and throw. At most `depth` frames are
/// asked for ahead; a request beyond that is dropped (the renderer then
/// decodes that frame itself), so the decoded pictures it holds stay few.
public final class DecodeAhead: @unchecked Sendable {
    private let pictures: CallVideoPictures
    private let depth: Int
    private let queue = DispatchQueue(label: "callshade.decode-ahead", qos: .userInitiated)
    /// Requests queued or running (guarded by `lock`).
    private var waiting = 0
    private let lock = NSLock()
    private let idle = DispatchGroup()

    public init(pictures: CallVideoPictures, depth: Int = 2) {
        self.pictures = pictures
        self.depth = max(depth, 1)
    }

    /// Starts fetching the pictures of the frame at `time`, unless `depth` requests are waiting already.
    public func request(_ time: Double) {
        let keys = pictures.wanted(at: time)
        guard !keys.isEmpty else { return }
        lock.lock()
        guard waiting < depth else {
            lock.unlock()
            return
        }
        waiting += 1
        lock.unlock()
        idle.enter()
        queue.async { [self] in
            for key in keys {
                guard let source = key.feed == .remote ? pictures.remote : pictures.local else { continue }
                // A failure is the renderer's to throw, when it asks for this picture itself.
                _ = try? source.picture(at: key.sourceTime)
            }
            lock.lock()
            waiting -= 1
            lock.unlock()
            idle.leave()
        }
    }

    /// Waits until nothing is being fetched (a render that ends waits for its last request).
    public func waitUntilIdle() {
        idle.wait()
    }
}
