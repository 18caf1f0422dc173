import CallshadeCore
import Dispatch
import Foundation

/// Writes frames to a sink on its own thread, so the next frame renders while
/// the last one goes to disk, a pipe or ffmpeg. At most `depth` frames wait,
/// so memory stays bounded whatever the length of the render.
final class PipelinedSink: @unchecked Sendable {
    private let sink: FrameSink
    private let queue = DispatchQueue(label: "callshade.frame-writer")
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private var failure: Error?

    init(_ sink: FrameSink, depth: Int = 2) {
        self.sink = sink
        slots = DispatchSemaphore(value: max(depth, 1))
    }

    var layout: FrameLayout { sink.layout }

    /// Queues a frame; throws the error of an earlier write, if one failed.
    func submit(_ frame: RenderedFrame, index: Int) throws {
        try rethrow()
        slots.wait()
        queue.async { [self] in
            if firstFailure == nil {
                do { try sink.write(try converted(frame), index: index) } catch { record(error) }
            }
            slots.signal()
        }
    }

    /// RGBA for a sink that takes I420 is converted here, on the writer's thread.
    private func converted(_ frame: RenderedFrame) throws -> RenderedFrame {
        guard sink.layout == .yuv420p, case .rgba(let image) = frame else { return frame }
        var planes: [UInt8] = []
        try YUV420.convertFast(image, into: &planes)
        return .yuv420p(planes)
    }

    /// Waits for every queued frame, then finishes the sink.
    func finish() throws {
        queue.sync {}
        try rethrow()
        try sink.finish()
    }

    /// Waits for the writer to stop, then abandons the sink.
    func abandon() {
        queue.sync {}
        sink.abandon()
    }

    private var firstFailure: Error? {
        lock.lock()
        defer { lock.unlock() }
        return failure
    }

    private func record(_ error: Error) {
        lock.lock()
        defer { lock.unlock() }
        if failure == nil { failure = error }
    }

    private func rethrow() throws {
        if let failure = firstFailure { throw failure }
    }
}
