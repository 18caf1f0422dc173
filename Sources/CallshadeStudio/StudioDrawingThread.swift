import Foundation

/// The studio's one drawing thread: the GL context is made and used there
/// (an EGL context is current on one thread), so every frame and every
/// reload runs on it, one at a time, off the server's threads. Frames are
/// newest-wins: a frame asked for while another still waits replaces it
/// (the one replaced is told so at once), so a fast scrub never queues
/// hundreds of renders; other work (reloads) runs in order, before any frame.
final class StudioDrawingThread: @unchecked Sendable {
    typealias Work = @Sendable () -> Void

    private let condition = NSCondition()
    private var waitingFrame: (work: Work, replaced: Work)?
    private var queue: [(work: Work, dropped: Work)] = []
    private var stopped = false

    init() {
        let thread = Thread { [self] in loop() }
        thread.name = "callshade.studio.drawing"
        thread.start()
    }

    /// Runs `work` on the thread when it is free, unless a newer frame comes
    /// first or the thread stops: then `replaced` runs instead (on the caller's thread).
    func submitFrame(_ work: @escaping Work, replaced: @escaping Work) {
        condition.lock()
        guard !stopped else {
            condition.unlock()
            replaced()
            return
        }
        let previous = waitingFrame
        waitingFrame = (work, replaced)
        condition.signal()
        condition.unlock()
        previous?.replaced()
    }

    /// Runs `work` on the thread, after the work already queued; `dropped` instead if the thread stops first.
    func submit(_ work: @escaping Work, dropped: @escaping Work = {}) {
        condition.lock()
        guard !stopped else {
            condition.unlock()
            dropped()
            return
        }
        queue.append((work, dropped))
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread once the work it is doing is done; what still waits
    /// is dropped (a frame is told it was replaced), and so is what comes later.
    func stop() {
        condition.lock()
        stopped = true
        let frame = waitingFrame
        let queued = queue
        waitingFrame = nil
        queue.removeAll()
        condition.signal()
        condition.unlock()
        frame?.replaced()
        queued.forEach { $0.dropped() }
    }

    private func loop() {
        while true {
            condition.lock()
            while !stopped, queue.isEmpty, waitingFrame == nil { condition.wait() }
            if stopped {
                condition.unlock()
                return
            }
            let work: Work
            if !queue.isEmpty {
                work = queue.removeFirst().work
            } else if let frame = waitingFrame {
                work = frame.work
                waitingFrame = nil
            } else {
                condition.unlock()
                continue
            }
            condition.unlock()
            work()
        }
    }
}
