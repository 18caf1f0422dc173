@testable import CallshadeStudio
@testable import callshade
import Foundation
import XCTest

/// The studio's drawing thread: one piece of work at a time, queued work in
/// order before frames, and the newest frame winning over those still waiting.
final class StudioDrawingThreadTests: XCTestCase {
    /// What ran, in order, from any thread.
    private final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String] = []
        func add(_ entry: String) { lock.withLock { entries.append(entry) } }
        var all: [String] { lock.withLock { entries } }
    }

    func testTheNewestFrameWinsAndQueuedWorkGoesFirst() {
        let thread = StudioDrawingThread()
        defer { thread.stop() }
        let log = Log()
        let busy = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        // The thread is held busy while the rest is submitted.
        thread.submit {
            busy.signal()
            release.wait()
            log.add("busy")
        }
        busy.wait()
        for number in 1...5 {
            thread.submitFrame({ log.add("frame \(number)") }, replaced: { log.add("replaced \(number)") })
        }
        thread.submit { log.add("reload") }
        thread.submitFrame({
            log.add("frame 6")
            finished.signal()
        }, replaced: { log.add("replaced 6") })
        // Frames 1 to 5 were replaced as each newer one came, before the thread was free.
        XCTAssertEqual(log.all, ["replaced 1", "replaced 2", "replaced 3", "replaced 4", "replaced 5"])
        release.signal()
        finished.wait()
        XCTAssertEqual(log.all, ["replaced 1", "replaced 2", "replaced 3", "replaced 4", "replaced 5", "busy", "reload", "frame 6"])
    }

    func testAStoppedThreadDropsWhatWaitsAndWhatComesLater() {
        let thread = StudioDrawingThread()
        let log = Log()
        let busy = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        thread.submit {
            busy.signal()
            release.wait()
        }
        busy.wait()
        thread.submitFrame({ log.add("drawn") }, replaced: { log.add("replaced") })
        thread.submit({ log.add("reloaded") }, dropped: { log.add("reload dropped") })
        thread.stop()
        release.signal()
        XCTAssertEqual(log.all, ["replaced", "reload dropped"])
        // Work that comes after the stop is dropped at once, not left waiting.
        thread.submitFrame({ log.add("drawn later") }, replaced: { log.add("replaced later") })
        thread.submit({ log.add("reloaded later") }, dropped: { log.add("reload dropped later") })
        XCTAssertEqual(log.all, ["replaced", "reload dropped", "replaced later", "reload dropped later"])
    }
}
