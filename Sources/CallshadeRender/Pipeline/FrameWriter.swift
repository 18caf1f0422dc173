import CallshadeCore
import Dispatch
import Foundation

/// Writes frames to a sink on its own thread, so the next frame renders while
/// the last one goes to disk, a pipe or ffmpeg. At most `depth` frames wait,
/// so memory stays bounded whatever the length of the render. RGBA frames
/// for a sink that takes I420 are converted here, on the writer's thread,
/// when the pipeline asks for it.
final class FrameWriter: @unchecked Sendable {
    private let sink: FrameSink
    /// Whether RGBA frames are converted to I420 before the sink gets them.
    private let convertsToYUV: Bool
    /// The cores its conversion to I420 is split over, asked of the system once.
    private let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
    private let queue = DispatchQueue(label: "callshade.frame-writer")
    /// Every queued frame, until written.
    private let pending = DispatchGroup()
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private var failure: Error?
    /// I420 buffers the writer is done with, for the next frames (at most `depth` + 1).
    private var spare: [[UInt8]] = []

    init(_ sink: FrameSink, convertsToYUV: Bool, depth: Int) {
        self.sink = sink
        self.convertsToYUV = convertsToYUV
        slots = DispatchSemaphore(value: max(depth, 1))
    }

    /// Queues a frame; throws the error of an earlier write, if one failed.
    func submit(_ frame: RenderedFrame, index: Int) throws {
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
    func reusableBuffer() -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        return spare.popLast() ?? []
    }

    private func giveBack(_ planes: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        if spare.count < 3 { spare.append(planes) }
    }

    private func converted(_ frame: RenderedFrame) throws -> RenderedFrame {
        guard convertsToYUV, case .rgba(let image) = frame else { return frame }
        var planes = reusableBuffer()
        try YUV420.convertFast(image, into: &planes, cores: cores)
        return .yuv420p(planes)
    }

    /// Waits for every queued frame, then finishes the sink.
    func finish() throws {
        queue.sync {}
        try rethrow()
        try sink.finish()
    }

    /// Abandons the sink first (a child it feeds is killed, so a writer
    /// blocked on it returns), then waits for the writer, at most `seconds`:
    /// one blocked on a consumer that stopped reading is left to end with
    /// the process.
    func abandon(waitingAtMost seconds: Double = 2) {
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
