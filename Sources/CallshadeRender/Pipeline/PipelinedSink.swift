import CallshadeCore
import Dispatch
import Foundation

/// Writes frames to a sink on its own thread, so the next frame renders while
/// the last one goes to disk, a pipe or ffmpeg. At most `depth` frames wait,
/// so memory stays bounded whatever the length of the render.
public final class PipelinedSink: @unchecked Sendable {
    private let sink: FrameSink
    private let queue = DispatchQueue(label: "callshade.frame-writer")
    /// Every queued frame, until written.
    private let pending = DispatchGroup()
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private var failure: Error?
    /// I420 buffers the writer is done with, for the next frames (at most `depth` + 1).
    private var spare: [[UInt8]] = []

    public init(_ sink: FrameSink, depth: Int = 2) {
        self.sink = sink
        slots = DispatchSemaphore(value: max(depth, 1))
    }

    public var layout: PixelFormat { sink.layout }

    /// Queues a frame; throws the error of an earlier write, if one failed.
    public func submit(_ frame: RenderedFrame, index: Int) throws {
        try rethrow()
        slots.wait()
        pending.enter()
        queue.async { [self] in
            if firstFailure == nil {
                do {
                    let written = try converted(frame)
                    try sink.write(written, index: index)
                    if case .yuv420p(let planes) = written { giveBack(planes) }
                } catch {
                    record(error)
                }
            }
            slots.signal()
            pending.leave()
        }
    }

    /// A buffer for the next I420 frame: one the writer is done with, when
    /// there is one (its pages are already mapped), else an empty one.
    public func reusableBuffer() -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return spare.popLast() ?? []
    }

    private func giveBack(_ planes: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        if spare.count < 3 { spare.append(planes) }
    }

    /// RGBA for a sink that takes I420 is converted here, on the writer's thread.
    private func converted(_ frame: RenderedFrame) throws -> RenderedFrame {
        guard sink.layout == .yuv420p, case .rgba(let image) = frame else { return frame }
        var planes = reusableBuffer()
        try YUV420.convertFast(image, into: &planes)
        return .yuv420p(planes)
    }

    /// Waits for every queued frame, then finishes the sink.
    public func finish() throws {
        queue.sync {}
        try rethrow()
        try sink.finish()
    }

    /// Abandons the sink first (a child it feeds is killed, so a writer
    /// blocked on it returns), then waits for the writer, at most `seconds`:
    /// one blocked on a consumer that stopped reading is left to end with
    /// the process.
    public func abandon(waitingAtMost seconds: Double = 2) {
        sink.abandon()
        _ = pending.wait(timeout: .now() + seconds)
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
